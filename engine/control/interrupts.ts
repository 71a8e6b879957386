// SIGINT and SIGTERM in `run`'s main process: at any moment (while it loads, during the preflight,
// the suites or the writing of the reports) the first signal stops the run and lets it write the
// certificate of what it had (verdict "interrupted", exit 130 / 143); a second one exits at once,
// unless it is the first one delivered twice at the same instant (core/signals.ts).
// A signal to the process group also reaches the suite worker: runtime/worker-signals.ts.
// Vitest installs handlers of its own that exit the process (its logger's cleanup on SIGINT and
// SIGTERM): `withoutVitestSignals` takes them off again.
import { exitCodeOfSignal } from '../../core/exit-codes.ts';
import { onStopSignals, signalLatch, type StopSignal } from '../../core/signals.ts';

export type RunSignal = StopSignal;

/** Where the bin's latch (bin/erp-conformance.js) keeps a signal that came while `run` was loading (before `takeInterrupts`). */
const EARLY = Symbol.for('erp-conformance.early-signal');
interface EarlyState {
  signal?: RunSignal;
  /** performance.now() when that signal was handled. */
  at?: number;
  handler?: (s: RunSignal) => void;
}

export interface Interrupts {
  /** Aborted at the first signal. */
  signal: AbortSignal;
  /** The first signal, if one came. */
  signalled(): RunSignal | undefined;
  /** Puts the process's own handling back (a late signal then still exits with its code). */
  dispose(): void;
}

/**
 * Takes over SIGINT and SIGTERM for the run, including a signal that came while the CLI loaded.
 * `say` tells the user what happens (stderr).
 */
export function takeInterrupts(say: (line: string) => void): Interrupts {
  const abort = new AbortController();
  const latch = signalLatch<RunSignal>(
    (s) => {
      say(`${s}: stopping the run and writing the certificate (${s === 'SIGINT' ? 'Ctrl-C' : 'SIGTERM'} again to exit at once)`);
      abort.abort();
    },
    (s, first) => {
      say(`${s} again: exiting now, without the certificate`);
      process.exit(exitCodeOfSignal(first));
    },
  );
  const release = onStopSignals((s) => latch.hit(s));
  const early = (process as unknown as Record<symbol, EarlyState | undefined>)[EARLY];
  if (early?.handler) {
    process.off('SIGINT', early.handler);
    process.off('SIGTERM', early.handler);
  }
  if (early?.signal) latch.hit(early.signal, early.at);
  return {
    signal: abort.signal,
    signalled: () => latch.first(),
    dispose() {
      latch.dispose();
      release();
      // Once the certificate is written a signal ends the process with its code, not by the signal.
      onStopSignals((s) => process.exit(exitCodeOfSignal(latch.first() ?? s)));
    },
  };
}

/**
 * Runs `create` (createVitest) without the SIGINT / SIGTERM handlers it adds (they exit the process):
 * not installed while it runs (a signal meanwhile, the preflight running beside it, stays the
 * run's), and any added otherwise taken off again.
 */
export async function withoutVitestSignals<T>(create: () => Promise<T>): Promise<T> {
  const signals: ReadonlySet<string | symbol> = new Set(['SIGINT', 'SIGTERM']);
  const before = new Map((['SIGINT', 'SIGTERM'] as const).map((s) => [s, new Set(process.listeners(s))]));
  const { on, once } = process;
  process.on = function (this: NodeJS.Process, event: string | symbol, listener: (...args: unknown[]) => void) {
    return signals.has(event) ? this : on.call(this, event, listener);
  } as typeof process.on;
  process.once = function (this: NodeJS.Process, event: string | symbol, listener: (...args: unknown[]) => void) {
    return signals.has(event) ? this : once.call(this, event, listener);
  } as typeof process.once;
  try {
    return await create();
  } finally {
    process.on = on;
    process.once = once;
    for (const [s, had] of before) for (const l of process.listeners(s)) if (!had.has(l)) process.off(s, l as () => void);
  }
}
