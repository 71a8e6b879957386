// The rate limits of each profile (7 "429 | Too Many Request", 8 rule 1 "thresholds and time
// window: not shown"): the limit its rate-limit pass switches on, on which operations, for whom,
// and what its headers say, in each form the drafts and RFC 9110 allow - and that what they say is
// true: a request sent once the promised wait is over is accepted (RL-3).
import { afterEach, describe, expect, it } from 'vitest';
import { PROFILES, type Profile } from '../../reference/profiles/index.ts';
import { rateHeaders, retryAfterHeaders } from '../../reference/rate-headers.ts';
import { SECOND_TOKEN, TOKEN, type Answer } from './helpers.ts';
import { expectErrorShape, profileClient, type ProfileClient } from './profile-kit.ts';
import { WHOLE_FILE } from '../tiers.ts';

let open: ProfileClient | undefined;
afterEach(() => open?.close());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** Milliseconds the answer tells a client to wait, from its headers alone (RL-3, RL-4). */
function promisedWaitMs(p: Profile, a: Answer): number {
  const h = a.headers;
  if (p.rateLimit.retryAfter === 'seconds') return Number(h['retry-after']) * 1000;
  if (p.rateLimit.retryAfter === 'http-date') return Date.parse(h['retry-after']!) - Date.parse(h.date!);
  if (p.rateLimit.headers === 'x-ratelimit') return Number(h['x-ratelimit-reset']) * 1000 - Date.now();
  if (p.rateLimit.headers === 'legacy') return Number(h['ratelimit-reset']) * 1000;
  return Number(/t=(\d+)/.exec(h.ratelimit ?? '')![1]) * 1000;
}

/** The headers of an answer the limiter counted, in the profile's form, and the remaining quota they tell. */
function remainingOf(p: Profile, a: Answer): number | null {
  const h = a.headers;
  switch (p.rateLimit.headers) {
    case 'none':
      expect(Object.keys(h).filter((k) => /ratelimit/.test(k))).toEqual([]);
      return null;
    case 'structured':
      expect(h['ratelimit-policy']).toMatch(/^"default";q=\d+;w=\d+$/);
      return Number(/^"default";r=(\d+);t=\d+$/.exec(h.ratelimit!)![1]);
    case 'legacy':
      expect(h['ratelimit-limit']).toBe(String(p.rateLimit.probe!.limit));
      expect(Number(h['ratelimit-reset'])).toBeGreaterThanOrEqual(0);
      return Number(h['ratelimit-remaining']);
    case 'x-ratelimit':
      expect(h['x-ratelimit-limit']).toBe(String(p.rateLimit.probe!.limit));
      expect(Number(h['x-ratelimit-reset'])).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
      return Number(h['x-ratelimit-remaining']);
  }
}

describe('the limit of the rate-limit pass, headers of each form, truthful', WHOLE_FILE, () => {
  for (const p of PROFILES.filter((x) => x.rateLimit.probe)) {
    const l = p.rateLimit.probe!;
    it(`${p.name}: ${l.limit}/${l.windowSeconds}s ${l.algorithm} per ${l.scope} on ${p.rateLimit.everyRoute ? 'every operation' : 'customer creation and the report'}; ${p.rateLimit.headers} headers, Retry-After ${p.rateLimit.retryAfter}`, async () => {
      const c = (open = await profileClient(p.name, { rateLimit: null }));
      expect(c.server.probeRateLimit).toEqual(l);
      c.server.setRateLimit(c.server.probeRateLimit);
      // Requests until the first 429: at least the limit is accepted in a burst (more only when a
      // window rolled over or the bucket refilled meanwhile, on a slow or busy machine), and the
      // last accepted answer says nothing remains.
      const remaining: Array<number | null> = [];
      let refused = await c.report({ limit: 1 });
      while (refused.status === 200 && remaining.length < 3 * l.limit) {
        remaining.push(remainingOf(p, refused));
        refused = await c.report({ limit: 1 });
      }
      expect(remaining.length).toBeGreaterThanOrEqual(l.limit);
      if (p.rateLimit.headers !== 'none') expect(remaining.at(-1)).toBe(0);
      expectErrorShape(p, refused, 429);
      remainingOf(p, refused);
      if (p.rateLimit.retryAfter === 'none') expect(refused.headers['retry-after']).toBeUndefined();
      if (p.rateLimit.retryAfter === 'http-date') expect(refused.headers['retry-after']).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      // Scope: another token shares a global quota, and has its own per token.
      const other = await c.report({ limit: 1 }, { token: SECOND_TOKEN });
      expect(other.status).toBe(l.scope === 'global' ? 429 : 200);
      // Routes: the order status update is limited only where every operation is.
      const os = await c.orderStatus(1021, { orderStatus: 'Completed' });
      expect(os.status).toBe(p.rateLimit.everyRoute ? 429 : 400);
      // Truthful: once the promised wait is over, a request is accepted.
      const wait = promisedWaitMs(p, refused);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(l.windowSeconds * 1000 + 1000);
      await sleep(wait + 50);
      expect((await c.report({ limit: 1 }, { token: TOKEN })).status).toBe(200);
    });
  }

  it('minimal has no limit at all: 150 quick requests, never a 429, no rate-limit headers', async () => {
    const c = (open = await profileClient('minimal'));
    expect(c.server.probeRateLimit).toBeNull();
    const answers = await Promise.all(Array.from({ length: 150 }, () => c.report({ limit: 1 })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    for (const a of answers) remainingOf(c.profile, a);
  });

  it('forward-only limits every operation all the time (300 per 10 s, global), with headers on every answer', async () => {
    const c = (open = await profileClient('forward-only'));
    for (const a of [await c.report({ limit: 1 }), await c.readOrder(1001), await c.orderStatus(1021, { orderStatus: 'Completed' })])
      expect(a.headers['ratelimit-policy']).toBe('"default";q=300;w=10');
    expect(remainingOf(c.profile, await c.report({ limit: 1 }, { token: SECOND_TOKEN }))).toBe(296);
  });

  it('gives every header form and every Retry-After form between the profiles', () => {
    expect(new Set(PROFILES.map((p) => p.rateLimit.headers))).toEqual(new Set(['none', 'structured', 'legacy', 'x-ratelimit']));
    expect(new Set(PROFILES.map((p) => p.rateLimit.retryAfter))).toEqual(new Set(['seconds', 'http-date', 'none']));
    expect(new Set(PROFILES.flatMap((p) => (p.rateLimit.probe ? [p.rateLimit.probe.algorithm] : [])))).toEqual(new Set(['fixed', 'sliding', 'token-bucket']));
  });
});

describe('header formatting (reference/rate-headers.ts)', () => {
  const config = { limit: 100, windowSeconds: 10, algorithm: 'fixed' as const, scope: 'token' as const };
  const d = { allowed: false, remaining: 0, resetSeconds: 3, retryAfterMs: 2_300, retryAfterSeconds: 3 };
  const now = Date.UTC(2026, 0, 1, 10, 0, 0, 700);

  it('writes each form', () => {
    expect(rateHeaders('structured', config, d, now)).toEqual({ 'ratelimit-policy': '"default";q=100;w=10', ratelimit: '"default";r=0;t=3' });
    expect(rateHeaders('legacy', config, d, now)).toEqual({ 'ratelimit-limit': '100', 'ratelimit-remaining': '0', 'ratelimit-reset': '3' });
    expect(rateHeaders('x-ratelimit', config, d, now)).toEqual({
      'x-ratelimit-limit': '100',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Math.ceil(now / 1000) + 3),
    });
    expect(rateHeaders('none', config, d, now)).toEqual({});
    expect(rateHeaders('structured', { ...config, headers: false }, d, now)).toEqual({});
  });

  it('rounds Retry-After so that it is never early: seconds up, HTTP-date up against a Date rounded down', () => {
    expect(retryAfterHeaders('seconds', 2_300, now)).toEqual({ 'retry-after': '3' });
    expect(retryAfterHeaders('seconds', 10, now)).toEqual({ 'retry-after': '1' });
    const h = retryAfterHeaders('http-date', 2_300, now);
    expect(h).toEqual({ 'retry-after': 'Thu, 01 Jan 2026 10:00:03 GMT', date: 'Thu, 01 Jan 2026 10:00:00 GMT' });
    expect(Date.parse(h['retry-after']!) - Date.parse(h.date!)).toBeGreaterThanOrEqual(2_300 + 700);
    expect(retryAfterHeaders('none', 2_300, now)).toEqual({});
  });
});
