// The one context of a run, passed explicitly to each phase (engine/phases/run-phases.ts): what
// is decided before the first phase (the mode, seed, nonce, suites, budget), where the run writes
// (its I/O), and what the phases find, each filled in by the phase that finds it. What a phase
// opens for the phases after it (the early worker, the progress line) is closed once, in the
// order opened, before the certificate or when the run throws.
import type { Writable } from 'node:stream';
import type { SuiteName } from '../../core/types.ts';
import type { RunPlan, StoppedBy } from '../../reports/model.ts';
import type { CollectorReporter } from './collector.ts';
import type { SuiteContext, WorkerProgress } from '../../runtime/protocol.ts';
import type { RunMode } from '../mode.ts';
import type { RunOptions, RunResult } from '../options.ts';
import type { ProgressLine } from '../progress/progress-line.ts';
import type { SlotsBusy } from '../progress/slots-busy.ts';
import type { EarlyStart } from './early-start.ts';
import type { KnownLimit } from './plan/limits.ts';
import type { Plan } from './plan/plan.ts';
import type { PreflightResult } from './preflight/types.ts';
import type { PhaseFacts } from './phase.ts';
import type { SuiteGivens } from './suite-context.ts';

/** Where the run writes: its console, the vitest output it keeps, the reporters, its files. */
export interface RunIO {
  log: (line: string) => void;
  scrub: (text: string) => string;
  collector: CollectorReporter;
  progress: ProgressLine;
  /** Vitest's own output, kept (vitestLog) and written to logFile when there is any. */
  sink: Writable;
  vitestLog: string[];
  logFile: string;
  allureDir: string;
}

export interface RunContext extends PhaseFacts {
  readonly o: RunOptions;
  readonly mode: RunMode;
  readonly started: number;
  readonly seed: number;
  readonly nonce: string;
  readonly numRuns: number;
  readonly suites: ReadonlySet<SuiteName>;
  readonly deadline: number;
  readonly givens: SuiteGivens;
  readonly io: RunIO;
  /** The suites' context: before the preflight the givens' alone, after the plan the whole. */
  provide: SuiteContext;
  checked?: PreflightResult;
  /** The plan (a replay's: the lines of its one input, replayPlan) and what the certificate keeps of it. */
  planned?: { plan: Plan; recorded: RunPlan; known?: readonly KnownLimit[] };
  /** A worker started during the preflight, and whether the suites' pass goes on with it. */
  early?: EarlyStart;
  useEarly?: EarlyStart;
  stoppedBy?: StoppedBy;
  /** What the worker last reported, once the progress line stopped. */
  worker: WorkerProgress;
  /** What a phase opened for the phases after it: closed by closeOpened. */
  opened: (() => Promise<void> | void)[];
  progressStarted?: boolean;
  /** How busy the run kept its slots, once its passes ended. */
  slots?: SlotsBusy;
  result?: Omit<RunResult, 'exitCode' | 'slots' | 'phases'>;
}

/** Closes what the phases opened, in the order they opened it, each once. */
export async function closeOpened(ctx: Pick<RunContext, 'opened'>): Promise<void> {
  for (const close of ctx.opened.splice(0)) await close();
}

/** Starts the progress line for the passes, once (whichever pass runs first); it stops with what is opened. */
export function startProgress(ctx: RunContext): void {
  if (ctx.progressStarted) return;
  ctx.progressStarted = true;
  ctx.io.progress.start(ctx.io.collector);
  ctx.opened.push(() => void (ctx.worker = ctx.io.progress.stop()));
}
