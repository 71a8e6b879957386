// Rate limiting (7 "429 | Too Many Request", 8 rule 1): the three algorithms with a fake clock,
// then the real server.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createLimiter, rateLimitHeaders, type Algorithm, type RateLimitConfig } from '../../reference/limiter.ts';
import { startReference, type ReferenceServer } from '../../reference/server.ts';
import { call, paths, postReport, reportBody, SECOND_TOKEN, setStatus } from './helpers.ts';

function clocked(config: Partial<RateLimitConfig> & { algorithm: Algorithm }, start = 1_000) {
  const clock = { now: start };
  const limiter = createLimiter({ limit: 3, windowSeconds: 10, scope: 'token', ...config }, () => clock.now);
  const at = (t: number, token = 'a') => {
    clock.now = t;
    return limiter.check(token);
  };
  return { at, limiter };
}
const allowedCount = (results: Array<{ allowed: boolean }>) => results.filter((r) => r.allowed).length;

describe('fixed window', () => {
  it('accepts exactly limit requests per window aligned to its creation, then refuses', () => {
    const { at } = clocked({ algorithm: 'fixed' });
    expect([at(1_000), at(2_000), at(3_000)].map((d) => d.remaining)).toEqual([2, 1, 0]);
    const refused = at(5_500);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterMs: 5_500, retryAfterSeconds: 6, resetSeconds: 6 });
  });

  it('tells a Retry-After after which a request is accepted, and one second less is not enough', () => {
    const { at } = clocked({ algorithm: 'fixed' });
    for (let i = 0; i < 3; i++) at(1_000);
    const d = at(5_500);
    expect(at(5_500 + (d.retryAfterSeconds - 1) * 1000).allowed).toBe(false);
    expect(at(5_500 + d.retryAfterSeconds * 1000).allowed).toBe(true);
  });

  it('refills in bulk at the window boundary, so a burst of twice the limit fits around it', () => {
    const { at } = clocked({ algorithm: 'fixed' }, 0);
    expect(allowedCount([at(9_999), at(9_999), at(9_999), at(9_999), at(10_000), at(10_000), at(10_000), at(10_000)])).toBe(6);
  });
});

describe('sliding log', () => {
  it('accepts while fewer than limit requests were accepted in the last window', () => {
    const { at } = clocked({ algorithm: 'sliding' }, 0);
    expect(allowedCount([at(0), at(2_000), at(4_000)])).toBe(3);
    expect(at(5_000)).toMatchObject({ allowed: false, retryAfterSeconds: 5 });
    expect(at(9_999).allowed).toBe(false);
    expect(at(10_000).allowed).toBe(true);
    expect(at(10_500)).toMatchObject({ allowed: false, retryAfterSeconds: 2 });
    expect(at(12_000).allowed).toBe(true);
  });

  it('refills gradually, one request as each accepted one leaves the window: no burst at a boundary', () => {
    const { at } = clocked({ algorithm: 'sliding' }, 0);
    expect(allowedCount([at(9_999), at(9_999), at(9_999), at(9_999), at(10_000), at(10_000), at(10_000)])).toBe(3);
  });
});

describe('token bucket', () => {
  it('starts full, refills limit/window tokens per second continuously, Retry-After at least 1', () => {
    const { at } = clocked({ algorithm: 'token-bucket', limit: 4, windowSeconds: 2 }, 0);
    expect(allowedCount([at(0), at(0), at(0), at(0)])).toBe(4);
    expect(at(0)).toMatchObject({ allowed: false, retryAfterMs: 500, retryAfterSeconds: 1 });
    expect(at(499).allowed).toBe(false);
    expect(at(500).allowed).toBe(true);
    expect(allowedCount([at(1_500), at(1_500), at(1_500)])).toBe(2);
  });

  it('never holds more than its capacity, however long it waited', () => {
    const { at } = clocked({ algorithm: 'token-bucket', limit: 4, windowSeconds: 2 }, 0);
    expect(allowedCount(Array.from({ length: 10 }, () => at(3_600_000)))).toBe(4);
  });

  it('rounds a long wait up to whole seconds', () => {
    const { at } = clocked({ algorithm: 'token-bucket', limit: 2, windowSeconds: 5 }, 0);
    at(0);
    at(0);
    expect(at(100)).toMatchObject({ allowed: false, retryAfterMs: 2_400, retryAfterSeconds: 3 });
  });
});

describe('every algorithm', () => {
  for (const algorithm of ['fixed', 'sliding', 'token-bucket'] as const) {
    it(`${algorithm}: keeps one state per token in token scope and one for all in global scope`, () => {
      const perToken = clocked({ algorithm });
      expect(allowedCount([perToken.at(1_000, 'a'), perToken.at(1_000, 'a'), perToken.at(1_000, 'a'), perToken.at(1_000, 'a')])).toBe(3);
      expect(perToken.at(1_000, 'b').allowed).toBe(true);
      const global = clocked({ algorithm, scope: 'global' });
      expect(allowedCount([global.at(1_000, 'a'), global.at(1_000, 'b'), global.at(1_000, 'c'), global.at(1_000, 'd')])).toBe(3);
    });

    it(`${algorithm}: tells a truthful Retry-After for any request schedule`, () => {
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 0, max: 4_000 }), { minLength: 1, maxLength: 25 }), fc.integer({ min: 1, max: 4 }), (gaps, limit) => {
          const times = gaps.reduce<number[]>((acc, g) => [...acc, (acc.at(-1) ?? 0) + g], []);
          const config = { algorithm, limit, windowSeconds: 3 };
          const run = clocked(config, 0);
          times.forEach((t, i) => {
            const d = run.at(t);
            if (d.allowed) return;
            // Replay the same schedule up to i, then ask again after Retry-After.
            const replay = clocked(config, 0);
            times.slice(0, i + 1).forEach((u) => replay.at(u));
            expect(replay.at(t + d.retryAfterSeconds * 1000).allowed).toBe(true);
            expect(d.retryAfterSeconds).toBeGreaterThanOrEqual(1);
          });
        }),
        { numRuns: 150 },
      );
    });
  }

  it('writes the RateLimit-Policy and RateLimit headers, or none when disabled', () => {
    const config: RateLimitConfig = { limit: 60, windowSeconds: 10, algorithm: 'fixed', scope: 'token' };
    const d = { allowed: true, remaining: 59, resetSeconds: 10, retryAfterMs: 0, retryAfterSeconds: 0 };
    expect(rateLimitHeaders(config, d)).toEqual({ 'ratelimit-policy': '"default";q=60;w=10', ratelimit: '"default";r=59;t=10' });
    expect(rateLimitHeaders({ ...config, headers: false }, d)).toEqual({});
  });

  it('refuses a limit that is not a positive integer or a window that is not positive', () => {
    expect(() => createLimiter({ limit: 0, windowSeconds: 1, algorithm: 'fixed', scope: 'token' })).toThrow(/limit/);
    expect(() => createLimiter({ limit: 1, windowSeconds: 0, algorithm: 'fixed', scope: 'token' })).toThrow(/window/);
  });
});

describe('the rate limit of the real server (7, 8 rule 1)', () => {
  const servers: ReferenceServer[] = [];
  const start = async (rateLimit: RateLimitConfig) => {
    const s = await startReference({ rateLimit });
    servers.push(s);
    return s;
  };
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  it('answers 429 with the envelope, Retry-After and RateLimit headers over the limit, per token', async () => {
    const ref = await start({ limit: 2, windowSeconds: 60, algorithm: 'fixed', scope: 'token' });
    const first = await postReport(ref.url);
    expect(first.status).toBe(200);
    expect(first.headers['ratelimit-policy']).toBe('"default";q=2;w=60');
    expect(first.headers.ratelimit).toMatch(/^"default";r=1;t=\d+$/);
    // An invalid request by an authenticated client is counted too.
    expect((await call(ref.url, 'POST', paths.customer(), { body: '{' })).status).toBe(400);
    const over = await postReport(ref.url);
    expect(over.status).toBe(429);
    expect(over.json).toEqual({ status: false, message: 'Too Many Request', code: '429', response: null });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(55);
    expect(over.headers.ratelimit).toMatch(/^"default";r=0;t=\d+$/);
    // Another token has its own quota; the order status update and unauthorized requests are not limited.
    expect((await postReport(ref.url, {}, SECOND_TOKEN)).status).toBe(200);
    expect((await setStatus(ref.url, 1001, 'Confirmed')).status).toBe(200);
    expect((await postReport(ref.url, {}, null)).status).toBe(403);
  });

  it('shares one quota among all tokens in global scope, without headers when disabled', async () => {
    const ref = await start({ limit: 1, windowSeconds: 60, algorithm: 'sliding', scope: 'global', headers: false });
    const first = await postReport(ref.url);
    expect(first.status).toBe(200);
    expect(first.headers.ratelimit).toBeUndefined();
    const other = await postReport(ref.url, {}, SECOND_TOKEN);
    expect(other.status).toBe(429);
    expect(other.headers['retry-after']).toBeDefined();
  });

  it('accepts a request sent after the Retry-After it told', async () => {
    const ref = await start({ limit: 1, windowSeconds: 1, algorithm: 'token-bucket', scope: 'token' });
    expect((await call(ref.url, 'POST', paths.customer(), { body: reportBody() })).status).toBe(400);
    const over = await postReport(ref.url);
    expect(over.status).toBe(429);
    await new Promise((r) => setTimeout(r, Number(over.headers['retry-after']) * 1000));
    expect((await postReport(ref.url)).status).toBe(200);
  });
});
