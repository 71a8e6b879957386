// Runs the conformance suites through vitest's Node API and turns what they found into the
// certificate: certification.json, certification.html, junit.xml, records.json (what a merge of
// shards needs), allure-results/ and a console summary. Every run ends with its certificate:
// at the run budget (run.maxDurationSeconds) the requirements not yet run are "not run"; on an
// abort (SIGINT/SIGTERM) the certificate holds what the run had, verdict "interrupted".
// The suites run in ONE worker process, so one client and one scheduler pace every request.
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { prefixOf, requirements } from '../contract/requirements.ts';
import type { Requirement } from '../core/types.ts';
import { certify, exitCodeOf } from '../reports/certify.ts';
import type { RunPlan, StoppedBy } from '../reports/model.ts';
import { showQuota } from '../core/quota.ts';
import { CollectorReporter } from '../reports/records/collector.ts';
import { annotateAllureResults } from '../reports/render/allure-results.ts';
import { consoleSummary, inertForTerminal } from '../reports/render/console.ts';
import { loadScriptOf, RATE_LIMIT_FILE, readRateLimit } from '../reports/records/rate-limit.ts';
import { RECORDS_FORMAT, runFacts, type RecordedFacts, type RunRecords } from '../reports/records/records.ts';
import { scrubber } from '../reports/scrub.ts';
import { writeReports } from '../reports/write.ts';
import { crashedOf, joinParts, partSummaries } from '../reports/records/parts.ts';
import { holdIfSwitched } from './control/hold-switch.ts';
import { ConfigError } from '../config/load.ts';
import { rerunsTest, sameTarget } from './phases/checkpoint.ts';
import { preflight } from './phases/preflight/preflight.ts';
import type { PreflightResult } from './phases/preflight/types.ts';
import type { SuiteContext, WorkerProgress } from '../runtime/protocol.ts';
import { ProgressLine } from './progress/progress-line.ts';
import { pacingLine } from './progress/pacing-line.ts';
import { planLines, planRun } from './phases/plan/plan.ts';
import { declaredProperties } from './phases/plan/costs.ts';
import { replayPlan } from './phases/plan/replay-plan.ts';
import { knownLimits, quotasOf, startPacedAt } from './phases/plan/limits.ts';
import { testsDeadline } from './control/budget.ts';
import { slotsBusy } from './progress/slots-busy.ts';
import { discardEarly } from './phases/early-start.ts';
import { ROOT, runPass, startEarly } from './phases/pass.ts';
import type { RunOptions, RunResult } from './options.ts';
import { runScope } from '../reports/scope.ts';
import { servedConfig } from '../config/operations.ts';

export { ROOT };

/** A run nonce: 8 hex digits, new for each run. */
export function newNonce(): string {
  return randomBytes(4).toString('hex');
}

export function suiteVersion(): string {
  return (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

const SUITES: Requirement['suite'][] = ['envelope-auth', 'order-status', 'customer', 'report', 'index-operations', 'rate-limit'];

/** Suites selected by `--only` prefixes (ENV, AUTH, VER, ST, OS, CU, RP, RL). */
export function selectSuites(only: string[] | undefined, withLoad: boolean): Set<Requirement['suite']> {
  const wanted = only?.map((p) => p.toUpperCase());
  const suites = new Set(requirements.filter((r) => !wanted || wanted.includes(prefixOf(r.id))).map((r) => r.suite));
  if (!withLoad) suites.delete('rate-limit');
  return new Set(SUITES.filter((s) => suites.has(s)));
}

export async function runConformance(o: RunOptions): Promise<RunResult> {
  const log = o.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const started = Date.now();
  const wrongTarget = o.resume && sameTarget(o.resume, o.config.target, !o.invocation?.config);
  if (wrongTarget) throw new ConfigError([`--resume: ${wrongTarget}`]);
  const seed = o.seed ?? o.config.properties.seed ?? randomInt(0, 2 ** 31 - 1);
  const nonce = o.nonce ?? newNonce();
  const numRuns = o.numRuns ?? o.config.properties.numRuns;
  const suites = o.replay
    ? new Set([o.replay.file.split('/')[1] as Requirement['suite']])
    : o.resume
      ? new Set(SUITES.filter((s) => o.resume!.suites.has(s)))
      : selectSuites(o.only, o.withLoad ?? false);
  const scrub = scrubber([o.config.target.token, o.config.target.secondToken]);
  mkdirSync(o.out, { recursive: true });
  const logFile = path.join(o.out, 'vitest.log');
  const vitestLog: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      vitestLog.push(String(chunk));
      done();
    },
  });
  // The budget holds the certificate too: the tests stop a little before it (engine/control/budget.ts).
  const deadline = testsDeadline(started, o.config.run.maxDurationSeconds);
  let stoppedBy: StoppedBy | undefined;

  const collector = new CollectorReporter(ROOT, (line) => progress.above(line, log), [...suites]);
  const progress = new ProgressLine(o.progress ?? 'quiet', o.progressStream ?? process.stderr, started, deadline);
  const allureDir = path.join(o.out, 'allure-results');
  if (o.allure !== false && !o.resume) rmSync(allureDir, { recursive: true, force: true });
  const properties = declaredProperties(suites);
  const provide: SuiteContext = {
    config: o.config,
    seed,
    nonce,
    numRuns,
    concurrency: o.config.run.concurrency,
    deadline,
    outDir: o.out,
    ...(o.replay ? { replay: o.replay } : {}),
    // The properties the selected suites' tests declare (the plan's cost table): shares of run.maxRequests.
    properties: properties.total,
    propertiesOf: properties.byTest,
  };
  if (o.resume)
    log(
      `resuming ${o.resume.dir}: ${o.resume.undecided.length} requirement(s) not yet verified, ${o.resume.rerun.size} test(s) to run again${suites.size ? '' : ' (nothing: the run had ended)'}`,
    );
  log(
    o.replay
      ? `replaying one property of ${o.replay.file} against ${o.config.target.name} (${o.config.target.baseUrl}), seed ${seed}, nonce ${nonce}, path ${o.replay.path}`
      : `running ${[...suites].join(', ')} against ${o.config.target.name} (${o.config.target.baseUrl}), seed ${seed}, nonce ${nonce}, ${numRuns} runs per property, ${o.config.run.concurrency} requests in flight`,
  );
  // Two passes: the functional suites, then the rate-limit suite alone, so the probe measures the
  // quota without the functional suites spending it (and they are not throttled by the probe).
  const passes = [[...suites].filter((x) => x !== 'rate-limit'), suites.has('rate-limit') ? ['rate-limit'] : []].filter((p) => p.length > 0);
  let worker: WorkerProgress = { requests: 0, responses429: 0, waitedMs: 0 };
  let checked: PreflightResult | undefined;
  // The first pass's worker starts while the preflight runs (engine/phases/early-start.ts); not under
  // stated quotas, where the plan often finds an operation scarce (that pass is created otherwise).
  const runsPreflight = o.preflight !== false && !o.replay && !o.signal?.aborted;
  const startsEarly = runsPreflight && !o.shard && !o.config.run.rateLimit && passes[0] !== undefined && !passes[0].includes('rate-limit');
  const early = startsEarly ? startEarly(passes[0]!, o, provide, collector, progress.heard, sink, allureDir) : undefined;
  if (runsPreflight) {
    // An interrupt does not wait for the preflight's answers (a target that does not answer).
    checked = await untilAborted(preflight(o.config), o.signal);
    for (const p of checked?.problems ?? []) log(scrub(inertForTerminal(`preflight: ${p.key}: ${p.problem}`)));
    // Notes that weaken the run (no read-back, no parallel pool ...) are said on the console too.
    for (const n of checked?.notes ?? []) log(scrub(inertForTerminal(`preflight note: ${n}`)));
    if (checked?.customer) provide.preflightCustomer = checked.customer;
    if (checked?.cities) provide.listedCities = checked.cities;
    // Operations the target does not serve are out of scope: the plan does not count them, the
    // suites do not send them (config/operations.ts servedConfig), the certificate says why.
    if (checked?.notServed) {
      provide.config = servedConfig(o.config, checked.notServed);
      provide.notServed = checked.notServed;
    }
    if (checked?.operations && Object.keys(checked.operations).length) provide.preflightOperations = checked.operations;
  }
  // The plan, said before the suites send (engine/phases/plan/plan.ts): property runs sized to it.
  // What is known of the target's limits before sending: stated, an earlier probe's, the preflight's.
  const known = knownLimits(o.config, {
    probeFile: o.limitsFrom ?? o.out,
    ...(checked?.learnt ? { learnt: checked.learnt } : {}),
    ...(checked?.met429 ? { met429: checked.met429 } : {}),
    now: Date.now(),
  });
  const plan = planRun(provide.config, numRuns, quotasOf(known.limits), (Date.now() - started) / 1000, suites);
  // A replay sends one input of one property: its plan counts that, not the suites' (replay-plan.ts).
  const replayed = o.replay ? replayPlan(o.replay) : undefined;
  const planned = replayed ? replayed.lines : planLines(plan, numRuns, known);
  const startPaced = startPacedAt(known.limits);
  if (startPaced.length) provide.startPaced = startPaced;
  for (const line of planned) log(line);
  if (!o.replay) provide.numRuns = Math.min(numRuns, plan.numRuns);
  // Scarce operations: their tests sized down, MUSTs first (a resumed or replayed run, whose tests
  // are a selection, does not wait for tests it does not run).
  if (plan.scarce.length) provide.scarce = plan.scarce;
  if (plan.scarce.length && !o.replay) provide.runsBySuite = plan.runsBySuite;
  if (plan.mustsFirst.length && !o.resume && !o.replay && !o.shard) provide.mustsFirst = plan.mustsFirst;
  // Tests the plan cannot give their requests are "not run" with its reason (a resumed, replayed or
  // sharded run runs a selection the plan of the whole does not describe).
  if (Object.keys(plan.notPlanned).length && !o.resume && !o.replay && !o.shard) provide.notPlanned = plan.notPlanned;
  const stopHere = (checked?.problems.length ?? 0) > 0;
  // The early worker was started for a plan without scarce operations (its maxConcurrency).
  const useEarly = early && !stopHere && !o.signal?.aborted && !provide.scarce ? early : undefined;
  if (early && !useEarly) await discardEarly(early, o.allure !== false && !o.resume ? allureDir : undefined);
  progress.start(collector);
  try {
    for (const [i, pass] of (stopHere ? [] : passes).entries()) {
      if (stoppedBy || o.signal?.aborted) break;
      if (pass.includes('rate-limit')) await o.beforeRateLimitPass?.();
      stoppedBy = await runPass(pass, o, provide, collector, progress.heard, sink, allureDir, deadline, i === 0 ? useEarly : undefined);
    }
  } finally {
    // Not used after all (an interrupt just before its pass): closed like one the plan did not want.
    if (useEarly && !useEarly.used) await discardEarly(useEarly, o.allure !== false && !o.resume ? allureDir : undefined);
    worker = progress.stop();
  }
  const slots = slotsBusy(started, Date.now(), checked?.inFlightMs ?? 0, worker);
  if (!stoppedBy && o.signal?.aborted) stoppedBy = 'interrupted';
  // The request budget (run.maxRequests) stops the tests inside the worker: they say so.
  stoppedBy ??= collector.collected.tests.map((t) => t.record?.stoppedBy).find((s) => s !== undefined);
  if (o.signal?.aborted) await holdIfSwitched((line) => process.stderr.write(`${line}\n`));

  const written = await writeRun(o, {
    started,
    seed,
    nonce,
    numRuns,
    suites,
    stoppedBy,
    worker,
    checked,
    plan: replayed
      ? { lines: planned, operations: replayed.operations, requirements: [] }
      : {
          lines: planned,
          operations: plan.operations.map(({ quota, ...o }) => ({ ...o, ...(quota ? { quota: showQuota(quota) } : {}) })),
          requirements: plan.requirements,
        },
    scrub,
    collector,
    allureDir,
    logFile,
    vitestLog,
    log,
  });
  return { ...written, slots, exitCode: exitCodeOf(written.certification.verdict, o.abortedBy?.()) };
}

/** Resolves as `work`, or with undefined as soon as `signal` aborts. */
async function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
  if (!signal) return work;
  if (signal.aborted) return undefined;
  let onAbort = () => {};
  const aborted = new Promise<undefined>((resolve) => signal.addEventListener('abort', (onAbort = () => resolve(undefined)), { once: true }));
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

interface Ending {
  started: number;
  seed: number;
  nonce: string;
  numRuns: number;
  suites: Set<Requirement['suite']>;
  stoppedBy: StoppedBy | undefined;
  worker: WorkerProgress;
  checked: PreflightResult | undefined;
  plan: RunPlan;
  scrub: (t: string) => string;
  collector: CollectorReporter;
  allureDir: string;
  logFile: string;
  vitestLog: string[];
  log: (line: string) => void;
}

/**
 * Certifies what the run collected and writes the reports. A signal that comes while they are
 * written still makes the run interrupted: they are written again with that verdict.
 */
async function writeRun(o: RunOptions, e: Ending): Promise<Omit<RunResult, 'exitCode' | 'slots'>> {
  let result = writeOnce(o, e);
  await new Promise((resolve) => setImmediate(resolve)); // a signal that came meanwhile is handled now
  if (o.signal?.aborted && e.stoppedBy !== 'interrupted') result = writeOnce(o, { ...e, stoppedBy: 'interrupted' });
  e.log(e.scrub(consoleSummary(result.certification, e.scrub)));
  // A run cut short (a budget, a signal) or whose suite worker died left requirements not run: a
  // resumed run verifies those only (engine/phases/checkpoint.ts), whatever cut them.
  if (result.certification.stoppedBy || e.collector.collected.crashes?.length)
    e.log(`to go on with what is not yet verified: erp-conformance run --resume ${o.out}`);
  return result;
}

function writeOnce(o: RunOptions, e: Ending): Omit<RunResult, 'exitCode' | 'slots'> {
  const { started, seed, nonce, numRuns, suites, stoppedBy, worker, checked, plan, scrub, collector, allureDir, logFile, vitestLog } = e;
  const facts: RecordedFacts = {
    target: { name: o.config.target.name, baseUrl: o.config.target.baseUrl },
    suiteVersion: suiteVersion(),
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    seed,
    nonce,
    numRuns,
    suites: [...suites],
    selection: o.replay ? [`replay of ${o.replay.test}`] : (o.only ?? null),
    ...(o.replay ? { replay: o.replay } : {}),
    withLoad: o.withLoad ?? false,
    ...(stoppedBy ? { stoppedBy } : {}),
    ...(o.invocation ? { invocation: o.invocation } : {}),
    pacing: pacingLine(o.config.run, worker),
    ...(checked ? { preflight: { problems: checked.problems, notes: checked.notes, requests: checked.requests } } : {}),
    plan,
    scope: runScope(o.config, checked?.notServed),
  };
  const collected = collector.final();
  const own: RunRecords = { format: RECORDS_FORMAT, shard: o.shard ?? null, facts, collected };
  // A resumed run: this part joins the parts before it (what it re-ran replaces what they left).
  const part = {
    startedAt: facts.startedAt,
    durationMs: facts.durationMs,
    requests: worker.requests + (checked?.requests ?? 0),
    ...(stoppedBy ? { stoppedBy } : {}),
    ...crashedOf(own),
  };
  const records = o.resume
    ? joinParts(o.resume.previous, own, (t) => rerunsTest(o.resume!, t), { index: (o.resume.previous.parts?.length ?? 1) + 1, ...part })
    : own;
  const certification = certify(records.collected, runFacts(records.facts, o.shard ?? null));
  const parts = partSummaries(records, certification);
  if (parts) certification.parts = parts;
  // A rate-limit.json older than this run was left by an earlier one: not this run's measurement.
  const notBefore = o.resume ? Date.parse(o.resume.previous.facts.startedAt) : started;
  const rateLimit = readRateLimit(o.out, notBefore);
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
  return { certification, files };
}
