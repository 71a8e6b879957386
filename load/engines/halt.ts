// A stop asked of a running engine from outside its own loop: the CLI's first SIGINT / SIGTERM
// ('interrupted'), or the worker pool passing on one worker's stop (a 5xx burst, a dead target,
// a ramp's knee) to the others. The engine ends as at its own stop: nothing more is sent, the
// answers still due are awaited, and the result is built. And what an engine in a worker thread
// is told of its place in the pool.
import type { LoadStoppedBy } from '../result.ts';

/** An engine in a worker thread (load/engines/workers.ts): its place in the pool and the common start. */
export interface EngineWorker {
  index: number;
  of: number;
  /** Resolves to the run's start instant, in milliseconds on performance.timeOrigin + performance.now(). */
  start(): Promise<number>;
}

export class Halt {
  private why: LoadStoppedBy | null = null;
  private readonly listeners: Array<(why: LoadStoppedBy) => void> = [];

  get reason(): LoadStoppedBy | null {
    return this.why;
  }

  /** Asks for the stop; only the first reason is kept. */
  stop(why: LoadStoppedBy): void {
    if (this.why !== null) return;
    this.why = why;
    for (const l of this.listeners.splice(0)) l(why);
  }

  /** Calls `fn` once at the stop (at once when it has already been asked). */
  on(fn: (why: LoadStoppedBy) => void): void {
    if (this.why !== null) fn(this.why);
    else this.listeners.push(fn);
  }
}
