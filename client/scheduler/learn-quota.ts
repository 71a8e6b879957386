// A quota no header or config states, learnt from the 429s of one pace, in both directions (its
// window comes from elsewhere: a message's stated wait, or two Retry-After waits):
//  - what a window holds is what was accepted since the window last reset: between the end of the
//    last wait and this 429 (the first 429: within one window before it), never the most answers
//    in any stretch of the window's length (across a fixed window's edge that is two windows' worth);
//  - down: a 429 met while sending at the quota sets it to what was accepted since the reset;
//  - up: a whole quiet window sent at the quota (every send of it accepted, the pace holding the
//    next back) raises it, a probe: by 1, then 2, 4 ... while probes pass. A probe refused at or
//    above where it came from confirms the quota: the next probe waits twice as many windows.
// 429s answered before the last wait ended (requests in flight with the first) teach nothing. A 429
// whose window is not known yet (a Retry-After: two waits show it) still marks a reset: the quota
// learnt at the next counts from the end of its wait, not across it, unless that window held well
// under the first (a token bucket's wait is for one token): then the window before, at most the first's.
import type { Quota } from '../../core/quota.ts';

export interface QuotaLearner {
  /** A 429 answered at `t` whose wait ends at `waitEnd`, for a window of `windowMs` (undefined: not
   *  known yet, the reset still counts from); `accepted`: the pace's accepted answers (epoch ms,
   *  ascending). The new quota, or undefined. */
  on429(t: number, waitEnd: number, windowMs: number | undefined, accepted: readonly number[]): Quota | undefined;
  /** While no window is known: what the last 429 showed accepted since the reset before it (all, for the first). */
  pending(): number | undefined;
  /** An accepted answer at `t`; `full`: the quota's sends of the last window were all made. The raised quota, or undefined. */
  onAccepted(t: number, full: boolean): Quota | undefined;
  /** Another operation's 429 showed it shares this limit: its answers accepted since the last
   *  reset (up to `t`) count too (in what the last 429 held, while no window is known). The quota with them. */
  join(accepted: readonly number[], t: number): Quota | undefined;
  /** Operations left the limit it is about (shown to have their own): `keep` of the quota stays. The quota left. */
  split(keep: number, t: number): Quota | undefined;
  /** The same quota over another window (a trial told a sliding window from a fixed one: slide-trial.ts). */
  rewindow(windowMs: number): Quota | undefined;
  current(): Quota | undefined;
}

/** What the window after the first wait held, against the one before, below which its end was no whole reset. */
const SHORT = 0.9;

/** `seed`: the share of a quota learnt for a limit an operation was shown not to share (at `t`). */
export function createQuotaLearner(seed?: { cap: Quota; t: number; lastWaitEnd?: number }): QuotaLearner {
  let cap: Quota | undefined = seed?.cap;
  let lastWaitEnd: number | undefined = seed?.lastWaitEnd;
  /** The quota before the last raise (a probe under way), and the next raise's step. */
  let probeFrom: number | undefined;
  let step = 1;
  /** Quiet windows before the next probe, and when it may come. */
  let quiet = 1;
  let nextProbeAt = seed ? seed.t + seed.cap.windowMs : Infinity;
  /** Since when the last 429's count ran. */
  let lastSince = -Infinity;
  let pending: number | undefined;
  return {
    on429(t, waitEnd, windowMs, accepted) {
      if (lastWaitEnd !== undefined && t < lastWaitEnd) return undefined;
      const count = (from: number) => {
        let n = 0;
        for (const a of accepted) if (a >= from && a <= t) n++;
        return Math.max(1, n);
      };
      let since = Math.max(lastWaitEnd ?? -Infinity, t - (windowMs ?? Infinity));
      let n = count(since);
      if (windowMs === undefined) return ((lastSince = since), (pending = n), (lastWaitEnd = waitEnd), undefined);
      // The first wait's end (marked before the window was known) held well under what the window
      // before it held: not a whole reset (a token bucket asks to wait for one token; what it
      // refilled meanwhile is part of a window), or the first count crossed a fixed window's edge.
      // Then the window before this 429, never above what the first held.
      if (pending !== undefined && n < SHORT * pending) ((since = t - windowMs), (n = Math.min(pending, count(since))));
      ((lastSince = since), (pending = undefined));
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
      const n = accepted.filter((a) => a >= lastSince && a <= t).length;
      if (!cap) {
        if (pending !== undefined) pending += n;
        return undefined;
      }
      cap = { requests: cap.requests + n, windowMs: cap.windowMs };
      return cap;
    },
    split(keep, t) {
      if (!cap) return undefined;
      cap = { requests: Math.max(1, Math.round(cap.requests * keep)), windowMs: cap.windowMs };
      ((probeFrom = undefined), (step = 1), (quiet = 1), (nextProbeAt = t + cap.windowMs));
      return cap;
    },
    rewindow(windowMs) {
      if (cap && cap.windowMs !== windowMs) cap = { requests: cap.requests, windowMs };
      return cap;
    },
    pending: () => pending,
    current: () => cap,
  };
}
