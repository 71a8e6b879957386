// A quota the target keeps to itself (no rate-limit header, nothing in the config: spec 8 rule 1,
// "the thresholds and time window: not shown"), learnt from its 429s' Retry-After:
//  - the window: the time between the ends of two waits (a fixed window resets once per window),
//    the smallest seen, to the nearest whole second: each end is its reset rounded up to a whole
//    second (RFC 9110 10.2.3: delay-seconds), so two ends of consecutive resets differ by the window
//    give or take under a second, and rounding up would take most windows a second too long;
//  - unless a sliding window shows a shorter one: there each reset is the oldest request counted
//    leaving, W after it came (the first accepted since the last wait ended, the first of all for
//    the first 429). Where the resets can be (`reset`: a wait rounded up, a round trip) less those
//    instants bound W; while one whole second fits every 429's bounds, it is the window (the largest
//    such, never above the ends' difference). A fixed window whose ends differ by less than it
//    leaves no such second, and keeps the ends' difference;
//  - the quota: what the operation got accepted within the window before the 429 (pacing.ts takes
//    only the window, and learns the quota with learn-quota.ts).
// The 429s of requests already in flight when the first came (before its wait ends) teach nothing.
import type { Quota } from '../../core/quota.ts';

/** Where a 429's reset can be on the run's clock (lo excluded, hi included), and its round trip. */
export interface ResetBounds {
  lo: number;
  hi: number;
  rttMs: number;
}

export interface WaitLearner {
  /** A 429 answered at `t` asking to wait `waitMs`; `accepted`: the operation's accepted answers
   *  (epoch ms, ascending); `reset`: where its reset can be on this clock (none: a sliding window is
   *  not looked for). The quota once two waits gave a window, else undefined. */
  on429(t: number, waitMs: number, accepted: readonly number[], reset?: ResetBounds): Quota | undefined;
}

/** `known`: the window learnt for a limit an operation was shown not to share. */
export function createWaitLearner(known = Infinity): WaitLearner {
  let lastEnd: number | undefined;
  let windowMs = known;
  /** The bounds a sliding window's W keeps (empty once one 429 falls outside), and the last reset's latest instant. */
  let slidingLo = -Infinity;
  let slidingHi = Infinity;
  let lastResetHi: number | undefined;
  const sliding = (t: number, accepted: readonly number[], reset: ResetBounds) => {
    const from = lastResetHi ?? -Infinity;
    const oldest = accepted.find((a) => a >= from && a <= t);
    lastResetHi = reset.hi;
    if (oldest === undefined) return void (slidingLo = Infinity);
    slidingLo = Math.max(slidingLo, reset.lo - oldest);
    slidingHi = Math.min(slidingHi, reset.hi - (oldest - reset.rttMs));
  };
  return {
    on429(t, waitMs, accepted, reset) {
      if (lastEnd !== undefined && t < lastEnd) return undefined;
      const end = t + waitMs;
      if (reset) sliding(t, accepted, reset);
      if (lastEnd !== undefined) {
        let sample = Math.max(1000, Math.round((end - lastEnd) / 1000) * 1000);
        const s = Math.floor(slidingHi / 1000) * 1000;
        if (reset && s >= 1000 && s > slidingLo && s < sample) sample = s;
        windowMs = Math.min(windowMs, sample);
      }
      lastEnd = end;
      if (!Number.isFinite(windowMs)) return undefined;
      let n = 0;
      for (const a of accepted) if (a > end - windowMs && a <= t) n++;
      return { requests: Math.max(1, n), windowMs };
    },
  };
}
