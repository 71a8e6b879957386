// The run's waited time is wall time: requests waiting side by side count once, so the waits of a
// run never add up to more than the run. Given intervals, and a simulated clock.
import { describe, expect, it } from 'vitest';
import { createWaiting } from '../../../client/scheduler/waiting.ts';
import { clock } from '../../../bench/support/sim-clock.ts';

/** The wall time of given waiting intervals [start, end): their union's length (the oracle: what createWaiting must measure). */
function unionMs(intervals: readonly (readonly [number, number])[]): number {
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of [...intervals].sort((x, y) => x[0] - y[0])) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}

describe('waited time', () => {
  it('is the union of the waiting intervals, not their sum', () => {
    expect(unionMs([])).toBe(0);
    expect(unionMs([[0, 10_000]])).toBe(10_000);
    // Eight slots waiting the same 10 s: 10 s, not 80 s.
    expect(unionMs(Array.from({ length: 8 }, () => [0, 10_000] as const))).toBe(10_000);
    // Overlapping, nested, touching and apart, in any order.
    expect(
      unionMs([
        [5_000, 8_000],
        [0, 6_000],
        [1_000, 2_000],
        [8_000, 9_000],
        [20_000, 21_000],
      ]),
    ).toBe(10_000);
  });

  it('counts requests waiting side by side once, on a simulated clock', async () => {
    const c = clock();
    const stats = { waitedMs: 0 };
    const waiting = createWaiting(c.now, stats);
    const t0 = c.now();
    // Requests waiting [0, 10 s), [2 s, 12 s), [5 s, 6 s), then alone [20 s, 23 s) after a 8 s pause.
    const waitFrom = async (start: number, ms: number) => {
      await c.sleep(start);
      await waiting.during(() => c.sleep(ms));
    };
    await Promise.all([waitFrom(0, 10_000), waitFrom(2_000, 10_000), waitFrom(5_000, 1_000), waitFrom(20_000, 3_000)]);
    expect(c.now() - t0).toBe(23_000);
    const expected = unionMs([
      [0, 10_000],
      [2_000, 12_000],
      [5_000, 6_000],
      [20_000, 23_000],
    ]);
    expect(expected).toBe(15_000);
    expect(stats.waitedMs).toBe(expected);
    // Never more than the time that passed.
    expect(stats.waitedMs).toBeLessThanOrEqual(c.now() - t0);
  });

  it('counts a wait that throws', async () => {
    const c = clock();
    const stats = { waitedMs: 0 };
    const waiting = createWaiting(c.now, stats);
    await expect(waiting.during(() => c.sleep(500).then(() => Promise.reject(new Error('stopped'))))).rejects.toThrow('stopped');
    expect(stats.waitedMs).toBe(500);
  });
});
