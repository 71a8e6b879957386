// The probe's inferences, as pure functions of what it counted and timed (spec 8 rule 1:
// "the thresholds and time window: not shown" - so they are measured, and the headers are only
// hypotheses the measurement confirms).
import type { AlgorithmKind, Refill, RetryAfterCheck } from '../result.ts';

/**
 * The capacity L of a token bucket from the burst that emptied it: `accepted` requests were
 * accepted while it refilled at `rate` tokens/s. The last accepted one (at `spanToLast` s after
 * the first) found at least one token, the refused one (at `spanToRefused`) less than one:
 *   L ∈ [accepted − rate·spanToLast, accepted + 1 − rate·spanToRefused).
 * The integer nearest the middle; an announced limit inside the interval (± one) wins.
 */
export function bucketCapacity(accepted: number, rate: number, spanToLast: number, spanToRefused: number, announced: number | null): number {
  const lo = accepted - rate * spanToLast;
  const hi = accepted + 1 - rate * spanToRefused;
  if (announced !== null && announced >= lo - 1 && announced <= hi + 1) return announced;
  return Math.max(1, Math.round((lo + hi) / 2));
}

/**
 * Refill rate between two refusals: both found less than one token, and `acceptedBetween`
 * requests were accepted in the `seconds` between them, so rate = accepted / seconds ± 1 / seconds.
 */
export function refillRate(acceptedBetween: number, seconds: number): number | null {
  return seconds > 0 ? acceptedBetween / seconds : null;
}

/**
 * Bulk or gradual, from the split test: h requests were accepted at a refill, the rest of the
 * quota later; at the next refill, `acceptedAtNextRefill` requests (stopping at h + 1) got
 * through. A fixed window gives the whole quota back at once (h + 1 pass); a sliding window
 * only what left it (the h of the first part).
 */
export function windowKind(acceptedAtNextRefill: number, h: number): { refill: Refill; algorithm: AlgorithmKind } {
  return acceptedAtNextRefill >= h + 1 ? { refill: 'bulk', algorithm: 'fixed-window' } : { refill: 'gradual', algorithm: 'sliding-window' };
}

/**
 * The first refill after emptying the quota with a quick burst came back as less than half the
 * quota: requests are given back continuously (token bucket), not per window.
 */
export function isTokenBucketLike(acceptedAfterFirstRefill: number, firstBurst: number): boolean {
  return acceptedAfterFirstRefill < Math.max(1, Math.floor(firstBurst / 2));
}

/** RL-3: "when it is sent it must not lie" - every tested Retry-After held. */
export function retryAfterVerdict(present: boolean, checks: RetryAfterCheck[]): boolean | null {
  if (!present || checks.length === 0) return null;
  return checks.every((c) => c.held);
}

/** An announced value agrees with the measured one: exactly (limit) or within max(1 s, 5 %) (window). */
export function limitAgrees(announced: number | null | undefined, measured: number | null): boolean | null {
  if (announced == null || measured === null) return null;
  return announced === measured;
}

export function windowAgrees(announced: number | null | undefined, measured: number | null): boolean | null {
  if (announced == null || measured === null) return null;
  return Math.abs(announced - measured) <= windowTolerance(announced);
}

/** The accuracy goal of a measured window: max(1 s, 5 %). */
export function windowTolerance(windowSeconds: number): number {
  return Math.max(1, 0.05 * windowSeconds);
}

/** The share of the wait since the 429 a poll gap may grow to: the refill is never further than one
 *  window from the 429 that waits for it, so a gap near it is at most 1/64 of the window (the
 *  refill's instant, the middle of the gap, within 1/128; a window, two refills apart, within 2 %). */
export const POLL_SHARE = 64;

/**
 * When to send the next poll for a refill (`waitedMs` since the 429):
 *  - guided (a Retry-After or a reset, polled from one second before it): every `pollMs`;
 *  - within a wait the 429's message states (`statedMs`: an upper bound, a production deployment
 *    states its whole window): every `pollMs`, or 1/64 of that wait when longer;
 *  - else growing with the wait, 1/64 of it, up to one second.
 */
export function nextPollGap(pollMs: number, waitedMs: number, guided: boolean, statedMs: number | null = null): number {
  if (guided) return pollMs;
  if (statedMs !== null && waitedMs < statedMs) return Math.max(pollMs, statedMs / POLL_SHARE);
  return Math.min(1000, Math.max(pollMs, waitedMs / POLL_SHARE));
}
