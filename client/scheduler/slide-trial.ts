// A window learnt from Retry-After dates, fixed or sliding: two ends of waits D apart fit a fixed
// window of D, and as well a sliding one of D less a second (a sliding window resets W after the
// first request after the last wait, and the date rounds that reset up to the target's next whole
// second: its ends differ by W + 1 s). Without the target's clock known to well under a second
// nothing in the answers tells the two apart, so a trial does: the pace keeps D (safe for both),
// and the first send only the shorter window allows goes alone. Accepted, the pace takes the shorter
// window for a while (provisional) and tries again one window later: a fixed window whose reset the
// first trial happened to cross refuses the second. Two accepted: sliding, for good. A trial refused,
// or any 429 while provisional (a token bucket half refilled accepts the first): D, for good.
export interface SlideTrial {
  fixedMs: number;
  slidingMs: number;
  state: 'open' | 'provisional' | 'sliding' | 'fixed';
  /** The trial under way: the instant its place in the pace was taken. */
  pending?: number;
  /** When the last trial went; how many were accepted. */
  lastAt: number;
  passed: number;
}

/** A trial for a window of `fixedMs` shown by dates, 3 s or more (a token bucket whose ends came 2 s apart, half
 *  refilled a second later, would take a trial of 1 s and then meet the rest of the window empty). */
export const openSlideTrial = (fixedMs: number): SlideTrial | undefined =>
  fixedMs >= 3000 ? { fixedMs, slidingMs: fixedMs - 1000, state: 'open', lastAt: -Infinity, passed: 0 } : undefined;

const margin = (windowMs: number) => Math.max(50, Math.round(windowMs * 0.03));

/** When a log of the last sends (`log`, ascending) lets a send go under `requests` per `windowMs`. */
const logUntil = (log: readonly number[], requests: number, windowMs: number) =>
  log.length >= requests ? log[log.length - requests]! + windowMs + margin(windowMs) : -Infinity;

/** Whether a trial is being decided (its sends: the shorter window's only). */
export const trying = (s: SlideTrial | undefined): s is SlideTrial => s !== undefined && (s.state === 'open' || s.state === 'provisional');

/** How often a send the fixed window holds back looks again while a trial is under way. */
const POLL_MS = 10;

/** When the pace's log (`log`, the last `requests` sends) lets the next send go under a trial,
 *  looked at `t`: the fixed window's sends always; while open, one trial at a time of the shorter
 *  window, a window after the last; while provisional, the shorter window's sends; while a trial is
 *  under way, only the fixed window's, the others looking again shortly (its answer may free them). */
export function trialUntil(s: SlideTrial, requests: number, log: readonly number[], t: number): number {
  const fixed = logUntil(log, requests, s.fixedMs);
  if (s.pending !== undefined) return fixed <= t ? fixed : Math.min(fixed, t + POLL_MS);
  const short = logUntil(log, requests, s.slidingMs);
  return s.state === 'provisional' ? short : Math.min(fixed, Math.max(short, s.lastAt + s.slidingMs + margin(s.slidingMs)));
}

/** A send at `t` (the log before it): a trial when only the shorter window allows it and a window
 *  passed since the last trial. */
export function trialSent(s: SlideTrial, requests: number, log: readonly number[], t: number): void {
  if (s.pending !== undefined || t < s.lastAt + s.slidingMs + margin(s.slidingMs)) return;
  if (logUntil(log, requests, s.fixedMs) <= t) return;
  s.pending = t;
  s.lastAt = t;
}

/** The answer to the trial under way: the window the pace keeps from now on. */
export function trialAnswered(s: SlideTrial, accepted: boolean): number {
  s.pending = undefined;
  if (!accepted) return ((s.state = 'fixed'), s.fixedMs);
  s.passed++;
  s.state = s.passed >= 2 ? 'sliding' : 'provisional';
  return s.slidingMs;
}
