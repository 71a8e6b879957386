// The one scheduler, on a simulated clock: concurrency, the user's cap, pacing learnt from every
// form of rate-limit header, 429 waits (Retry-After read against the answer's Date), the run and
// request budgets, the breaker and stop.
import { describe, expect, it } from 'vitest';
import { createScheduler, inFlow, type SchedulerOptions } from '../../client/scheduler.ts';
import { parseQuota } from '../../core/quota.ts';
import { answer, none, notSent } from '../../bench/support/answers.ts';

/** A simulated clock: sleep advances it. */
function clock() {
  let t = 1_700_000_000_000;
  return {
    now: () => t,
    sleep: async (ms: number) => {
      t += ms;
      await Promise.resolve();
    },
    advance: (ms: number) => (t += ms),
  };
}

function scheduler(o: Partial<SchedulerOptions> = {}) {
  const c = clock();
  return { c, s: createScheduler({ concurrency: 4, pacing: true, now: c.now, sleep: c.sleep, ...o }) };
}

/** A send that answers after 2 ms, and the order in which the sends went out, by label. */
function labelled() {
  const order: string[] = [];
  const send = (label: string) => async () => {
    order.push(label);
    await new Promise((r) => setTimeout(r, 2));
    return answer(200);
  };
  return { order, send };
}

describe('the scheduler', () => {
  it('keeps at most `concurrency` requests in flight', async () => {
    const { s } = scheduler({ concurrency: 3, pacing: false });
    let inFlight = 0;
    let most = 0;
    const send = async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return answer(200);
    };
    await Promise.all(Array.from({ length: 12 }, () => s.run(send, notSent)));
    expect(most).toBe(3);
    expect(s.stats().sent).toBe(12);
  });

  it('gives the next free slot to the flow with the fewest requests in flight: a chain never waits behind a backlog', async () => {
    const { s } = scheduler({ concurrency: 2, pacing: false });
    const { order, send } = labelled();
    // A property's 20 runs queue at once; a chain sends 3 requests one after another meanwhile.
    const bulk = inFlow('property', () => Promise.all(Array.from({ length: 20 }, (_, i) => s.run(send(`p${i}`), notSent))));
    const chain = inFlow('chain', async () => {
      for (const i of [0, 1, 2]) await s.run(send(`c${i}`), notSent);
    });
    await Promise.all([bulk, chain]);
    expect(order.filter((l) => l.startsWith('p'))).toEqual(Array.from({ length: 20 }, (_, i) => `p${i}`));
    // Each request of the chain goes at the next free slot: at most 2 of the backlog before it.
    const at = (l: string) => order.indexOf(l);
    expect(at('c0')).toBeLessThanOrEqual(2);
    expect(at('c1') - at('c0')).toBeLessThanOrEqual(3);
    expect(at('c2') - at('c1')).toBeLessThanOrEqual(3);
    expect(at('c2')).toBeLessThan(10);
  });

  it('sends the requests of a burst flow ahead of every waiting request, so they are in flight together', async () => {
    const { s } = scheduler({ concurrency: 4, pacing: false });
    const { order, send } = labelled();
    const bulk = inFlow('property', () => Promise.all(Array.from({ length: 30 }, (_, i) => s.run(send(`p${i}`), notSent))));
    const burst = inFlow('lost updates', () => Promise.all(Array.from({ length: 4 }, (_, i) => s.run(send(`b${i}`), notSent))), { burst: true });
    await Promise.all([bulk, burst]);
    const at = ['b0', 'b1', 'b2', 'b3'].map((l) => order.indexOf(l));
    // The four go in the four slots that free first: consecutive, right after the first four sent.
    expect(at).toEqual([4, 5, 6, 7]);
  });

  it('never sends more than the user cap per window', async () => {
    const { c, s } = scheduler({ concurrency: 1, pacing: false, cap: parseQuota('5/10s') });
    const times: number[] = [];
    for (let i = 0; i < 12; i++) await s.run(async () => (times.push(c.now()), answer(200)), notSent);
    for (let i = 5; i < times.length; i++) expect(times[i]! - times[i - 5]!).toBeGreaterThanOrEqual(10_000);
  });

  it.each([
    ['RateLimit structured fields', (r: number, t: number) => ({ ratelimit: `"default";r=${r};t=${t}`, 'ratelimit-policy': '"default";q=3;w=10' })],
    [
      'RateLimit-Limit/-Remaining/-Reset',
      (r: number, t: number) => ({ 'ratelimit-limit': '3', 'ratelimit-remaining': String(r), 'ratelimit-reset': String(t) }),
    ],
    [
      'X-RateLimit-* with a Unix reset',
      (r: number, t: number, now: number) => ({
        'x-ratelimit-limit': '3',
        'x-ratelimit-remaining': String(r),
        'x-ratelimit-reset': String(Math.ceil(now / 1000) + t),
      }),
    ],
  ])('paces under the quota the %s announce, with no 429', async (_what, headers) => {
    const { c, s } = scheduler({ concurrency: 1 });
    // A fixed window of 3 per 10 s, announced by the headers.
    let windowStart = c.now();
    let used = 0;
    let refused = 0;
    const send = async () => {
      if (c.now() - windowStart >= 10_000) {
        windowStart += 10_000 * Math.floor((c.now() - windowStart) / 10_000);
        used = 0;
      }
      const reset = Math.ceil((windowStart + 10_000 - c.now()) / 1000);
      if (used >= 3) return (refused++, answer(429, { ...headers(0, reset, c.now()), 'retry-after': String(reset) }));
      used++;
      return answer(200, headers(3 - used, reset, c.now()));
    };
    for (let i = 0; i < 9; i++) expect((await s.run(send, notSent)).response?.status).toBe(200);
    expect(refused).toBe(0);
    expect(s.stats().pacing).toMatch(/RateLimit|rate-limit headers/);
  });

  it("waits out a 429 whose Retry-After is an HTTP-date, read against the answer's own Date, and resends it", async () => {
    const { c, s } = scheduler({ concurrency: 1, retry429: { maxRetries: 3, maxWaitMs: 60_000 } });
    const skew = 3_600_000; // the server's clock is an hour ahead of this one
    let n = 0;
    const sentAt: number[] = [];
    const send = async () => {
      sentAt.push(c.now());
      if (n++ > 0) return answer(200);
      const serverNow = c.now() + skew;
      return answer(429, { date: new Date(serverNow).toUTCString(), 'retry-after': new Date(serverNow + 5000).toUTCString() });
    };
    const ex = await s.run(send, notSent);
    expect(ex.response?.status).toBe(200);
    expect(ex.rateLimited?.retries).toBe(1);
    expect(sentAt[1]! - sentAt[0]!).toBeGreaterThanOrEqual(4000);
    expect(sentAt[1]! - sentAt[0]!).toBeLessThan(7000);
  });

  it('slows down after 429s without any header, and recovers', async () => {
    const { s } = scheduler({ concurrency: 1, retry429: { maxRetries: 5, maxWaitMs: 60_000 } });
    let n = 0;
    const ex = await s.run(async () => (n++ < 2 ? answer(429) : answer(200)), notSent);
    expect(ex.response?.status).toBe(200);
    expect(s.stats().pacing).toMatch(/adaptive/);
    expect(s.stats().responses429).toBe(2);
  });

  it('does not send past the run budget, the request budget, or a stop', async () => {
    const budget = scheduler({ deadline: 1_700_000_000_000 + 1000, pacing: false });
    expect((await budget.s.run(async () => answer(200), notSent)).response?.status).toBe(200);
    budget.c.advance(1000);
    expect((await budget.s.run(async () => answer(200), notSent)).notSent?.reason).toBe('budget');
    const requests = scheduler({ maxRequests: 2, pacing: false });
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await requests.s.run(async () => answer(200), notSent));
    expect(results.map((r) => r.notSent?.reason ?? r.response?.status)).toEqual([200, 200, 'max-requests']);
    const stop = scheduler({ pacing: false });
    stop.s.stop();
    expect((await stop.s.run(async () => answer(200), notSent)).notSent?.reason).toBe('interrupted');
  });

  it("does not send a flow's requests once its stop is aborted (a test's time limit), one waiting for its pace included; other flows go on", async () => {
    const c = clock();
    const limit = new AbortController();
    // The stop comes while the second request waits for the pace of the cap (1 per 10 s).
    const sleep = async (ms: number) => (limit.abort("stopped by the kit's time limit"), c.sleep(ms));
    const s = createScheduler({ concurrency: 1, pacing: false, cap: parseQuota('1/10s'), now: c.now, sleep });
    const ofTest = <T>(f: () => Promise<T>) => inFlow('test', f, { stop: limit.signal });
    const sent: string[] = [];
    const send = (label: string) => async () => (sent.push(label), answer(200));
    expect((await ofTest(() => s.run(send('first'), notSent))).response?.status).toBe(200);
    const waited = await ofTest(() => s.run(send('second'), notSent));
    expect(waited.notSent).toEqual({ reason: 'time-limit', message: "stopped by the kit's time limit" });
    // A flow inside the test's (h.atOnce, h.ahead) keeps its stop.
    const inner = await ofTest(() => inFlow('test at once', () => s.run(send('inner'), notSent), { burst: true }));
    expect(inner.notSent?.reason).toBe('time-limit');
    expect((await inFlow('another test', () => s.run(send('other'), notSent))).response?.status).toBe(200);
    expect(sent).toEqual(['first', 'other']);
    expect(s.stats().notSent['time-limit']).toBe(2);
  });

  it('stops sending after `breakerThreshold` requests without an answer, and lets one through a while later', async () => {
    const { c, s } = scheduler({ breakerThreshold: 3, pacing: false, concurrency: 1 });
    for (let i = 0; i < 3; i++) expect((await s.run(async () => none(), notSent)).failure?.kind).toBe('timeout');
    const skipped = await s.run(async () => answer(200), notSent);
    expect(skipped.notSent).toMatchObject({ reason: 'breaker', message: expect.stringMatching(/previous 3 requests got no answer \(timeout/) });
    c.advance(6000);
    expect((await s.run(async () => answer(200), notSent)).response?.status).toBe(200);
    expect((await s.run(async () => answer(200), notSent)).response?.status).toBe(200);
  });
});
