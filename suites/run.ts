// Runs the conformance suites through vitest's Node API and turns what they found into the
// certificate: certification.json, certification.html, junit.xml, records.json (what a merge of
// shards needs), allure-results/ and a console summary. Every run ends with its certificate:
// at the run budget (run.maxDurationSeconds) the requirements not yet run are "not run"; on an
// abort (SIGINT/SIGTERM) the certificate holds what the run had, verdict "interrupted".
// The suites run in ONE worker process, so one client and one scheduler pace every request.
import { randomInt } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createVitest } from 'vitest/node';
import type { RunConfig } from '../config/schema.ts';
import { prefixOf, requirements } from '../contract/requirements.ts';
import type { Requirement } from '../contract/types.ts';
import { certify, exitCodeOf, type Certification, type Invocation, type StoppedBy } from '../reports/certification.ts';
import { CollectorReporter } from '../reports/collector.ts';
import { annotateAllureResults } from '../reports/allure-results.ts';
import { consoleSummary, inertForTerminal } from '../reports/console.ts';
import { readRateLimit } from '../reports/rate-limit.ts';
import { RECORDS_FORMAT, runFacts, type RecordedFacts, type RunRecords, type Shard } from '../reports/records.ts';
import { scrubber } from '../reports/scrub.ts';
import { writeReports } from '../reports/write.ts';
import { preflight, type PreflightResult } from './preflight.ts';
import type { ReplayTarget, SuiteContext } from './support/context.ts';
import { ProgressLine, type ProgressMode } from './progress-line.ts';
import type { WorkerProgress } from './support/progress.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** After the run budget, how long running tests get to end before the run stops waiting for them. */
const GRACE_MS = 15_000;

export interface RunOptions {
  config: RunConfig;
  out: string;
  /** Requirement id prefixes (OS, CU ...) whose suites run; all when absent. */
  only?: string[];
  seed?: number;
  numRuns?: number;
  /** Where progress and the summary go (default: stdout). */
  log?: (line: string) => void;
  /** Suites that need --with-load (rate-limit) run only when true. */
  withLoad?: boolean;
  allure?: boolean;
  /** Called before the rate-limit pass (the embedded reference switches its limiter on here). */
  beforeRateLimitPass?: () => Promise<void> | void;
  /** Runs only this part of the suite files (vitest --shard); the certificate is then partial. */
  shard?: Shard;
  /** Replays one property failure alone. */
  replay?: ReplayTarget;
  /** Aborting ends the run; the certificate is written with verdict "interrupted". */
  signal?: AbortSignal;
  /** The signal that aborted the run (its exit code: 130 SIGINT, 143 SIGTERM). */
  abortedBy?: () => 'SIGINT' | 'SIGTERM' | undefined;
  /** Progress on `progressStream`: a live line on a terminal, plain lines in CI, or none. */
  progress?: ProgressMode;
  progressStream?: NodeJS.WriteStream;
  /** How the run was invoked, for replay lines. */
  invocation?: Invocation;
  /** Check the target and the fixtures before the suites (default true). */
  preflight?: boolean;
}

export interface RunResult {
  certification: Certification;
  exitCode: number;
  files: { certification: string; html: string; junit: string; records: string; allure?: string; log: string };
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

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The properties of the selected suites (their h.property call sites), among which a request budget is shared. */
function propertiesIn(suites: Set<Requirement['suite']>): number {
  let n = 0;
  for (const suite of suites) {
    const dir = path.join(ROOT, 'suites', suite);
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.test.ts'))) n += (readFileSync(path.join(dir, f), 'utf8').match(/h\.property\(/g) ?? []).length;
  }
  return n;
}

export async function runConformance(o: RunOptions): Promise<RunResult> {
  const log = o.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const started = Date.now();
  const seed = o.seed ?? o.config.properties.seed ?? randomInt(0, 2 ** 31 - 1);
  const numRuns = o.numRuns ?? o.config.properties.numRuns;
  const suites = o.replay ? new Set([o.replay.file.split('/')[1] as Requirement['suite']]) : selectSuites(o.only, o.withLoad ?? false);
  const scrub = scrubber([o.config.target.token, o.config.target.secondToken]);
  mkdirSync(o.out, { recursive: true });
  const logFile = path.join(o.out, 'vitest.log');
  const vitestLog: string[] = [];
  const sink = new Writable({ write(chunk, _enc, done) { vitestLog.push(String(chunk)); done(); } });
  const deadline = started + o.config.run.maxDurationSeconds * 1000;
  let stoppedBy: StoppedBy | undefined;

  const collector = new CollectorReporter(ROOT, (line) => progress.above(line, log), [...suites]);
  const progress = new ProgressLine(o.progress ?? 'quiet', o.progressStream ?? process.stderr, o.out, started, deadline);
  const allureDir = path.join(o.out, 'allure-results');
  if (o.allure !== false) rmSync(allureDir, { recursive: true, force: true });
  const provide: SuiteContext = {
    config: o.config, seed, numRuns, concurrency: o.config.run.concurrency, deadline, outDir: o.out, ...(o.replay ? { replay: o.replay } : {}),
    properties: propertiesIn(suites),
  };
  log(`running ${[...suites].join(', ')} against ${o.config.target.name} (${o.config.target.baseUrl}), seed ${seed}, ${numRuns} runs per property, ${o.config.run.concurrency} requests in flight`);
  // Two passes: the functional suites, then the rate-limit suite alone, so the probe measures the
  // quota without the functional suites spending it (and they are not throttled by the probe).
  const passes = [[...suites].filter((x) => x !== 'rate-limit'), suites.has('rate-limit') ? ['rate-limit'] : []].filter((p) => p.length > 0);
  let worker: WorkerProgress = { requests: 0, responses429: 0, waitedMs: 0 };
  let checked: PreflightResult | undefined;
  if (o.preflight !== false && !o.replay && !o.signal?.aborted) {
    checked = await preflight(o.config);
    for (const p of checked.problems) log(scrub(inertForTerminal(`preflight: ${p.key}: ${p.problem}`)));
  }
  const stopHere = (checked?.problems.length ?? 0) > 0;
  progress.start(collector);
  try {
    for (const pass of stopHere ? [] : passes) {
      if (stoppedBy) break;
      if (pass.includes('rate-limit')) await o.beforeRateLimitPass?.();
      stoppedBy = await runPass(pass, o, provide, collector, sink, allureDir, deadline);
    }
  } finally {
    worker = progress.stop();
  }
  if (!stoppedBy && o.signal?.aborted) stoppedBy = 'interrupted';

  const facts: RecordedFacts = {
    target: { name: o.config.target.name, baseUrl: o.config.target.baseUrl },
    suiteVersion: suiteVersion(),
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    seed,
    numRuns,
    suites: [...suites],
    selection: o.replay ? [`replay of ${o.replay.test}`] : (o.only ?? null),
    withLoad: o.withLoad ?? false,
    ...(stoppedBy ? { stoppedBy } : {}),
    ...(o.invocation ? { invocation: o.invocation } : {}),
    pacing: `${o.config.run.concurrency} requests in flight${o.config.run.rateLimit ? `, at most ${o.config.run.rateLimit}` : ''}; ${worker.pacing ?? 'no pacing needed'}${worker.responses429 ? `; ${worker.responses429} answers 429 (${(worker.waitedMs / 1000).toFixed(1)} s waited)` : ''}`,
    ...(checked ? { preflight: checked } : {}),
  };
  const certification = certify(collector.collected, runFacts(facts, o.shard ?? null));
  const records: RunRecords = { format: RECORDS_FORMAT, shard: o.shard ?? null, facts, collected: collector.collected };
  // A rate-limit.json older than this run was left by an earlier one: not this run's measurement.
  const written = writeReports(o.out, certification, { scrub, records, rateLimit: readRateLimit(o.out, started) });
  const files = { ...written, records: written.records!, log: logFile, ...(o.allure !== false ? { allure: allureDir } : {}) };
  if (o.allure !== false) annotateAllureResults(allureDir, certification);
  writeFileSync(logFile, scrub(vitestLog.join('')));
  log(scrub(consoleSummary(certification)));
  return { certification, exitCode: exitCodeOf(certification.verdict, o.abortedBy?.()), files };
}

const SIDE_BY_SIDE = 'suites/side-by-side.test.ts';

/**
 * The suite files of `pass` in two waves: first the files of the suites that change vouchers and
 * contacts or only send refused requests, then the report's, so no report request is in flight
 * while the run changes the target's data.
 */
function waves(pass: string[]): string[][] {
  const files = (suite: string) => readdirSync(path.join(ROOT, 'suites', suite), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts')).map((f) => `suites/${suite}/${f.split(path.sep).join('/')}`).sort();
  const first = pass.filter((x) => x !== 'report').flatMap(files);
  const second = pass.includes('report') ? files('report') : [];
  return [first, second].filter((w) => w.length > 0);
}

/** One vitest run of the suites of `pass`; says why it stopped early, if it did. */
async function runPass(pass: string[], o: RunOptions, provide: SuiteContext, collector: CollectorReporter, sink: Writable, allureDir: string, deadline: number): Promise<StoppedBy | undefined> {
  const previousExitCode = process.exitCode;
  // The functional suites load side by side (suites/side-by-side.test.ts); a replay, a shard (split
  // by file) and the rate-limit pass (alone by design) load their files one by one.
  const sideBySide = !o.replay && !o.shard && !pass.includes('rate-limit');
  const include = o.replay ? [o.replay.file] : sideBySide ? [SIDE_BY_SIDE] : pass.map((x) => `suites/${x}/**/*.test.ts`);
  const vitest = await createVitest('test', {
    root: ROOT,
    config: false,
    include,
    ...(o.replay ? { testNamePattern: `^${escapeRegExp(o.replay.test)}$` } : {}),
    // The lifecycle tests of order status share vouchers and live in one file: sharding by file keeps them together.
    ...(o.shard ? { shard: `${o.shard.index}/${o.shard.count}` } : {}),
    // allure-vitest's runtime, so the harness can label each test by requirement and attach its evidence.
    ...(o.allure !== false ? { setupFiles: ['allure-vitest/setup'] } : {}),
    watch: false,
    // One worker: one client and one scheduler pace every request of the run; the suite files run
    // side by side in it (two waves, suites/side-by-side.test.ts), their tests and property runs
    // concurrently, never more than run.concurrency requests in flight.
    pool: 'forks',
    maxWorkers: 1,
    // Bounded memory: answers of up to maxResponseBytes each arrive all run long; a heap kept small
    // is collected often, so garbage never piles up to gigabytes (what the run keeps is small).
    execArgv: ['--max-old-space-size=256', '--max-semi-space-size=4'],
    isolate: false,
    maxConcurrency: Math.max(8, o.config.run.concurrency * 2),
    passWithNoTests: true,
    testTimeout: 600_000,
    hookTimeout: 30_000,
    provide: { erp: provide, erpWaves: sideBySide ? waves(pass) : [] },
    reporters: [collector, ...(o.allure !== false ? [['allure-vitest/reporter', { resultsDir: allureDir, reportMatchers: false }] as [string, Record<string, unknown>]] : [])],
  }, {}, { stdout: sink, stderr: sink });
  let stopped: StoppedBy | undefined;
  let stoppedAt = 0;
  const cancel = (why: StoppedBy) => {
    if (stopped) return;
    stopped = why;
    stoppedAt = Date.now();
    void vitest.cancelCurrentRun(why === 'interrupted' ? 'keyboard-input' : 'test-failure');
  };
  const onAbort = () => cancel('interrupted');
  o.signal?.addEventListener('abort', onAbort);
  if (o.signal?.aborted) cancel('interrupted');
  const budget = setTimeout(() => cancel('budget'), Math.max(0, deadline - Date.now()));
  let check: NodeJS.Timeout | undefined;
  try {
    const run = vitest.start().catch(() => {});
    // Once stopped, running tests end at their next request; the run does not wait longer than
    // GRACE_MS for a test that does not end.
    const giveUp = new Promise<void>((resolve) => {
      check = setInterval(() => stopped && Date.now() - stoppedAt > GRACE_MS && resolve(), 250);
    });
    await Promise.race([run, giveUp]);
  } finally {
    clearInterval(check);
    clearTimeout(budget);
    o.signal?.removeEventListener('abort', onAbort);
    await Promise.race([vitest.close(), new Promise((r) => setTimeout(r, 5000).unref())]);
    process.exitCode = previousExitCode;
  }
  return stopped;
}
