import { describe, expect, it } from 'vitest';
import { announced, parsePolicy, parseRateLimitHeaders, parseRetryAfter, parseState, parseStructuredList } from '../../client/rate-headers.ts';

describe('rate-limit header parsing', () => {
  it('reads an RFC 8941 list of items with their parameters, strings, tokens and numbers', () => {
    expect(parseStructuredList('"default";q=100;w=10, "burst";q=10;w=1')).toEqual([
      { value: 'default', params: { q: 100, w: 10 } },
      { value: 'burst', params: { q: 10, w: 1 } },
    ]);
    expect(parseStructuredList('100;w=60;comment="a, b"')).toEqual([{ value: 100, params: { w: 60, comment: 'a, b' } }]);
    expect(parseStructuredList('x;flag')).toEqual([{ value: 'x', params: { flag: true } }]);
  });

  it('reads the current draft RateLimit-Policy with quota q and window w', () => {
    expect(parsePolicy('"default";q=20;w=2')).toEqual({ name: 'default', limit: 20, windowSeconds: 2, raw: '"default";q=20;w=2' });
  });

  it('reads the older draft RateLimit-Policy written as LIMIT;w=WINDOW', () => {
    expect(parsePolicy('100;w=60')).toMatchObject({ name: null, limit: 100, windowSeconds: 60 });
  });

  it('takes the first policy that has a quota when several are listed', () => {
    expect(parsePolicy('"day";w=86400, "minute";q=60;w=60')).toMatchObject({ name: 'minute', limit: 60, windowSeconds: 60 });
  });

  it('reads no policy from an absent or quota-less header', () => {
    expect(parsePolicy(undefined)).toBeNull();
    expect(parsePolicy('"default";w=10')).toBeNull();
  });

  it('reads the current draft RateLimit with remaining r and reset t', () => {
    expect(parseState('"default";r=7;t=3')).toMatchObject({ name: 'default', remaining: 7, resetSeconds: 3, limit: null });
  });

  it('reads the draft 06 RateLimit dictionary limit=, remaining=, reset=', () => {
    expect(parseState('limit=100, remaining=50, reset=7')).toMatchObject({ limit: 100, remaining: 50, resetSeconds: 7 });
  });

  it('reads the separate RateLimit-Limit/-Remaining/-Reset headers and takes the limit as the policy', () => {
    const h = parseRateLimitHeaders({ 'ratelimit-limit': '30', 'ratelimit-remaining': '12', 'ratelimit-reset': '4' });
    expect(h.rateLimit).toMatchObject({ limit: 30, remaining: 12, resetSeconds: 4 });
    expect(h.rateLimitPolicy).toMatchObject({ limit: 30, windowSeconds: null });
  });

  it('reads X-RateLimit-* with Reset in seconds, or as a Unix time turned into seconds from now', () => {
    expect(parseRateLimitHeaders({ 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '12' }).xRateLimit).toMatchObject({
      limit: 60,
      remaining: 0,
      resetSeconds: 12,
    });
    const now = Date.UTC(2026, 0, 1);
    const epoch = String(now / 1000 + 30);
    expect(parseRateLimitHeaders({ 'x-ratelimit-reset': epoch }, now).xRateLimit?.resetSeconds).toBe(30);
  });

  it('reads nothing from answers without rate-limit headers', () => {
    expect(parseRateLimitHeaders({ 'content-type': 'application/json' })).toEqual({ rateLimitPolicy: null, rateLimit: null, xRateLimit: null });
  });

  it('merges the announced limit and window across the header families', () => {
    expect(announced(parseRateLimitHeaders({ 'ratelimit-policy': '"default";q=20;w=2' }))).toEqual({ limit: 20, windowSeconds: 2 });
    expect(announced(parseRateLimitHeaders({ 'x-ratelimit-limit': '5' }))).toEqual({ limit: 5, windowSeconds: null });
  });

  it('reads Retry-After as delay-seconds or as an HTTP-date, and nothing else', () => {
    const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
    expect(parseRetryAfter('3')).toBe(3);
    expect(parseRetryAfter(' 0 ')).toBe(0);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:05 GMT', now)).toBe(5);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:27:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('-1')).toBeNull();
    expect(parseRetryAfter('1.5')).toBeNull();
    expect(parseRetryAfter('')).toBeNull();
    expect(parseRetryAfter(undefined)).toBeNull();
  });
});
