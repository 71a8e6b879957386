// The scheduler's 429 figures, on a simulated clock: the 429s met are those waited out plus those
// still refused, and the waited time is wall time, with or without pacing: eight requests waiting
// the same 10 s side by side wait 10 s, not 80 s.
import { describe, expect, it } from 'vitest';
import { createScheduler } from '../../client/scheduler.ts';
import { answer, notSent } from '../../bench/support/answers.ts';
import { clock } from '../../bench/support/sim-clock.ts';

/** Eight requests at once to a target that refuses each one's first `refusals` tries with Retry-After: 10. */
async function eightRefused(pacing: boolean, refusals: number, maxRetries: number) {
  const c = clock();
  const s = createScheduler({ concurrency: 8, pacing, now: c.now, sleep: c.sleep, retry429: { maxRetries, maxWaitMs: 60_000 } });
  const t0 = c.now();
  const one = () => {
    let tries = 0;
    return async () => (tries++ < refusals ? answer(429, { 'retry-after': '10' }) : answer(200));
  };
  await Promise.all(Array.from({ length: 8 }, () => s.run(one(), notSent, 'report')));
  return { stats: s.stats(), elapsed: c.now() - t0 };
}

describe("the scheduler's 429 figures", () => {
  for (const pacing of [false, true])
    it(`wall time waited, 429s met = waited out + still refused (pacing ${pacing ? 'on' : 'off'})`, async () => {
      const { stats, elapsed } = await eightRefused(pacing, 1, 3);
      expect(stats.responses429).toBe(8);
      expect(stats.retries + stats.refused429).toBe(stats.responses429);
      expect(stats.refused429).toBe(0);
      expect(stats.waitedMs).toBeGreaterThanOrEqual(10_000);
      expect(stats.waitedMs).toBeLessThanOrEqual(elapsed);
    });

  it('counts the 429s a request is still refused with once its retries are spent', async () => {
    const { stats, elapsed } = await eightRefused(false, 5, 2);
    // Each request: 2 waited out, then the third 429 answered to the test.
    expect(stats.responses429).toBe(24);
    expect(stats.retries).toBe(16);
    expect(stats.refused429).toBe(8);
    expect(stats.waitedMs).toBeLessThanOrEqual(elapsed);
    expect(stats.waitedMs).toBeGreaterThanOrEqual(20_000);
  });
});
