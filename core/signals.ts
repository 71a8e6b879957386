// SIGINT and SIGTERM, the one place the kit handles them: `run`'s main process, `load` and
// `probe`, `serve` and the suite worker install their handlers through onStopSignals, and the
// first-signal rule (signalLatch) is this module's. One signal can reach the run twice at the same
// instant: a signal to the process group plus the same signal passed on by a launcher or a
// supervisor (`timeout`, a CI runner that signals the group and the job's process, a user's `kill`
// beside a Ctrl-C). That is still the first signal: it must not end the run without its
// certificate. A second signal that comes later is the user insisting: it exits at once. The bin's
// latch (bin/erp-conformance.js) keeps the same rule as literals: it runs before TypeScript loads.

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

/** The two signals that stop a run, a load or a worker. */
export type StopSignal = 'SIGINT' | 'SIGTERM';
const STOP_SIGNALS: readonly StopSignal[] = ['SIGINT', 'SIGTERM'];

/**
 * Calls `on` at each SIGINT and SIGTERM the process gets, in place of Node's default (ending the
 * process at once). Returns the function that takes the handlers off again.
 */
export function onStopSignals(on: (signal: StopSignal) => void): () => void {
  const handlers = STOP_SIGNALS.map((s) => [s, () => on(s)] as const);
  for (const [s, handler] of handlers) process.on(s, handler);
  return () => {
    for (const [s, handler] of handlers) process.off(s, handler);
  };
}

export interface SignalLatch<K> {
  /** A stop came (a signal, or something counted as one): the first, a repeat of it, or the user insisting. */
  hit(which: K, at?: number): void;
  /** The first stop, if one came. */
  first(): K | undefined;
  /** Stops the repeat judge's heartbeat. */
  dispose(): void;
}

/**
 * The rule of a first stop and the ones after it: the first calls `onFirst`; a later one that is
 * the same delivery (repeatJudge) does nothing; any other calls `onInsist` with the first one.
 * `at`: when the first was handled (performance.now()), for one kept while the CLI loaded.
 */
export function signalLatch<K>(onFirst: (which: K) => void, onInsist: (which: K, first: K) => void): SignalLatch<K> {
  let first: { which: K; repeats: RepeatJudge } | undefined;
  return {
    hit(which, at = performance.now()) {
      if (first === undefined) {
        first = { which, repeats: repeatJudge(at) };
        onFirst(which);
      } else if (!first.repeats.isRepeat()) onInsist(which, first.which);
    },
    first: () => first?.which,
    dispose: () => first?.repeats.dispose(),
  };
}
