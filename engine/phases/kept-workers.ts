// Suite workers kept across the runs of one process (RunOptions.keepWorker: the self-tests, whose
// processes make run after run). A worker that answered vitest's `stop` cleanly is left idle in this
// process's pool instead of killed; the next run with the same flags adopts it rather than forking
// node and loading vitest and the packages again (~1.2 CPU-s a run). Its entry
// (kept-worker-entry.js) keeps listening after a stop; each run evaluates the project's own modules
// anew (runtime/side-by-side.test.ts), and ends by letting go of what the process still held of it
// (runtime/run-client.ts releaseRuns: its connections, undici's clock, its progress, the signal
// handlers' run), so nothing of a run's state outlives it. A worker that died,
// or was stopped while it still ran tests, is never kept. Idle workers do not hold the process open,
// and end with it.
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The entry of a worker that may be kept. */
export const KEPT_WORKER_ENTRY = fileURLToPath(new URL('./kept-worker-entry.js', import.meta.url));

/** An idle worker, and the folder its fatal report goes to (engine/phases/fatal-report.ts). */
export interface IdleWorker {
  fork: ChildProcess;
  reportDir: string | undefined;
}

/** Whether the worker answered vitest's `stop` (the message its pool runner waits for) without an error. */
export function isCleanStop(m: unknown): boolean {
  const r = m as { __vitest_worker_response__?: boolean; type?: string; error?: unknown } | null;
  return r?.__vitest_worker_response__ === true && r.type === 'stopped' && r.error === undefined;
}

/** Whether the worker (its process, its channel and its pipes) holds this process open. */
function held(fork: ChildProcess, on: boolean): void {
  type Handle = { ref?: () => void; unref?: () => void } | null | undefined;
  const handles: Handle[] = [fork, fork.channel as Handle, fork.stdin as Handle, fork.stdout as Handle, fork.stderr as Handle];
  for (const h of handles) (on ? h?.ref : h?.unref)?.call(h);
}

/**
 * The process's pool of idle workers, by the key of their flags and environment. One per process:
 * the workers are the process's children, whatever run made them.
 */
export function createKeptPool() {
  const idle = new Map<string, IdleWorker[]>();
  const alive = (w: IdleWorker) => w.fork.connected && w.fork.exitCode === null && w.fork.signalCode === null;
  process.once('exit', () => {
    for (const list of idle.values()) for (const w of list) w.fork.kill();
  });
  return {
    /** An idle live worker started with `key`, taken out of the pool (and holding the process open again). */
    adopt(key: string): IdleWorker | undefined {
      const list = idle.get(key) ?? [];
      for (let w = list.pop(); w; w = list.pop()) {
        if (!alive(w)) continue;
        held(w.fork, true);
        return w;
      }
      return undefined;
    },
    /** Leaves a worker idle: no listener of the run that used it stays, and it holds the process open no longer. */
    keep(key: string, w: IdleWorker): void {
      for (const e of ['message', 'exit', 'error', 'disconnect']) w.fork.removeAllListeners(e);
      held(w.fork, false);
      // One that ends while idle leaves the pool when it is next looked at (alive).
      idle.set(key, [...(idle.get(key) ?? []), w]);
    },
    /** How many idle workers the pool holds (alive or not yet looked at). */
    size(): number {
      return [...idle.values()].reduce((n, list) => n + list.length, 0);
    },
  };
}

/** This process's pool. */
export const keptWorkers = createKeptPool();
