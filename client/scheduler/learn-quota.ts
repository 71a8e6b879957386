// A quota no header or config states, learnt from the 429s of one pace, in both directions (its
// window comes from elsewhere: a message's stated wait, or two Retry-After waits):
//  - what a window holds is what was accepted since the window last reset: between the end of the
//    last wait and this 429 (the first 429: within one window before it), never the most answers
//    in any stretch of the window's length (across a fixed window's edge that is two windows' worth);
//  - down: a 429 met while sending at the quota sets it to what was accepted since the reset;
//  - up: a whole quiet window sent at the quota (every send of it accepted, the pace holding the
//    next back) raises it, a probe: by 1, then 2, 4 ... while probes pass. A probe refused at or
//    above where it came from confirms the quota: the next probe waits twice as many windows.
// 429s answered before the last wait ended (requests in flight with the first) teach nothing.
import type { Quota } from '../../core/quota.ts';

export interface QuotaLearner {
  /** A 429 answered at `t` whose wait ends at `waitEnd`, for a window of `windowMs`; `accepted`:
   *  the pace's accepted answers (epoch ms, ascending). The new quota, or undefined. */
  on429(t: number, waitEnd: number, windowMs: number, accepted: readonly number[]): Quota | undefined;
  /** An accepted answer at `t`; `full`: the quota's sends of the last window were all made. The raised quota, or undefined. */
  onAccepted(t: number, full: boolean): Quota | undefined;
  /** Another operation's 429 showed it shares this limit: its answers accepted since the last
   *  reset (up to `t`) count too. The quota with them. */
  join(accepted: readonly number[], t: number): Quota | undefined;
  current(): Quota | undefined;
}

export function createQuotaLearner(): QuotaLearner {
  let cap: Quota | undefined;
  let lastWaitEnd: number | undefined;
  /** The quota before the last raise (a probe under way), and the next raise's step. */
  let probeFrom: number | undefined;
  let step = 1;
  /** Quiet windows before the next probe, and when it may come. */
  let quiet = 1;
  let nextProbeAt = Infinity;
  /** Since when the last 429's count ran. */
  let lastSince = -Infinity;
  return {
    on429(t, waitEnd, windowMs, accepted) {
      if (lastWaitEnd !== undefined && t < lastWaitEnd) return undefined;
      const since = (lastSince = Math.max(lastWaitEnd ?? -Infinity, t - windowMs));
      let n = 0;
      for (const a of accepted) if (a >= since && a <= t) n++;
      n = Math.max(1, n);
      // A probe refused where the quota was held: it is confirmed, probe less often. Refused below
      // (another client spent part of the window, or the quota fell): start probing from there.
      quiet = probeFrom !== undefined && n >= probeFrom ? Math.min(64, quiet * 2) : 1;
      probeFrom = undefined;
      step = 1;
      cap = { requests: n, windowMs };
      lastWaitEnd = waitEnd;
      nextProbeAt = waitEnd + quiet * windowMs;
      return cap;
    },
    onAccepted(t, full) {
      if (!cap || !full || t < nextProbeAt) return undefined;
      if (probeFrom !== undefined) step = Math.min(step * 2, Math.max(1, cap.requests));
      probeFrom = cap.requests;
      cap = { requests: cap.requests + step, windowMs: cap.windowMs };
      nextProbeAt = t + cap.windowMs;
      return cap;
    },
    join(accepted, t) {
      if (!cap) return undefined;
      const n = accepted.filter((a) => a >= lastSince && a <= t).length;
      cap = { requests: cap.requests + n, windowMs: cap.windowMs };
      return cap;
    },
    current: () => cap,
  };
}
