// A test-only switch that makes the suite worker die the way a real one can, so the kit's own tests
// see what a run makes of it (test/e2e/cli/worker-crash.test.ts): ERP_CONFORMANCE_WORKER_FAULT=
// KIND@FILE, FILE the start of a suite file's path, KIND `oom` (half a second in, a test allocates
// until the worker's heap cap ends it, engine/phases/pass.ts WORKER_HEAP_MB), `exit` (it ends the
// worker with code 7) or `hold` (the test never ends: a kill or an interrupt from outside finds the
// run running, whenever it comes: worker-crash, interrupts, interrupts-npx). Unset (every real run), nothing happens. (An uncaught exception does not end
// the worker: vitest reports it, and the certificate lists it as a run error, "unhandled: ...".)
import { exitWorker } from './worker-signals.ts';

export const WORKER_FAULT_ENV = 'ERP_CONFORMANCE_WORKER_FAULT';
/** The exit code of the `exit` fault. */
export const FAULT_EXIT_CODE = 7;
/**
 * How long the test runs before its fault: a worker dies under a running test, not at its first
 * instruction (the run heard the test start: the worker told it first, runtime/channel.ts tellTest).
 */
const RUNS_FIRST_MS = 500;

/**
 * Allocates and keeps ~2 MB a millisecond until V8 stops the process at its heap cap (never
 * resolves). Step by step, as a leak grows: the worker goes on telling the run which tests run.
 */
async function exhaustHeap(): Promise<never> {
  const kept: number[][] = [];
  for (;;) {
    kept.push(new Array(1 << 18).fill(kept.length));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** Runs the fault the switch names when a test of `file` starts (nothing when it is unset or names another file). */
export async function workerFault(file: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const value = env[WORKER_FAULT_ENV];
  if (!value) return;
  const [kind, prefix] = value.split('@');
  if (!prefix || !file.startsWith(prefix)) return;
  await new Promise((resolve) => setTimeout(resolve, RUNS_FIRST_MS));
  if (kind === 'oom') await exhaustHeap();
  if (kind === 'exit') exitWorker(FAULT_EXIT_CODE);
  if (kind === 'hold') await new Promise<never>(() => {});
}
