// One vitest pass of the suites (engine/run.ts runs one or two): its vitest created with the
// run's context, started early during the preflight (engine/phases/early-start.ts) or when its turn
// comes, and stopped at the run budget, at an interrupt, or at enough failures.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createVitest, type Reporter, type Vitest } from 'vitest/node';
import type { StoppedBy } from '../../reports/model.ts';
import type { CollectorReporter } from './collector.ts';
import { gatedReporter, type EarlyStart } from './early-start.ts';
import { withoutVitestSignals } from '../control/interrupts.ts';
import { enoughFailures } from '../control/max-failures.ts';
import { moduleCacheOptions } from '../module-cache.ts';
import type { RunOptions } from '../options.ts';
import { LATE_KEYS, type SuiteContext, type WorkerProgress } from '../../runtime/protocol.ts';
import { hostChannel, type HostChannel } from './worker-channel.ts';
import { watchedForksPool, type WorkerExit } from './worker-exit.ts';

/** The package's folder (the suites' files are found from it). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** After the run budget, how long running tests get to end before the run stops waiting for them. */
const GRACE_MS = 15_000;
/** After SIGINT / SIGTERM: the certificate is written within a few seconds, whatever the tests still do. */
const INTERRUPT_GRACE_MS = 2_000;

const SIDE_BY_SIDE = 'runtime/side-by-side.test.ts';
/** The suite worker's heap cap (--max-old-space-size), in MB: a worker that reaches it dies, and the certificate says so. */
export const WORKER_HEAP_MB = 256;
/** A suite worker's V8 flags: the heap cap, an old generation that grows by 5% before it is collected, young semi-spaces of `semiSpaceMb`. */
const workerFlags = (semiSpaceMb: number, ...more: string[]) => [
  `--max-old-space-size=${WORKER_HEAP_MB}`,
  '--heap-growing-percent=5',
  `--max-semi-space-size=${semiSpaceMb}`,
  ...more,
];
/**
 * The suite worker's flags: 2 MB semi-spaces keep it within the process tree's 300 MB
 * (test/e2e/self-test/memory-tree), at about two thirds of the CPU it took with --optimize-for-size.
 */
const WORKER_FLAGS = workerFlags(2);
/**
 * A worker kept from run to run (RunOptions.keepWorker: the self-tests' runs in their own process,
 * never the CLI's) spends less CPU on collecting, for memory no user's run pays: 16 MB semi-spaces
 * (fewer scavenges, less copied) and the collector on the worker's own thread (no helper threads
 * beside the other processes of a busy machine). (docs/decisions.md, "The suite worker's V8
 * flags"; the CLI's tree is measured on WORKER_FLAGS.)
 */
const KEPT_WORKER_FLAGS = workerFlags(16, '--single-threaded-gc');

/**
 * The suite files of `pass` in two waves: first the files of the suites that change vouchers and
 * contacts or only send refused requests, then the report's, so no report request is in flight
 * while the run changes the target's data.
 */
function waves(pass: string[], scarce: string[] | undefined): string[][] {
  const files = (suite: string) =>
    readdirSync(path.join(ROOT, 'suites', suite), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => `suites/${suite}/${f.split(path.sep).join('/')}`)
      .sort();
  const first = pass.filter((x) => x !== 'report').flatMap(files);
  const second = pass.includes('report') ? files('report') : [];
  // Where the report quota is scarce its suite is the run's longest: it starts at once, beside
  // the others (their requests do not count against its quota), never after them.
  if (scarce?.includes('report')) return [[...second, ...first]].filter((w) => w.length > 0);
  return [first, second].filter((w) => w.length > 0);
}

/** The vitest of one pass, created (its run not yet started). */
async function createPass(
  pass: string[],
  o: RunOptions,
  provide: SuiteContext,
  reporter: Reporter,
  sink: Writable,
  allureDir: string,
  died: (exit: WorkerExit) => void,
  channel: HostChannel,
  late = false,
): Promise<Vitest> {
  // The functional suites load side by side (runtime/side-by-side.test.ts); a replay, a shard (split
  // by file) and the rate-limit pass (alone by design) load their files one by one.
  const sideBySide = !o.replay && !o.shard && !pass.includes('rate-limit');
  // A worker kept from run to run serves side-by-side passes only (see the pool below).
  const kept = o.keepWorker === true && sideBySide;
  const include = o.replay ? [o.replay.file] : sideBySide ? [SIDE_BY_SIDE] : pass.map((x) => `suites/${x}/**/*.test.ts`);
  return withoutVitestSignals(() =>
    createVitest(
      'test',
      {
        root: ROOT,
        config: false,
        include,
        ...(o.replay ? { testNamePattern: `^${escapeRegExp(o.replay.test)}$` } : {}),
        // A resume's tests: the rate-limit pass's full names hold no suite file (engine/phases/checkpoint.ts).
        ...(o.resume ? { testNamePattern: sideBySide ? o.resume.testNamePattern : o.resume.loadNamePattern } : {}),
        // The lifecycle tests of order status share vouchers and live in one file: sharding by file keeps them together.
        ...(o.shard ? { shard: `${o.shard.index}/${o.shard.count}` } : {}),
        // allure-vitest's runtime, so the harness can label each test by requirement and attach its evidence.
        ...(o.allure !== false ? { setupFiles: ['allure-vitest/setup'] } : {}),
        watch: false,
        // The suites' modules transformed once, not at every run (engine/module-cache.ts).
        ...moduleCacheOptions(ROOT),
        // One worker: one client and one scheduler pace every request of the run; the suite files run
        // side by side in it (two waves, runtime/side-by-side.test.ts), their tests and property runs
        // concurrently, never more than run.concurrency requests in flight.
        // Vitest's forks, watched: a worker that dies unasked is named by its cause (engine/phases/worker-exit.ts);
        // each fork's channel is the run's (engine/phases/worker-channel.ts).
        // A worker kept from run to run serves side-by-side passes only: they evaluate the project's modules anew (a
        // pass loading its files one by one would meet the modules of the pass before it).
        pool: watchedForksPool({ ended: died, connect: channel.connect, ...(kept ? { keep: true } : {}) }),
        maxWorkers: 1,
        // Bounded memory: answers of up to maxResponseBytes each arrive all run long; a heap kept small
        // is collected often, so garbage never piles up to gigabytes (what the run keeps is small).
        execArgv: kept ? KEPT_WORKER_FLAGS : WORKER_FLAGS,
        isolate: false,
        // Where a quota is scarce, every test is under way at once: a test waiting for its quota
        // never holds back one whose requests are free (the scheduler bounds what is in flight).
        maxConcurrency: provide.scarce ? 256 : Math.max(8, o.config.run.concurrency * 2),
        // A self-test's shuffled order (RunOptions.shuffleSeed): every verdict must hold whichever test starts first.
        ...(o.shuffleSeed !== undefined ? { sequence: { shuffle: { files: true, tests: true }, seed: o.shuffleSeed } } : {}),
        passWithNoTests: true,
        testTimeout: 600_000,
        hookTimeout: 30_000,
        provide: {
          erp: provide,
          erpWaves: sideBySide ? waves(pass, provide.scarce) : [],
          ...(late ? { erpLate: true } : {}),
          ...(kept ? { erpKept: true } : {}),
        },
        reporters: [
          reporter,
          ...(o.allure !== false ? [['allure-vitest/reporter', { resultsDir: allureDir, reportMatchers: false }] as [string, Record<string, unknown>]] : []),
        ],
      },
      {},
      { stdout: sink, stderr: sink },
    ),
  );
}

/** Tells the run's collector that its worker died, with the heap cap it had and the suite files it was running. */
const diedUnder = (collector: CollectorReporter, channel: HostChannel) => (exit: WorkerExit) =>
  collector.workerDied({ ...exit, heapLimitMb: WORKER_HEAP_MB, running: channel.takeRunning() });

/**
 * Starts the first pass's worker before the preflight: it loads the suites' modules while the
 * preflight waits for its answers, and declares its tests once it has the late context.
 */
export function startEarly(
  pass: string[],
  o: RunOptions,
  provide: SuiteContext,
  collector: CollectorReporter,
  progress: (p: WorkerProgress) => void,
  sink: Writable,
  allureDir: string,
): EarlyStart {
  const channel = hostChannel(progress);
  const gate = gatedReporter(collector);
  const previousExitCode = process.exitCode;
  // A worker that dies before the run uses it (while it loads the suites' modules) is told once it is used.
  let diedEarly: WorkerExit | undefined;
  const died = (exit: WorkerExit) => (started.used ? diedUnder(collector, channel)(exit) : (diedEarly ??= exit));
  const vitest = createPass(pass, o, { ...provide }, gate.reporter, sink, allureDir, died, channel, true).then((v) => ({
    vitest: v,
    run: v.start().then(
      () => {},
      () => {},
    ),
  }));
  vitest.catch(() => {}); // awaited where it is used
  const use = (late: SuiteContext) => {
    started.used = true;
    gate.open();
    if (diedEarly) diedUnder(collector, channel)(diedEarly);
    const context = Object.fromEntries(LATE_KEYS.filter((k) => late[k] !== undefined).map((k) => [k, late[k]]));
    channel.late({ context, waves: waves(pass, late.scarce) });
    return vitest;
  };
  const started: EarlyStart = { channel, vitest, use, previousExitCode, used: false, scarce: Boolean(provide.scarce?.length) };
  return started;
}

/** One vitest run of the suites of `pass` (or the one started early); says why it stopped early, if it did. */
export async function runPass(
  pass: string[],
  o: RunOptions,
  provide: SuiteContext,
  collector: CollectorReporter,
  progress: (p: WorkerProgress) => void,
  sink: Writable,
  allureDir: string,
  deadline: number,
  early?: EarlyStart,
): Promise<StoppedBy | undefined> {
  const previousExitCode = early?.previousExitCode ?? process.exitCode;
  const started = early ? await early.use(provide) : undefined;
  const channel = hostChannel(progress);
  const vitest = started?.vitest ?? (await createPass(pass, o, provide, collector, sink, allureDir, diedUnder(collector, channel), channel));
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
    const run = started?.run ?? vitest.start().catch(() => {});
    // Once stopped, running tests end at their next request; the run does not wait longer than
    // GRACE_MS for a test that does not end.
    const giveUp = new Promise<void>((resolve) => {
      check = setInterval(() => {
        if (!stopped && enoughFailures(collector.collected, o.maxFailures)) cancel('max-failures');
        if (stopped && Date.now() - stoppedAt > (stopped === 'interrupted' ? INTERRUPT_GRACE_MS : GRACE_MS)) resolve();
      }, 100);
    });
    await Promise.race([run, giveUp]);
  } finally {
    clearInterval(check);
    clearTimeout(budget);
    o.signal?.removeEventListener('abort', onAbort);
    await Promise.race([vitest.close(), new Promise((r) => setTimeout(r, stopped === 'interrupted' ? INTERRUPT_GRACE_MS : 5000).unref())]);
    process.exitCode = previousExitCode;
  }
  return stopped;
}
