// One signal can reach the run twice at the same instant: a signal to the process group plus the
// same signal passed on by a launcher or a supervisor (`timeout`, a CI runner that signals the
// group and the job's process, a user's `kill` beside a Ctrl-C). That is still the first signal:
// it must not end the run without its certificate. A second signal that comes later is the user
// insisting: it exits at once. bin/erp-conformance.js keeps the same window as a literal (it runs
// before TypeScript can be loaded).

/**
 * A repeat of the first signal within this many milliseconds of it being handled is the same
 * delivery. Handled, not sent: an event loop busy for a moment handles two signals sent together
 * a little apart, and a person who reads "stopping the run" and presses Ctrl-C again takes longer.
 */
export const SAME_DELIVERY_MS = 1000;

/** Whether a signal handled at `now` (performance.now()) repeats the first one, handled at `firstAt`. */
export const sameDelivery = (firstAt: number, now: number): boolean => now - firstAt < SAME_DELIVERY_MS;
