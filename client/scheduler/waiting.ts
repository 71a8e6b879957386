// The time the run spent waiting (for a pace, or a 429's wait), as wall time: while one request
// waits or eight wait side by side, the run waits once, so a run's waits never add up to more
// than the run.

export interface Waiting {
  /** Runs `wait` (a sleep) as a waiting request: the time counts once however many wait with it. */
  during<T>(wait: () => Promise<T>): Promise<T>;
}

/** Adds to `stats.waitedMs` each stretch of time during which at least one request waited. */
export function createWaiting(now: () => number, stats: { waitedMs: number }): Waiting {
  let waiting = 0;
  let since = 0;
  return {
    async during(wait) {
      if (waiting++ === 0) since = now();
      try {
        return await wait();
      } finally {
        if (--waiting === 0) stats.waitedMs += now() - since;
      }
    },
  };
}
