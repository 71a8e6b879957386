// One signal can reach the run twice at the same instant: a signal to the process group plus the
// same signal passed on by a launcher or a supervisor (`timeout`, a CI runner that signals the
// group and the job's process, a user's `kill` beside a Ctrl-C). That is still the first signal:
// it must not end the run without its certificate. A second signal that comes later is the user
// insisting: it exits at once. bin/erp-conformance.js keeps the same rule as literals (it runs
// before TypeScript can be loaded).

/**
 * A repeat of the first signal within this many milliseconds of it being handled is the same
 * delivery. Handled, not sent: an event loop busy for a moment handles two signals sent together
 * a little apart, and a person who reads "stopping the run" and presses Ctrl-C again takes longer.
 */
export const SAME_DELIVERY_MS = 1000;

/** The heartbeat that tells a free event loop from a held one, and the beats a later signal needs. */
export const BEAT_MS = 50;
export const FREE_BEATS = 5;

/** Whether a signal handled at `now` (performance.now()) repeats the first one, handled at `firstAt`. */
export const sameDelivery = (firstAt: number, now: number): boolean => now - firstAt < SAME_DELIVERY_MS;

export interface RepeatJudge {
  /** Whether a signal handled now is the first one again (true), or the user insisting (false). */
  isRepeat(): boolean;
  dispose(): void;
}

/**
 * Judges the signals after a first one handled at `firstAt`. A signal handled a second later is
 * still the same delivery when the event loop had no free moment since: a module load or a long
 * synchronous step (a loaded CI machine makes them last seconds) can hold the loop between the
 * handling of two signals sent together. A heartbeat counts the loop's free moments: a person's
 * second Ctrl-C comes after the loop has beaten FREE_BEATS times.
 */
export function repeatJudge(firstAt: number = performance.now()): RepeatJudge {
  let beats = 0;
  const heart = setInterval(() => beats++, BEAT_MS);
  heart.unref();
  return {
    isRepeat: () => sameDelivery(firstAt, performance.now()) || beats < FREE_BEATS,
    dispose: () => clearInterval(heart),
  };
}
