// A stop asked of a running engine from outside its own loop: the CLI's first SIGINT / SIGTERM
// ('interrupted'), or the worker pool passing on one worker's stop (a 5xx burst, a dead target,
// a ramp's knee) to the others. The engine ends as at its own stop: nothing more is sent, the
// answers still due are awaited, and the result is built.
import type { LoadStoppedBy } from '../result.ts';

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
