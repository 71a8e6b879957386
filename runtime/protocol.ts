// The host <-> worker protocol of a run, declared in one place. The run's main process (engine/)
// creates a vitest whose one worker runs the suites (runtime/). What they say to each other:
//  - the provided context: vitest `provide` (engine/phases/pass.ts) / `inject` (runtime/context.ts),
//    known when the worker is created;
//  - ONE channel for the rest, the forked worker's own IPC channel (the one vitest's RPC rides on,
//    structured-clone serialization): `HostMessage` and `WorkerMessage` below, each tagged `erp`.
//    The worker asks for the late context (what only the preflight and the plan know, for a worker
//    started while the preflight runs) and the host answers once it has it; the worker tells its
//    progress. Host side: engine/phases/worker-channel.ts (through the pool, engine/phases/worker-exit.ts);
//    worker side: runtime/channel.ts. It also tells each test's start and end, so the host knows which
//    suite files a worker that dies was running from messages that come before its channel closes.
//    Vitest's own messages pass by untouched, and never reach it;
//  - each test's record on its vitest task (task.meta.erp: set by runtime/harness.ts, carried by
//    vitest's RPC on that same channel, read by the host's reporter, engine/phases/collector.ts),
//    and from its collection on what it declared: its test id and requirement ids (task.meta.declared,
//    runtime/verifies.ts) and, in a run that loads the suite files side by side, its suite file
//    (task.meta.suiteFile, declared on the file's block by runtime/side-by-side.test.ts; otherwise
//    the file is the test's module);
//  - the worker's end: the pool's own 'exit' event of its process (engine/phases/worker-exit.ts).
// The worker owns what it accepts: this file imports nothing of engine/, and the engine imports it.
import type { RunConfig } from '../config/schema.ts';
import type { Customer } from '../contract/schemas/customer.ts';
import type { DeclaredTest, TestRecord } from '../core/record.ts';
import type { Exchange } from '../core/types.ts';
import type { Quota } from '../core/quota.ts';

/** Replays one test alone (`run --replay-test`): with `property` and `path`, that property's one input; without, the whole test (same seed and nonce). */
export interface ReplayTarget {
  file: string;
  test: string;
  property?: number;
  path?: string;
}

/** The customer the preflight created with the config's master data (engine/phases/preflight/customer.ts). */
export interface PreflightCustomer {
  branchId: number;
  sent: Customer;
  contactId?: number | bigint;
  created: Exchange;
  read?: Exchange;
}

/** What the index's lists gave the customer suites (engine/phases/preflight/cities.ts). */
export interface ListedCities {
  /** City code -> state code: the config's cities, then the other ones the lists gave. */
  cities: Record<string, string>;
  /** A city code no city list read holds (CU-12b). */
  unknownCity: string;
  /** Which lists were read. */
  source: string;
}

/** The provided context `erp`: what a suite test knows of its run. */
export interface SuiteContext {
  config: RunConfig;
  /** fast-check seed of every property: `--seed` reruns exactly the same requests. */
  seed: number;
  /** The run nonce: with the seed, it makes the values a target may keep unique differ from run to
   *  run (generators/unique-values.ts); given again (`--nonce`), the same requests are sent. */
  nonce: string;
  numRuns: number;
  /** Requests in flight at once (run.concurrency); property runs are evaluated this many at a time. */
  concurrency: number;
  /** Epoch ms after which no request is sent and no test starts (run.maxDurationSeconds). */
  deadline: number;
  /** Vitest's timeout of every conformance test, where the run names one (RunOptions.testTimeLimitMs); the
   *  kit's own limit is a little shorter (runtime/time-limit.ts). Absent: each test's own, 300 s by default. */
  testTimeLimitMs?: number;
  /** The run's output folder (the rate-limit suite writes rate-limit.json there). */
  outDir?: string;
  /** false: no HAR of the run's exchanges (`run --har off`; reports/har/). */
  har?: boolean;
  replay?: ReplayTarget;
  /** Properties the selected suites' tests declare (the plan's cost table): shares of the request budget. */
  properties?: number;
  /** Properties each test declares (test id -> count): a test that starts more is stopped with an error. */
  propertiesOf?: Record<string, number>;
  /** The customer the preflight created with the config's master data: evidence the suites reuse. */
  preflightCustomer?: PreflightCustomer;
  /** The cities the index's state and city lists gave (with get-city-list configured): the customers use them. */
  listedCities?: ListedCities;
  /** Operations whose quota cannot serve every test within the budget (engine/phases/plan/plan.ts): their tests
   *  send the fewest requests that still verify each MUST (runtime/scarce.ts). */
  scarce?: string[];
  /** Suites whose tests verifying no MUST wait for those verifying one (runtime/must-first.ts). */
  mustsFirst?: string[];
  /** Runs per property of the suites of scarce operations (engine/phases/plan/plan.ts); the others: numRuns. */
  runsBySuite?: Record<string, number>;
  /** Operations of config `operations` the target does not serve (the preflight's 404/405): name -> "HTTP 404".
   *  `config` no longer holds them (config/operations.ts servedConfig); the suites say why they are out of scope. */
  notServed?: Record<string, string>;
  /** The preflight's answer to each configured operation's request: the index suite's first request of it, not sent twice. */
  preflightOperations?: Record<string, Exchange>;
  /** Tests the plan does not run (test id -> why, engine/phases/plan/requirements.ts): "not run" with that reason. */
  notPlanned?: Record<string, string>;
  /** Limits known before sending beyond run.rateLimit (an earlier probe's rate-limit.json, the
   *  preflight's answers: engine/phases/plan/limits.ts): the run's scheduler starts paced at them. */
  startPaced?: { name: string; quota: Quota; operations: readonly string[] | null; known?: boolean }[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    erp: SuiteContext;
    /** Suite files loaded side by side (runtime/side-by-side.test.ts): waves, one after another. */
    erpWaves: string[][];
    /** A worker started while the preflight runs: it waits for the late context on the channel (runtime/late-context.ts). */
    erpLate?: boolean;
    /** A worker kept from run to run (engine/phases/kept-workers.ts): the project's modules are evaluated anew in each run. */
    erpKept?: boolean;
  }
}

// TaskMeta is @vitest/runner's (vitest re-exports it): augmented where it is declared.
declare module '@vitest/runner' {
  /** What a conformance test leaves on its vitest task for the host's reporter (engine/phases/collector.ts). */
  export interface TaskMeta {
    /** The suite file a side-by-side block loads (runtime/side-by-side.test.ts), declared on the block: its tests inherit it. */
    suiteFile?: string;
    /** What the test declared (runtime/verifies.ts), set when it is collected: its test id and requirement ids. */
    declared?: DeclaredTest;
    erp?: TestRecord;
  }
}

/** The name of the error a test throws for its findings (runtime/verifies.ts): a failure of the target, not a crash. */
export const FINDINGS_ERROR = 'FindingsAssertionError';

/** The property vitest's timeout error of a conformance test carries, set by the test as it is raised
 *  (runtime/time-limit.ts): the kit's time limit stopped the test, not a crash and no finding. */
export const KIT_LIMIT = 'erpKitLimit';

/** Whether an error vitest reports for a test carries the mark KIT_LIMIT: the kit's time limit, not a crash. */
export const isKitLimit = (e: unknown): boolean => !!e && typeof e === 'object' && (e as Record<string, unknown>)[KIT_LIMIT] === 'time-limit';

/** The parts of the context the preflight or the plan decide (the rest is known before the preflight). */
export const LATE_KEYS = [
  'numRuns',
  'scarce',
  'runsBySuite',
  'mustsFirst',
  'notPlanned',
  'preflightCustomer',
  'listedCities',
  // The config without the operations the target does not serve, and those (engine/phases/preflight/served.ts).
  'config',
  'notServed',
  'preflightOperations',
  // Limits known before sending (engine/phases/plan/limits.ts): the scheduler starts paced at them.
  'startPaced',
] as const;

/** The late context: the context the worker lacks, and the suite files in their waves;
 *  `{ cancelled: true }`: the run goes no further, the worker declares nothing. Bigints travel as
 *  bigints (the channel's serialization is structured clone). */
export type LateContext = { cancelled: true } | { cancelled?: false; context: Partial<Pick<SuiteContext, (typeof LATE_KEYS)[number]>>; waves: string[][] };

/** The worker's progress: its requests so far, told every second and at each test's end. */
export interface WorkerProgress {
  requests: number;
  responses429: number;
  /** Of the 429s met, those waited out (the request sent again) and those still refused: they add up. */
  retries429?: number;
  refused429?: number;
  /** Wall time at least one request waited (client/scheduler/waiting.ts), not a sum over requests. */
  waitedMs: number;
  pacing?: string;
  /** The quotas the scheduler learnt from the answers (client/scheduler.ts learnt()): the certificate's limits (reports/limits.ts). */
  learnt?: { name: string; requests: number; windowMs: number; operations: readonly string[] | null; estimate?: boolean }[];
  /** Per operation: requests sent, 429s met, and the wall time its requests waited for its pace. */
  operations?: Record<string, { sent: number; responses429: number; waitedMs?: number }>;
  /** Milliseconds its requests were in flight, summed, and when the first was sent (engine/progress/slots-busy.ts). */
  inFlightMs?: number;
  firstSentAt?: number;
}

/** Host -> worker: the late context, the answer to the worker's `waiting` (sent once it is known). */
export type HostMessage = { erp: 'late'; late: LateContext };

/** Worker -> host: a test started or ended (`id` its vitest task's, `file` its suite file): what a worker that dies was running. */
export type TestMessage = { erp: 'test'; id: string; file: string; ended?: true };

/** Worker -> host: it waits for the late context; its progress so far; a test started or ended. */
export type WorkerMessage = { erp: 'waiting' } | { erp: 'progress'; progress: WorkerProgress } | TestMessage;

const HOST_KINDS: readonly string[] = ['late'] satisfies HostMessage['erp'][];
const WORKER_KINDS: readonly string[] = ['waiting', 'progress', 'test'] satisfies WorkerMessage['erp'][];
const kindOf = (m: unknown) => (m !== null && typeof m === 'object' ? (m as { erp?: unknown }).erp : undefined);

/** A message of the channel from the host (anything else on the IPC channel is vitest's). */
export const isHostMessage = (m: unknown): m is HostMessage => HOST_KINDS.includes(kindOf(m) as string);
/** A message of the channel from the worker (anything else on the IPC channel is vitest's). */
export const isWorkerMessage = (m: unknown): m is WorkerMessage => WORKER_KINDS.includes(kindOf(m) as string);

/** One end of the channel: what it sends, and the messages it hears. */
export interface ChannelEnd<Out, In> {
  send(m: Out): void;
  /** Listens for the other end's messages; returns how to stop listening. */
  listen(heard: (m: In) => void): () => void;
}

/**
 * What the pool hands vitest's runner for a worker's end it heard or an error of the worker's process
 * (engine/phases/worker-exit.ts): vitest's own error for it ("Worker ... emitted error.") has it as
 * its cause, so the host's reporter knows that error for what it is by its cause, not by vitest's words.
 */
export class PoolEvent extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PoolEvent';
  }
}

/** Vitest's error for a worker's end or process error the pool heard: its cause is the pool's PoolEvent. */
export const fromPool = (e: unknown): boolean => e !== null && typeof e === 'object' && (e as { cause?: unknown }).cause instanceof PoolEvent;

/** A suite file's path relative to the package root (a test module run alone, as a replay or a shard loads it). */
export const SUITE_FILE = /^suites\/[a-z-]+\/[\w.-]+\.test\.ts$/;
