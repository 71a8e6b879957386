// The quota a target keeps to itself, as its 429s' Retry-After show it: the window from the ends
// of two waits (to the nearest whole second: each end is rounded up), or a shorter one a sliding
// window's bounds show (each reset W after the oldest request counted), the quota from what was accepted within it.
import { describe, expect, it } from 'vitest';
import { createWaitLearner } from '../../../client/scheduler/learn-retry-after.ts';

const T = 1_700_000_000_000;
/** `n` accepted answers spread evenly over [from, to). */
const spread = (n: number, from: number, to: number) => Array.from({ length: n }, (_, i) => from + ((to - from) * i) / n);

describe('a quota learnt from Retry-After', () => {
  it('needs two waits: the first shows no window', () => {
    const l = createWaitLearner();
    expect(l.on429(T + 1200, 3800, spread(30, T, T + 1200))).toBeUndefined();
  });

  it('a fixed window of 30 per 5 s: the window between the ends of two waits, to the nearest second', () => {
    const l = createWaitLearner();
    // Window k ends at T + 5000: 30 accepted in its first 1.2 s, then a 429 asking 4 s (3.8 rounded up).
    const first = spread(30, T, T + 1200);
    l.on429(T + 1200, 4000, first);
    // Window k+1 (T+5000 .. T+10000): 30 accepted from the end of the wait (T + 5200), a 429 at
    // T + 6400 asking 4 s (3.6 rounded up): 5.2 s between the ends, 5 s (rounded up: 6 s, a run
    // at 5/6 of the rate the target serves).
    const second = spread(30, T + 5200, T + 6400);
    expect(l.on429(T + 6400, 4000, [...first, ...second])?.windowMs).toBe(5000);
  });

  it('an end rounded up less than the one before (4.6 s between them) is still 5 s, not 4', () => {
    const l = createWaitLearner();
    // Resets at T + 5000 and T + 10_000: a 429 at T + 1900 asking 4 s (3.1 rounded up, its end
    // 0.9 s late), one at T + 6500 asking 4 s (3.5 rounded up, 0.5 s late).
    l.on429(T + 1900, 4000, spread(30, T, T + 1900));
    expect(l.on429(T + 6500, 4000, spread(30, T + 5900, T + 6500))?.windowMs).toBe(5000);
  });

  it('the 429s of requests in flight when the first came teach nothing (their wait ends with it)', () => {
    const l = createWaitLearner();
    l.on429(T + 1200, 4000, spread(30, T, T + 1200));
    expect(l.on429(T + 1250, 4000, spread(30, T, T + 1200))).toBeUndefined();
  });

  it('keeps the smallest window seen: a wait that came windows later does not widen it', () => {
    const l = createWaitLearner();
    l.on429(T, 5000, []);
    l.on429(T + 5000, 5000, spread(10, T + 5000, T + 5000));
    // Three windows without a 429, then one asking 2 s: the window stays 5 s, the quota what its
    // window (the 5 s before the wait ends) accepted.
    const q = l.on429(T + 25_000, 2000, [...spread(40, T + 10_000, T + 21_000), ...spread(12, T + 22_100, T + 25_000)]);
    expect(q).toEqual({ requests: 12, windowMs: 5000 });
  });

  /** Where a reset can be: a wait rounded up from the target's decision, made between the send and the answer. */
  const bounds = (sentAt: number, t: number, waitMs: number) => ({ lo: sentAt + waitMs - 1000, hi: t + waitMs, rttMs: t - sentAt });

  it('a window of 2 s whose second end is rounded up more than the first (2.66 s between them): 2 s, shown by where its resets can be', () => {
    const l = createWaitLearner();
    // 20 answers from T + 15 (a round trip of 30 ms), the window resetting at T + 2000: a 429 at
    // T + 315 asking 2 s (1.685 rounded up); 20 more from the end of its wait (T + 2315), a 429 at
    // T + 2975 asking 2 s (1.025 rounded up): the ends 2.66 s apart (to the nearest second, 3 s).
    const first = spread(20, T + 15, T + 315);
    l.on429(T + 315, 2000, first, bounds(T + 285, T + 315, 2000));
    const second = spread(20, T + 2345, T + 2945);
    expect(l.on429(T + 2975, 2000, [...first, ...second], bounds(T + 2945, T + 2975, 2000))?.windowMs).toBe(2000);
  });

  it('a sliding window of 2 s: each end 2 s (rounded up) after the oldest request counted, 2 s, not 3', () => {
    const l = createWaitLearner();
    // 20 answers from T + 15; the oldest leaves at T + 2000, asked at T + 315: 2 s. From the end of
    // the wait (T + 2315), 20 more, the oldest of them leaving at T + 4330, asked at T + 2975: 2 s.
    const first = spread(20, T + 15, T + 315);
    l.on429(T + 315, 2000, first, bounds(T + 285, T + 315, 2000));
    const second = spread(20, T + 2345, T + 2945);
    expect(l.on429(T + 2975, 2000, [...first, ...second], bounds(T + 2945, T + 2975, 2000))?.windowMs).toBe(2000);
  });

  it('where the resets can be leaves no shorter window to a fixed one whose second end came early (4.6 s between them): 5 s', () => {
    const l = createWaitLearner();
    l.on429(T + 1900, 4000, spread(30, T, T + 1900), bounds(T + 1890, T + 1900, 4000));
    expect(l.on429(T + 6500, 4000, spread(30, T + 5900, T + 6500), bounds(T + 6490, T + 6500, 4000))?.windowMs).toBe(5000);
  });
});
