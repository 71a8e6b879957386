// A quota learnt from a 429 never undercuts a quota stated for the operation (whatever window the
// 429's message names), nor the rate the target served before it said no (the most it accepted
// within one window, not what the last window held). On a simulated clock: a read allowed 40 per
// fixed 10 s window, whose 429 says the wait only in its message.
import { describe, expect, it } from 'vitest';
import { createScheduler } from '../../../client/scheduler.ts';
import { mostServed } from '../../../client/scheduler/learn-retry-after.ts';
import { statedQuotas } from '../../../client/stated-quotas.ts';
import { answer, notSent } from '../answers.ts';
import { clock } from '../sim-clock.ts';

const WINDOW = 10_000;

/** 40 reads per fixed 10 s window; `foreign` of the first window spent by another process (a preflight). */
function read(c: ReturnType<typeof clock>, foreign: number, says = 'please try after 10 seconds') {
  const start = c.now();
  const used = new Map<number, number>([[0, foreign]]);
  let refused = 0;
  const serve = async () => {
    const w = Math.floor((c.now() - start) / WINDOW);
    const n = used.get(w) ?? 0;
    if (n >= 40) return (refused++, answer(429, {}, `{"status":false,"message":"Too many request, ${says}"}`));
    used.set(w, n + 1);
    return answer(200);
  };
  return { serve, refused: () => refused, spend: (w: number, n: number) => used.set(w, n) };
}

describe('a quota learnt from 429s', () => {
  it('is the most served within one window, not what the last window held', () => {
    const t = [0, 100, 200, 300, 9000, 20_000, 20_100];
    expect(mostServed(t, WINDOW, 20_100)).toBe(5);
    expect(mostServed(t, WINDOW, 20_100 + WINDOW)).toBe(5);
    expect(mostServed(t.slice(5), WINDOW, 20_100)).toBe(2);
    expect(mostServed([], WINDOW, 0)).toBe(0);
    // Half-open: an answer exactly one window after another is in the next window.
    expect(mostServed([0, WINDOW], WINDOW, WINDOW)).toBe(1);
  });

  for (const says of ['please try after 10 seconds', 'please try after 60 seconds'])
    it(`does not undercut the quota stated for the operation (40/10s) when the 429 says "${says}"`, async () => {
      const c = clock();
      const s = createScheduler({
        concurrency: 8,
        pacing: true,
        now: c.now,
        sleep: c.sleep,
        retry429: { maxRetries: 5, maxWaitMs: 70_000 },
        quotas: statedQuotas({ orderStatusRead: '40/10s' }),
      });
      const v = read(c, 31, says);
      const t0 = c.now();
      const r = await Promise.all(Array.from({ length: 89 }, () => s.run(v.serve, notSent, 'orderStatusRead')));
      expect(r.every((ex) => ex.response?.status === 200)).toBe(true);
      expect(s.learnt()).toEqual([]);
      expect(s.stats().operations.orderStatusRead!.pacing).not.toMatch(/learnt/);
      // 9 in the first window (31 were another's), 40 in each of the next two: the floor is 20 s (a
      // 60 s wait stated is waited once, 60 s).
      const floor = says.includes('60') ? 60_000 : 2 * WINDOW;
      expect(c.now() - t0).toBeLessThanOrEqual(1.25 * floor);
    });

  it('with no quota stated, keeps the most the target served in a window before a 429 that came when another had spent most of one', async () => {
    const c = clock();
    const s = createScheduler({ concurrency: 8, pacing: true, now: c.now, sleep: c.sleep, retry429: { maxRetries: 5, maxWaitMs: 70_000 } });
    const v = read(c, 0);
    const start = c.now();
    // 30 served in the first window, no 429.
    await Promise.all(Array.from({ length: 30 }, () => s.run(v.serve, notSent, 'orderStatusRead')));
    expect(v.refused()).toBe(0);
    // Three windows later another process spends 31 of the window: the 10th read is refused.
    await c.sleep(3 * WINDOW - (c.now() - start));
    v.spend(3, 31);
    await Promise.all(Array.from({ length: 10 }, () => s.run(v.serve, notSent, 'orderStatusRead')));
    expect(v.refused()).toBe(1);
    // Not 9/10s (what the last window held): 30, what the target served before it said no.
    expect(s.learnt().map((q) => q.quota)).toEqual([{ requests: 30, windowMs: WINDOW }]);
  });
});
