// The certificate phase's writing: what the run collected, certified, and the reports written:
// certification.json, certification.html, junit.xml, records.json (what a merge of shards and a
// resume need), allure-results/ annotated, vitest.log, exchanges.har (joined first, once: the
// certificate links each requirement to its entries) and the console summary. A resumed run's
// records join the parts before it. A signal that comes while they are written makes the run
// interrupted: they are written again with that verdict.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { certify } from '../../reports/certify.ts';
import { workerFigures } from '../../reports/figures.ts';
import type { StoppedBy } from '../../reports/model.ts';
import { consoleSummary } from '../../reports/render/console.ts';
import { annotateAllureResults } from '../../reports/render/allure-results.ts';
import { loadScriptOf, RATE_LIMIT_FILE, readRateLimit } from '../../reports/records/rate-limit.ts';
import { RECORDS_FORMAT, runFacts, type RecordedFacts, type RunRecords } from '../../reports/records/records.ts';
import { crashedOf, joinParts, partSummaries } from '../../reports/records/parts.ts';
import { runScope } from '../../reports/scope.ts';
import { writeReports } from '../../reports/write.ts';
import { writeBundle } from '../../reports/bundle/attestation.ts';
import { configSha256 } from '../../reports/bundle/manifest-file.ts';
import { sinceBaseline } from '../../reports/compare/baseline.ts';
import { HAR_FILE, mergeHarParts, type HarMerged } from '../../reports/har/har-merge.ts';
import { withHarLinks } from '../../reports/har/har-links.ts';
import { replayOf, resumeOf, scopeOf, shardOf } from '../mode.ts';
import { pacingLine } from '../progress/pacing-line.ts';
import { certifiedLimits } from '../../reports/limits.ts';
import { quotaOfProbed } from '../../core/quota.ts';
import { rerunsTest } from './checkpoint.ts';
import { settingsOf } from './resume-scope.ts';
import type { RunContext } from './context.ts';
import { ROOT } from './pass.ts';

export function suiteVersion(): string {
  return (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

type Written = NonNullable<RunContext['result']>;

/** Certifies what the run collected and writes the reports (again, interrupted, after a signal meanwhile). */
export async function writeRun(ctx: RunContext): Promise<Written> {
  const { o, io } = ctx;
  // The HAR's parts joined once (reports/har/): a second writing (a signal meanwhile) keeps its links.
  const har = o.har === false ? undefined : mergeHarParts(o.out, io.scrub, suiteVersion());
  let result = writeOnce(ctx, ctx.stoppedBy, har);
  await new Promise((resolve) => setImmediate(resolve)); // a signal that came meanwhile is handled now
  if (o.signal?.aborted && ctx.stoppedBy !== 'interrupted') result = writeOnce(ctx, 'interrupted', har);
  io.log(io.scrub(consoleSummary(result.certification, io.scrub)));
  // A run cut short (a budget, a signal) or whose suite worker died left requirements not run: a
  // resumed run verifies those only (engine/phases/checkpoint.ts), whatever cut them.
  if (result.certification.stoppedBy || io.collector.collected.crashes?.length)
    io.log(`to go on with what is not yet verified: erp-conformance run --resume ${o.out}`);
  return result;
}

function writeOnce(ctx: RunContext, stoppedBy: StoppedBy | undefined, har: HarMerged | undefined): Written {
  const { o, mode, started, seed, nonce, numRuns, suites, worker, checked } = ctx;
  const { scrub, collector, allureDir, logFile, vitestLog } = ctx.io;
  const replay = replayOf(mode);
  const resume = resumeOf(mode);
  const shard = shardOf(mode) ?? null;
  const scope = scopeOf(mode, o);
  const counted = workerFigures(worker);
  // A rate-limit.json older than this run was left by an earlier one: not this run's measurement.
  const notBefore = resume ? Date.parse(resume.previous.facts.startedAt) : started;
  const rateLimit = readRateLimit(o.out, notBefore);
  const probe = rateLimit.kind === 'measured' ? { file: rateLimit.result, operation: quotaOfProbed(rateLimit.result.operation) } : undefined;
  const limits = certifiedLimits({ known: ctx.planned?.known ?? [], learnt: worker.learnt ?? [], ...(probe ? { probe } : {}) });
  const facts: RecordedFacts = {
    target: { name: o.config.target.name, baseUrl: o.config.target.baseUrl },
    suiteVersion: suiteVersion(),
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    seed,
    nonce,
    numRuns,
    suites: [...suites],
    selection: replay ? [`replay of ${replay.test}`] : (scope.only ?? null),
    ...(replay ? { replay } : {}),
    withLoad: scope.withLoad,
    ...(stoppedBy ? { stoppedBy } : {}),
    ...(o.invocation ? { invocation: o.invocation } : {}),
    pacing: pacingLine(o.config.run, worker),
    ...(limits.length ? { limits } : {}),
    figures: { ...counted, waited: 'wall time' },
    ...(checked ? { preflight: { problems: checked.problems, notes: checked.notes, requests: checked.requests } } : {}),
    plan: ctx.planned!.recorded,
    ...(ctx.provide.notPlanned ? { notPlanned: ctx.provide.notPlanned } : {}),
    scope: runScope(o.config, checked?.notServed),
    settings: settingsOf(o),
    ...(resume?.narrowed.length ? { narrowed: resume.narrowed } : {}),
  };
  const collected = collector.final();
  const own: RunRecords = { format: RECORDS_FORMAT, shard, facts, collected };
  // A resumed run: this part joins the parts before it (what it re-ran replaces what they left).
  const part = {
    startedAt: facts.startedAt,
    durationMs: facts.durationMs,
    requests: worker.requests + (checked?.requests ?? 0),
    figures: counted,
    ...(stoppedBy ? { stoppedBy } : {}),
    ...crashedOf(own),
  };
  const records = resume ? joinParts(resume.previous, own, (t) => rerunsTest(resume, t), { index: (resume.previous.parts?.length ?? 1) + 1, ...part }) : own;
  const certification = withHarLinks(certify(records.collected, runFacts(records.facts, shard)), har?.links);
  if (har) certification.har = { file: HAR_FILE, entries: har.entries, omitted: har.omitted };
  const parts = partSummaries(records, certification);
  if (parts) certification.parts = parts;
  certification.configSha256 = configSha256(o.config);
  if (o.baseline) certification.baseline = sinceBaseline(o.baseline, certification);
  const loadScript = loadScriptOf(o.out, notBefore);
  const written = writeReports(o.out, certification, { scrub, records, rateLimit, strict: o.strict ?? false });
  // Only what this run wrote (reports/manifest.ts): no allure-results/ when no suite ran, no empty log.
  const files = {
    ...written,
    records: written.records!,
    ...(o.allure !== false && existsSync(allureDir) ? { allure: allureDir } : {}),
    ...(vitestLog.length ? { log: logFile } : {}),
    ...(rateLimit.kind === 'measured' ? { rateLimit: path.join(o.out, RATE_LIMIT_FILE) } : {}),
    ...(loadScript ? { loadScript } : {}),
  };
  if (files.allure) annotateAllureResults(allureDir, certification);
  if (vitestLog.length) writeFileSync(logFile, scrub(vitestLog.join('')));
  else rmSync(logFile, { force: true });
  if (har && existsSync(har.file)) Object.assign(files, { har: har.file });
  // Last: the manifest of every file above (and the signed attestation of them), reports/bundle/.
  const bundle = writeBundle({
    out: o.out,
    written: Object.values(files),
    certification: { ...certification, verdictReason: scrub(certification.verdictReason) },
    records,
    config: o.config,
    ...(o.invocation?.config ? { configFile: o.invocation.config } : {}),
    ...(o.signKey ? { signKey: o.signKey } : {}),
  });
  return { certification, files: { ...files, ...bundle } };
}
