// Runs the conformance suites through vitest's Node API and turns what they found into the
// certificate: certification.json, certification.html, junit.xml, records.json (what a merge of
// shards needs), allure-results/ and a console summary. Every run ends with its certificate:
// at the run budget (run.maxDurationSeconds) the requirements not yet run are "not run"; on an
// abort (SIGINT/SIGTERM) the certificate holds what the run had, verdict "interrupted".
// The suites run in ONE worker process, so one client and one scheduler pace every request.
// The run is its mode (engine/mode.ts), decided once, and the loop over its phases
// (engine/phases/run-phases.ts) on one context; the result says which phases ran and why not.
import { randomBytes, randomInt } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { exitCodeOf } from '../reports/verdict.ts';
import { gatedExitCode } from '../reports/compare/baseline.ts';
import { CollectorReporter } from './phases/collector.ts';
import { scrubber } from '../reports/scrub.ts';
import { HAR_PARTS_DIR } from '../reports/har/har-part.ts';
import { HAR_FILE } from '../reports/har/har-merge.ts';
import { ConfigError } from '../config/load.ts';
import { unknownRequired } from '../contract/requirements.ts';
import { sameTarget } from './phases/checkpoint.ts';
import { ProgressLine } from './progress/progress-line.ts';
import { declaredProperties } from './phases/plan/costs.ts';
import { testsDeadline } from './control/budget.ts';
import { ROOT } from './phases/pass.ts';
import type { RunOptions, RunResult } from './options.ts';
import { resumeOf, runModeOf, scopeOf, suitesOf } from './mode.ts';
import { resumeLine } from './phases/resume-scope.ts';
import { closeOpened, type RunContext } from './phases/context.ts';
import { runPhases } from './phases/phase.ts';
import { RUN_PHASES } from './phases/run-phases.ts';
import { suiteContext, type SuiteGivens } from './phases/suite-context.ts';

export { ROOT };
export { selectSuites } from './mode.ts';
export { suiteVersion } from './phases/certificate.ts';

/** A run nonce: 8 hex digits, new for each run. */
export function newNonce(): string {
  return randomBytes(4).toString('hex');
}

export async function runConformance(o: RunOptions): Promise<RunResult> {
  const log = o.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const started = Date.now();
  const mode = runModeOf(o);
  const resume = resumeOf(mode);
  const wrongTarget = resume && sameTarget(resume, o.config.target, !o.invocation?.config);
  if (wrongTarget) throw new ConfigError([`--resume: ${wrongTarget}`]);
  const unknown = unknownRequired(o.config.certify);
  if (unknown.length > 0) throw new ConfigError(unknown);
  const scope = scopeOf(mode, o);
  const seed = scope.seed ?? o.config.properties.seed ?? randomInt(0, 2 ** 31 - 1);
  const nonce = o.nonce ?? newNonce();
  const numRuns = scope.numRuns ?? o.config.properties.numRuns;
  const suites = suitesOf(mode, scope.only, scope.withLoad);
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
  const collector = new CollectorReporter(ROOT, (line) => progress.above(line, log), [...suites]);
  const progress = new ProgressLine(o.progress ?? 'quiet', o.progressStream ?? process.stderr, started, deadline);
  const allureDir = path.join(o.out, 'allure-results');
  if (o.allure !== false && !resume) rmSync(allureDir, { recursive: true, force: true });
  // The HAR's parts of an earlier run (one that died before joining them) are not this run's.
  rmSync(path.join(o.out, HAR_PARTS_DIR), { recursive: true, force: true });
  rmSync(path.join(o.out, HAR_FILE), { force: true });
  const givens: SuiteGivens = {
    config: o.config,
    seed,
    nonce,
    numRuns,
    deadline,
    ...(o.testTimeLimitMs !== undefined ? { testTimeLimitMs: o.testTimeLimitMs } : {}),
    outDir: o.out,
    properties: declaredProperties(suites),
    ...(o.har === false ? { har: false } : {}),
  };
  const ctx: RunContext = {
    o,
    mode,
    started,
    seed,
    nonce,
    numRuns,
    suites,
    deadline,
    givens,
    io: { log, scrub, collector, progress, sink, vitestLog, logFile, allureDir },
    // Before the preflight: the givens alone (a worker started early gets the rest later).
    provide: suiteContext(givens, undefined, undefined, mode),
    worker: { requests: 0, responses429: 0, waitedMs: 0 },
    opened: [],
  };
  if (resume) log(resumeLine(resume, suites));
  log(
    mode.kind === 'replay'
      ? `replaying ${mode.replay.path !== undefined ? 'one property' : 'one test'} of ${mode.replay.file} against ${o.config.target.name} (${o.config.target.baseUrl}), seed ${seed}, nonce ${nonce}${mode.replay.path !== undefined ? `, path ${mode.replay.path}` : ''}`
      : `running ${[...suites].join(', ')} against ${o.config.target.name} (${o.config.target.baseUrl}), seed ${seed}, nonce ${nonce}, ${numRuns} runs per property, ${o.config.run.concurrency} requests in flight`,
  );
  // A phase that throws: what the phases before it opened is closed all the same.
  const phases = await runPhases(RUN_PHASES, ctx).finally(() => closeOpened(ctx));
  const written = ctx.result!;
  const exitCode = gatedExitCode(exitCodeOf(written.certification.verdict, o.abortedBy?.()), written.certification);
  return { ...written, slots: ctx.slots!, exitCode, phases };
}
