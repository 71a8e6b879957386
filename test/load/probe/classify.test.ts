import { describe, expect, it } from 'vitest';
import {
  bucketCapacity,
  isTokenBucketLike,
  limitAgrees,
  nextPollGap,
  refillRate,
  retryAfterVerdict,
  windowAgrees,
  windowKind,
  windowTolerance,
} from '../../../load/probe/classify.ts';
import type { RetryAfterCheck } from '../../../load/result.ts';

const check = (held: boolean) => ({ held, retryAfterSeconds: 1, testedAfterSeconds: 1.05 }) as RetryAfterCheck;

describe('rate-limit classification', () => {
  it('takes the token bucket capacity from the accepted burst minus what refilled during it', () => {
    // 21 accepted over 0.1 s at 10 tokens/s, the 22nd refused 5 ms later: capacity 20.
    expect(bucketCapacity(21, 10, 0.1, 0.105, null)).toBe(20);
    // 105 accepted over 0.5 s at 10/s: capacity 100.
    expect(bucketCapacity(105, 10, 0.5, 0.505, null)).toBe(100);
    // No refill during the burst: the count is the capacity.
    expect(bucketCapacity(20, 10, 0, 0.001, null)).toBe(20);
  });

  it('prefers an announced capacity that the measured interval allows, and ignores one it does not', () => {
    expect(bucketCapacity(102, 10, 0.25, 0.255, 100)).toBe(100);
    expect(bucketCapacity(102, 10, 0.25, 0.255, 60)).toBe(100);
  });

  it('derives the refill rate from what was accepted between two refusals', () => {
    expect(refillRate(10, 1)).toBe(10);
    expect(refillRate(5, 0)).toBeNull();
  });

  it('calls a refill that gives back more than half the quota + 1 a fixed window, less a sliding window', () => {
    expect(windowKind(11, 10)).toEqual({ refill: 'bulk', algorithm: 'fixed-window' });
    expect(windowKind(10, 10)).toEqual({ refill: 'gradual', algorithm: 'sliding-window' });
    expect(windowKind(1, 10)).toEqual({ refill: 'gradual', algorithm: 'sliding-window' });
  });

  it('takes a first refill smaller than half the quota as a token bucket', () => {
    expect(isTokenBucketLike(3, 20)).toBe(true);
    expect(isTokenBucketLike(10, 20)).toBe(false);
    expect(isTokenBucketLike(0, 1)).toBe(true);
  });

  it('judges Retry-After truthful only when it was sent and every test held', () => {
    expect(retryAfterVerdict(false, [])).toBeNull();
    expect(retryAfterVerdict(true, [])).toBeNull();
    expect(retryAfterVerdict(true, [check(true), check(true)])).toBe(true);
    expect(retryAfterVerdict(true, [check(true), check(false)])).toBe(false);
  });

  it('compares announced and measured figures: the limit exactly, the window within max(1 s, 5 %)', () => {
    expect(limitAgrees(20, 20)).toBe(true);
    expect(limitAgrees(20, 21)).toBe(false);
    expect(limitAgrees(null, 20)).toBeNull();
    expect(windowTolerance(2)).toBe(1);
    expect(windowTolerance(100)).toBe(5);
    expect(windowAgrees(2, 2.9)).toBe(true);
    expect(windowAgrees(2, 3.1)).toBe(false);
    expect(windowAgrees(60, 57.5)).toBe(true);
    expect(windowAgrees(undefined, 2)).toBeNull();
  });

  it('polls at a steady pace when a hint says when, and with growing gaps up to a second when not', () => {
    expect(nextPollGap(100, 5000, true)).toBe(100);
    expect(nextPollGap(100, 400, false)).toBe(100);
    expect(nextPollGap(100, 12_800, false)).toBe(200);
    expect(nextPollGap(100, 120_000, false)).toBe(1000);
  });

  it('never polls more than 2 % of a window of 6, 10 or 60 s apart near its refill, however long the wait before it', () => {
    // The refill comes at most one window after the 429 that waits for it.
    for (const windowMs of [6000, 10_000, 60_000])
      for (let waited = 0; waited <= windowMs; waited += windowMs / 100) expect(nextPollGap(100, waited, false)).toBeLessThanOrEqual(0.02 * windowMs);
  });

  it("polls within a wait the 429's message states at 1/64 of it, and past it as without one", () => {
    expect(nextPollGap(100, 1000, false, 10_000)).toBe(156.25);
    expect(nextPollGap(100, 1000, false, 3000)).toBe(100);
    expect(nextPollGap(100, 12_800, false, 10_000)).toBe(200);
  });
});
