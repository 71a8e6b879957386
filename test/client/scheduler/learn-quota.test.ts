// A quota learnt from 429s converges in both directions (client/scheduler/learn-quota.ts): what a
// fixed window holds is what was accepted since it last reset (never two windows' worth across
// its edge), it moves down when sending at it meets 429s and up when met with room to spare, and
// it never undercuts a quota stated for the operation. On a simulated clock.
import { describe, expect, it } from 'vitest';
import { createScheduler } from '../../../client/scheduler.ts';
import { createQuotaLearner } from '../../../client/scheduler/learn-quota.ts';
import { statedQuotas } from '../../../client/stated-quotas.ts';
import { answer, notSent } from '../../../bench/support/answers.ts';
import { clock } from '../../../bench/support/sim-clock.ts';

const WINDOW = 10_000;

/** A fixed window of `limit()` per `windowMs` whose 429 states its wait only in its message; `foreign` of the first window spent by another. */
function vendor(c: ReturnType<typeof clock>, limit: () => number, windowMs = WINDOW, says = (w: number) => `please try after ${w / 1000} seconds`) {
  const start = c.now();
  const used = new Map<number, number>();
  let refused = 0;
  let served = 0;
  const serve = async () => {
    const w = Math.floor((c.now() - start) / windowMs);
    const n = used.get(w) ?? 0;
    if (n >= limit()) return (refused++, answer(429, {}, `{"status":false,"message":"Too many request, ${says(windowMs)}"}`));
    used.set(w, n + 1);
    served++;
    return answer(200);
  };
  return { serve, refused: () => refused, served: () => served, spend: (w: number, n: number) => used.set(w, n), start };
}

const scheduler = (c: ReturnType<typeof clock>, extra: object = {}) =>
  createScheduler({ concurrency: 8, pacing: true, now: c.now, sleep: c.sleep, retry429: { maxRetries: 8, maxWaitMs: 120_000 }, ...extra });

describe('a quota learnt from 429s', () => {
  it("counts what was accepted since the window last reset, not two windows' worth across its edge", () => {
    const l = createQuotaLearner();
    // 5 per 6 s: 5 accepted at the end of one window, 5 at the start of the next, then a 429.
    const T = 1_700_000_000_000;
    const first = [T + 5500, T + 5600, T + 5700, T + 5800, T + 5900, T + 6000, T + 6100, T + 6200, T + 6300, T + 6400];
    // The first 429 has no reset to count from: one window before it (an overestimate at worst).
    expect(l.on429(T + 6500, T + 12_500, 6000, first)?.requests).toBe(10);
    // After the wait, 5 accepted and a 429: 5 since the reset (the end of the wait).
    const second = [T + 12_500, T + 12_510, T + 12_520, T + 12_530, T + 12_540];
    expect(l.on429(T + 12_600, T + 18_600, 6000, [...first, ...second])).toEqual({ requests: 5, windowMs: 6000 });
    // A 429 of a request in flight with that one teaches nothing.
    expect(l.on429(T + 12_610, T + 18_610, 6000, [...first, ...second])).toBeUndefined();
  });

  it('counts from the end of a wait whose window was not known yet (a first Retry-After), not across it', () => {
    const l = createQuotaLearner();
    // 80 accepted, then a 429 at 300 asking to wait until 2000; no window known (two waits show it).
    const first = Array.from({ length: 80 }, (_, i) => i * 3);
    expect(l.on429(300, 2000, undefined, first)).toBeUndefined();
    expect(l.pending()).toBe(80);
    // 80 more from the end of that wait, a 429 at 2400 whose window (2 s) is now known: 80, not the
    // 160 of the 2 s before it (two windows' worth).
    const second = Array.from({ length: 80 }, (_, i) => 2000 + i * 4);
    expect(l.on429(2400, 4000, 2000, [...first, ...second])).toEqual({ requests: 80, windowMs: 2000 });
    expect(l.pending()).toBeUndefined();
  });

  it('a first wait whose end was no whole reset (a token bucket refilled one token): the window before, at most what the first held', () => {
    const l = createQuotaLearner();
    // 81 accepted in a burst, a 429 at 42 asking to wait to 1042 (one token, rounded up to a second).
    const first = Array.from({ length: 81 }, (_, i) => 2 + i * 0.5);
    expect(l.on429(42, 1042, undefined, first)).toBeUndefined();
    // What refilled meanwhile: 45, then a 429 at 1172 whose window (2 s) is now known. Counted from
    // the wait's end it would be 45 for a true 80; the 2 s before it hold 126, the first window 81.
    const second = Array.from({ length: 45 }, (_, i) => 1046 + i * 2.8);
    expect(l.on429(1172, 2172, 2000, [...first, ...second])).toEqual({ requests: 81, windowMs: 2000 });
  });

  it("another operation's 429 joining before a window is known counts its answers in what the window held", () => {
    const l = createQuotaLearner();
    const mine = Array.from({ length: 20 }, (_, i) => i * 2);
    expect(l.on429(42, 1042, undefined, mine)).toBeUndefined();
    expect(
      l.join(
        Array.from({ length: 60 }, (_, i) => 1 + i * 0.5),
        42,
      ),
    ).toBeUndefined();
    expect(l.pending()).toBe(80);
  });

  it('shares out a quota when operations leave its limit: the part kept, the part taken, each probed up from there', () => {
    const l = createQuotaLearner();
    l.on429(
      1000,
      3000,
      2000,
      Array.from({ length: 80 }, (_, i) => 200 + i * 10),
    );
    expect(l.split(3 / 4, 3500)).toEqual({ requests: 60, windowMs: 2000 });
    expect(l.onAccepted(4000, true)).toBeUndefined(); // within a window of the split
    expect(l.onAccepted(5600, true)).toEqual({ requests: 61, windowMs: 2000 });
    const taken = createQuotaLearner({ cap: { requests: 20, windowMs: 2000 }, t: 3500 });
    expect(taken.current()).toEqual({ requests: 20, windowMs: 2000 });
    expect(taken.onAccepted(4000, true)).toBeUndefined();
    expect(taken.onAccepted(5600, true)).toEqual({ requests: 21, windowMs: 2000 });
  });

  it('moves up after a quiet window sent in full (by 1, then 2, 4 ...), and a refused probe sets it back and probes less often', () => {
    const l = createQuotaLearner();
    const T = 0;
    l.on429(T + 100, T + 1000, 1000, [10, 20, 30]);
    expect(l.onAccepted(T + 1500, true)).toBeUndefined(); // within the quiet window after the wait
    expect(l.onAccepted(T + 2100, false)).toBeUndefined(); // room, but not sent in full
    expect(l.onAccepted(T + 2100, true)).toEqual({ requests: 4, windowMs: 1000 });
    expect(l.onAccepted(T + 2500, true)).toBeUndefined(); // one raise per window
    expect(l.onAccepted(T + 3200, true)).toEqual({ requests: 6, windowMs: 1000 });
    expect(l.onAccepted(T + 4300, true)).toEqual({ requests: 10, windowMs: 1000 });
    // Refused at 7 since the reset (7 >= 6, where it came from): back to 7, the next probe two windows after the wait.
    const seven = [5000, 5001, 5002, 5003, 5004, 5005, 5006];
    expect(l.on429(5100, 6000, 1000, seven)).toEqual({ requests: 7, windowMs: 1000 });
    expect(l.onAccepted(7500, true)).toBeUndefined();
    expect(l.onAccepted(8000, true)).toEqual({ requests: 8, windowMs: 1000 });
  });

  it('at the production quota (5 per 6 s, the wait in the message), is learnt as 5/6s, not up to twice it, within 1.25x the floor', async () => {
    const c = clock();
    const s = scheduler(c);
    const v = vendor(c, () => 5, 6000);
    const r = await Promise.all(Array.from({ length: 60 }, () => s.run(v.serve, notSent, 'report')));
    expect(r.every((ex) => ex.response?.status === 200)).toBe(true);
    expect(s.learnt().map((q) => q.quota)).toEqual([{ requests: 5, windowMs: 6000 }]);
    expect(s.learnt()[0]!.estimate).toBe(true);
    expect(s.stats().operations.report!.pacing).toMatch(/5\/6s \(an estimate\)/);
    // 60 at 5 per 6 s: 12 windows, the last sent at its start (66 s).
    expect(v.refused() / 60).toBeLessThanOrEqual(0.15);
    expect(c.now() - v.start).toBeLessThanOrEqual(1.25 * 72_000);
  });

  it('moves down when sending at it meets 429s (the target lowered its quota), and up again when it is raised', async () => {
    const c = clock();
    const s = scheduler(c);
    let limit = 40;
    const v = vendor(c, () => limit);
    await Promise.all(Array.from({ length: 200 }, () => s.run(v.serve, notSent, 'orderStatusRead')));
    expect(s.learnt()[0]!.quota.requests).toBe(40);
    limit = 20;
    await Promise.all(Array.from({ length: 100 }, () => s.run(v.serve, notSent, 'orderStatusRead')));
    expect(s.learnt()[0]!.quota.requests).toBe(20);
    limit = 40;
    await Promise.all(Array.from({ length: 300 }, () => s.run(v.serve, notSent, 'orderStatusRead')));
    expect(s.learnt()[0]!.quota.requests).toBeGreaterThanOrEqual(36);
  });

  it('after a 429 that came when another had spent most of a window, climbs back to what the target serves', async () => {
    const c = clock();
    const s = scheduler(c);
    const v = vendor(c, () => 40);
    v.spend(0, 31);
    await Promise.all(Array.from({ length: 20 }, () => s.run(v.serve, notSent, 'orderStatusRead')));
    expect(s.learnt()[0]!.quota.requests).toBe(9);
    await Promise.all(Array.from({ length: 400 }, () => s.run(v.serve, notSent, 'orderStatusRead')));
    expect(s.learnt()[0]!.quota.requests).toBeGreaterThanOrEqual(36);
  });

  for (const says of ['please try after 10 seconds', 'please try after 60 seconds'])
    it(`does not undercut the quota stated for the operation (40/10s) when the 429 says "${says}"`, async () => {
      const c = clock();
      const s = scheduler(c, { quotas: statedQuotas({ orderStatusRead: '40/10s' }) });
      const v = vendor(
        c,
        () => 40,
        WINDOW,
        () => says,
      );
      v.spend(0, 31);
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
});
