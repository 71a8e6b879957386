// A quota the target keeps to itself (no rate-limit header, nothing in the config: spec 8 rule 1,
// "the thresholds and time window: not shown"), learnt from its 429s' Retry-After:
//  - the window: the time between the ends of two waits (a fixed window resets once per window, a
//    sliding one frees its oldest request), the smallest seen, to the nearest whole second: each
//    end is its reset rounded up to a whole second (RFC 9110 10.2.3: delay-seconds), so two ends of
//    consecutive resets differ by the window give or take under a second, and rounding up would
//    take most windows a second too long;
//  - the quota: what the operation got accepted within the window before the 429 (pacing.ts takes
//    only the window, and learns the quota with learn-quota.ts).
// The 429s of requests already in flight when the first came (before its wait ends) teach nothing.
import type { Quota } from '../../core/quota.ts';

export interface WaitLearner {
  /** A 429 answered at `t` asking to wait `waitMs`; `accepted`: the operation's accepted answers
   *  (epoch ms, ascending). The quota once two waits gave a window, else undefined. */
  on429(t: number, waitMs: number, accepted: readonly number[]): Quota | undefined;
}

/** `known`: the window learnt for a limit an operation was shown not to share. */
export function createWaitLearner(known = Infinity): WaitLearner {
  let lastEnd: number | undefined;
  let windowMs = known;
  return {
    on429(t, waitMs, accepted) {
      if (lastEnd !== undefined && t < lastEnd) return undefined;
      const end = t + waitMs;
      if (lastEnd !== undefined) windowMs = Math.min(windowMs, Math.max(1000, Math.round((end - lastEnd) / 1000) * 1000));
      lastEnd = end;
      if (!Number.isFinite(windowMs)) return undefined;
      let n = 0;
      for (const a of accepted) if (a > end - windowMs && a <= t) n++;
      return { requests: Math.max(1, n), windowMs };
    },
  };
}
