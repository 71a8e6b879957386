// A sliding limit announced in RateLimit-Policy / RateLimit headers (IETF draft), 8 in flight, on
// a simulated clock: the run keeps its 429s rare (at most 5% of requests) and its pace close to
// the floor (requests x W / L), near and 150 ms away. The ceiling is kept a little above the
// figures the simulated clock makes exact.
import { describe, expect, it } from 'vitest';
import { createScheduler } from '../../client/scheduler.ts';
import { answer, notSent } from '../../bench/support/answers.ts';
import { clock } from '../../bench/support/sim-clock.ts';

/** A target allowing `limit` requests in any `windowMs` (a sliding log), each answer `rttMs` away, its state in headers. */
function slidingVendor(c: ReturnType<typeof clock>, limit: number, windowMs: number, rttMs: number) {
  const log: number[] = [];
  let refused = 0;
  const send = async () => {
    await c.sleep(rttMs / 2);
    const now = c.now();
    while (log.length > 0 && log[0]! <= now - windowMs) log.shift();
    const allowed = log.length < limit;
    if (allowed) log.push(now);
    const untilOldestLeaves = log.length > 0 ? log[0]! + windowMs - now : 0;
    const headers = {
      'ratelimit-policy': `"default";q=${limit};w=${windowMs / 1000}`,
      ratelimit: `"default";r=${Math.max(0, limit - log.length)};t=${Math.ceil(untilOldestLeaves / 1000)}`,
      ...(allowed ? {} : { 'retry-after': String(Math.ceil(untilOldestLeaves / 1000)) }),
    };
    await c.sleep(rttMs / 2);
    if (!allowed) refused++;
    return answer(allowed ? 200 : 429, headers);
  };
  return { send, refused: () => refused };
}

describe('a sliding limit stated in RateLimit headers', () => {
  it.each([
    { rttMs: 2, label: 'near' },
    { rttMs: 150, label: '150 ms away' },
  ])('keeps 429s under 5% of the requests and the pace near its floor, 8 in flight ($label)', async ({ rttMs }) => {
    const c = clock();
    const s = createScheduler({ concurrency: 8, pacing: true, now: c.now, sleep: c.sleep, retry429: { maxRetries: 5, maxWaitMs: 60_000 } });
    const vendor = slidingVendor(c, 20, 2000, rttMs);
    const n = 400;
    const t0 = c.now();
    const answers = await Promise.all(Array.from({ length: n }, () => s.run(vendor.send, notSent, 'report')));
    expect(answers.every((a) => a.response?.status === 200)).toBe(true);
    expect(vendor.refused() / n).toBeLessThanOrEqual(0.05);
    const floorMs = ((n - 20) * 2000) / 20;
    expect((c.now() - t0) / floorMs).toBeLessThanOrEqual(1.3);
  });
});

describe('what the answers taught the scheduler (learnt: the plan starts the run paced at it)', () => {
  it('one policy announced alike on every operation answered is a limit on all requests; on some only, on those', async () => {
    const c = clock();
    const s = createScheduler({ concurrency: 4, pacing: true, now: c.now, sleep: c.sleep });
    const vendor = slidingVendor(c, 20, 2000, 2);
    for (const op of ['report', 'customerCreate', 'contactRead']) await s.run(vendor.send, notSent, op);
    expect(s.learnt()).toEqual([
      {
        name: expect.stringMatching(/^RateLimit-Policy 20 per 2 s, announced alike on every operation answered/),
        quota: { requests: 20, windowMs: 2000 },
        operations: null,
      },
    ]);
    // An operation answered without the policy: the limit covers those that announced it.
    await s.run(async () => answer(200), notSent, 'orderStatus');
    expect(s.learnt()).toEqual([
      { name: 'RateLimit-Policy 20 per 2 s', quota: { requests: 20, windowMs: 2000 }, operations: ['report', 'customerCreate', 'contactRead'] },
    ]);
  });
});
