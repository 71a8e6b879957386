// The suite worker and SIGINT / SIGTERM: a signal to the run's process group reaches this worker
// too, and Node's default would end it at once, with the results of every test still running.
// Instead the worker stops sending (waiting and later requests are not sent: those tests end "not
// run") and the main process writes the certificate (engine/control/interrupts.ts). The main process
// gone ends the worker at once. After vitest's "stop" message, SIGTERM ends it as usual.
// (Tests that a worker ends with its main process: test/e2e/cli/interrupts.test.ts.)
import { exitCodeOfSignal } from '../core/exit-codes.ts';
import { onStopSignals } from '../core/signals.ts';
import type { NotSentReason } from '../core/types.ts';

// What is installed is the process's, not a run's: a process has one set of signal handlers and
// one IPC channel whatever runs it serves, and installing them twice would stop twice. A worker kept
// for the next run (engine/phases/kept-workers.ts) evaluates this module anew, so what is installed,
// and the run a signal stops, live on the process: the handlers of an earlier run stay its only ones
// and stop the run now served, never keeping an earlier run reachable.
interface ProcessSignals {
  /** 'signals': the SIGINT / SIGTERM handlers (stopOnSignals); 'main-process': endWithMainProcess. */
  installed: Set<'signals' | 'main-process'>;
  /** What a signal stops: the scheduler of the run served now. */
  stop?: (reason: NotSentReason) => void;
  /** Vitest said `stop`: the run's tests are over, and a signal ends the worker as usual. */
  vitestStopsUs: boolean;
}
const processSignals: ProcessSignals = ((process as unknown as Record<symbol, ProcessSignals>)[Symbol.for('erp-conformance.worker-signals')] ??= {
  installed: new Set(),
  vitestStopsUs: false,
});
const installed = processSignals.installed;

/**
 * Ends the worker now, with `code`. Inside a test file vitest's process.exit only throws ("process.exit
 * unexpectedly called"), so Node's own exit is used (no 'exit' handlers: none is the worker's).
 */
export function exitWorker(code: number): never {
  const reallyExit = (process as unknown as { reallyExit?: (code: number) => never }).reallyExit;
  if (reallyExit) reallyExit.call(process, code);
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
}

/**
 * The worker does not outlive the run's main process. Vitest forks it with an IPC channel; once the
 * main process is gone (the CLI ended, or was killed, even by SIGKILL, which no handler sees) the
 * channel closes, and a worker still waiting (for the late context while the preflight ran, for a
 * quota) would wait on for ever. Installed before the worker waits for anything.
 */
export function endWithMainProcess(): void {
  if (installed.has('main-process') || !process.send) return;
  installed.add('main-process');
  process.once('disconnect', () => exitWorker(130));
}

/** Installs the worker's handlers once; `stop` stops the run's scheduler. */
export function stopOnSignals(stop: (reason: NotSentReason) => void): void {
  processSignals.stop = stop;
  processSignals.vitestStopsUs = false;
  if (installed.has('signals')) return;
  installed.add('signals');
  process.on('message', (m: unknown) => {
    if (m && typeof m === 'object' && (m as { type?: unknown }).type === 'stop') processSignals.vitestStopsUs = true;
  });
  // A signal after the first is not this worker's to act on: the main process judges it (the same
  // delivery, or the user insisting: it exits at once) and the worker ends with it (its channel
  // closes: endWithMainProcess). Judged here too, a worker whose event loop was held by a module
  // load for a second took one delivery for two and died under the run (seen through npx).
  onStopSignals((s) => {
    if (processSignals.vitestStopsUs) exitWorker(exitCodeOfSignal(s));
    processSignals.stop?.('interrupted');
  });
  endWithMainProcess();
}

/**
 * A test's own signal (vitest aborts it when the run is cancelled: `run` does so at SIGINT /
 * SIGTERM and at the run budget) stops the run's sending, so tests end at their next request.
 * A test's timeout aborts it too: that stops only that test, not the run.
 */
export function stopWhenRunCancelled(signal: AbortSignal, stop: (reason: NotSentReason) => void): void {
  const onAbort = () => {
    const why = signal.reason as { name?: string; reason?: string } | undefined;
    if (why?.name !== 'TestRunAbortError') return;
    stop(why.reason === 'keyboard-input' ? 'interrupted' : 'budget');
  };
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
}

/** The run served is over (a kept worker's): a signal until the next run's stopOnSignals stops nothing. */
export function forgetRun(): void {
  processSignals.stop = undefined;
}
