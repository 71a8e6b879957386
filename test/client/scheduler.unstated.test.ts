// A limit the target states nowhere (30 per 5 s on the report, no rate-limit header, nothing in
// the config; a 429 carries only its Retry-After), 8 in flight, on a simulated clock:
//  - learnt from the 429s' waits (client/scheduler/learn-retry-after.ts), the run's 429s stay at or
//    below 5% of its requests;
//  - known before sending (an earlier probe's rate-limit.json: engine/phases/plan/limits.ts), the
//    scheduler starts paced at it and meets none;
//  - a global limit, 100 per 10 s on all requests, stated nowhere: learnt per operation from the
//    waits, at most 5 %.
import { describe, expect, it } from 'vitest';
import { createScheduler } from '../../client/scheduler.ts';
import { startPacedAt } from '../../engine/phases/plan/limits.ts';
import { answer, notSent } from '../../bench/support/answers.ts';
import { clock } from '../../bench/support/sim-clock.ts';

/** Fixed windows of `windowMs` allowing `limit` requests each; a 429 says only Retry-After (whole seconds, rounded up). */
function silentVendor(c: ReturnType<typeof clock>, limit: number, windowMs: number, rttMs: number) {
  const start = c.now() + 1234; // windows not aligned with the run's start
  const count = new Map<number, number>();
  let refused = 0;
  const send = async () => {
    await c.sleep(rttMs / 2);
    const now = c.now();
    const index = Math.floor((now - start) / windowMs);
    const n = count.get(index) ?? 0;
    const allowed = n < limit;
    if (allowed) count.set(index, n + 1);
    else refused++;
    const endsIn = start + (index + 1) * windowMs - now;
    await c.sleep(rttMs / 2);
    return allowed ? answer(200) : answer(429, { 'retry-after': String(Math.max(1, Math.ceil(endsIn / 1000))) });
  };
  return { send, refused: () => refused };
}

const N = 600;

describe('a limit stated nowhere, 30 per 5 s, 8 in flight', () => {
  it.each([{ rttMs: 4 }, { rttMs: 120 }])('is learnt from the 429s Retry-After: at most 5% of the requests meet a 429 (rtt $rttMs ms)', async ({ rttMs }) => {
    const c = clock();
    const s = createScheduler({ concurrency: 8, pacing: true, now: c.now, sleep: c.sleep, retry429: { maxRetries: 5, maxWaitMs: 60_000 } });
    const vendor = silentVendor(c, 30, 5000, rttMs);
    const t0 = c.now();
    const answers = await Promise.all(Array.from({ length: N }, () => s.run(vendor.send, notSent, 'report')));
    expect(answers.every((a) => a.response?.status === 200)).toBe(true);
    expect(vendor.refused() / N).toBeLessThanOrEqual(0.05);
    expect(s.stats().pacing).toMatch(/learnt from 429s' Retry-After \(no rate-limit header\): \d+\/\d+s/);
    // Not slowed below the limit: within 1.5x the floor, N x 5 s / 30.
    expect((c.now() - t0) / ((N * 5000) / 30)).toBeLessThanOrEqual(1.5);
  });

  it('known before sending (an earlier probe), the run starts paced at it and meets no 429', async () => {
    const c = clock();
    const quotas = startPacedAt([{ operations: ['report'], quota: { requests: 30, windowMs: 5000 }, source: 'probe', from: 'rate-limit.json' }]);
    const paced = createScheduler({ concurrency: 8, pacing: true, quotas, now: c.now, sleep: c.sleep, retry429: { maxRetries: 5, maxWaitMs: 60_000 } });
    const vendor = silentVendor(c, 30, 5000, 4);
    await Promise.all(Array.from({ length: 300 }, () => paced.run(vendor.send, notSent, 'report')));
    expect(vendor.refused()).toBe(0);
    // Unknown, the same requests meet 429s before the waits show the limit.
    const c2 = clock();
    const learning = createScheduler({ concurrency: 8, pacing: true, now: c2.now, sleep: c2.sleep, retry429: { maxRetries: 5, maxWaitMs: 60_000 } });
    const vendor2 = silentVendor(c2, 30, 5000, 4);
    await Promise.all(Array.from({ length: 300 }, () => learning.run(vendor2.send, notSent, 'report')));
    expect(vendor2.refused()).toBeGreaterThan(0);
  });
});

/** One limit on every request of every operation, `limit` per `windowMs`, sliding or fixed; a 429 says only Retry-After. */
function globalSilentVendor(c: ReturnType<typeof clock>, algorithm: 'sliding' | 'fixed', limit: number, windowMs: number) {
  const log: number[] = [];
  const counts = new Map<number, number>();
  const start = c.now() + 777;
  let refused = 0;
  const send = async () => {
    await c.sleep(10);
    const now = c.now();
    let allowed: boolean;
    let waitMs: number;
    if (algorithm === 'sliding') {
      while (log.length > 0 && log[0]! <= now - windowMs) log.shift();
      allowed = log.length < limit;
      if (allowed) log.push(now);
      waitMs = log.length > 0 ? log[0]! + windowMs - now : 0;
    } else {
      const index = Math.floor((now - start) / windowMs);
      const n = counts.get(index) ?? 0;
      allowed = n < limit;
      if (allowed) counts.set(index, n + 1);
      waitMs = start + (index + 1) * windowMs - now;
    }
    await c.sleep(10);
    if (!allowed) refused++;
    return allowed ? answer(200) : answer(429, { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) });
  };
  return { send, refused: () => refused };
}

describe('a limit on all requests stated nowhere, 100 per 10 s, three operations side by side', () => {
  it.each(['sliding', 'fixed'] as const)('%s: at most 5 percent of the requests meet a 429, within 1.5x the floor', async (algorithm) => {
    const c = clock();
    const s = createScheduler({ concurrency: 8, pacing: true, now: c.now, sleep: c.sleep, retry429: { maxRetries: 5, maxWaitMs: 60_000 } });
    const vendor = globalSilentVendor(c, algorithm, 100, 10_000);
    const ops = ['report', 'customerCreate', 'orderStatus'];
    const n = 1500;
    const t0 = c.now();
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => s.run(vendor.send, notSent, ops[i % 3]!)));
    expect(answers.every((a) => a.response?.status === 200)).toBe(true);
    expect(vendor.refused() / n).toBeLessThanOrEqual(0.05);
    expect((c.now() - t0) / ((n * 10_000) / 100)).toBeLessThanOrEqual(1.5);
  });
});
