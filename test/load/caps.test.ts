import { describe, expect, it } from 'vitest';
import { assertTargetAllowed, Budget, BURST_COUNT, FiveXxWatch, HARD_MAX_CONCURRENCY, isLoopbackUrl, resolveCaps, SafetyError } from '../../load/caps.ts';
import { configFor } from '../support/reference.ts';

const LOAD = { allowNonLoopback: false, maxRequests: 2000, maxSeconds: 120, maxConcurrency: 64 };

describe('safety caps', () => {
  it('takes the config caps when no flag lowers them', () => {
    expect(resolveCaps(LOAD)).toEqual({ maxRequests: 2000, maxSeconds: 120, maxConcurrency: HARD_MAX_CONCURRENCY });
  });

  it('lets flags lower the caps', () => {
    expect(resolveCaps(LOAD, { maxRequests: 30, maxSeconds: 3, maxConcurrency: 4 })).toEqual({ maxRequests: 30, maxSeconds: 3, maxConcurrency: 4 });
  });

  it('refuses a flag above its cap instead of raising it', () => {
    expect(() => resolveCaps(LOAD, { maxRequests: 2001 })).toThrow(SafetyError);
    expect(() => resolveCaps(LOAD, { maxSeconds: 121 })).toThrow(/above the cap 120/);
    expect(() => resolveCaps(LOAD, { maxConcurrency: HARD_MAX_CONCURRENCY + 1 })).toThrow(SafetyError);
  });

  it('recognises loopback hosts and nothing else as loopback', () => {
    for (const url of [
      'http://127.0.0.1:8080',
      'http://127.3.4.5',
      'http://localhost:1',
      'http://api.localhost',
      'http://[::1]:80',
      'http://[::ffff:127.0.0.1]',
    ])
      expect(isLoopbackUrl(url), url).toBe(true);
    for (const url of ['https://erp-staging.acme.example', 'http://10.0.0.1', 'http://128.0.0.1', 'http://[::2]', 'http://localhost.example.com', 'not a url'])
      expect(isLoopbackUrl(url), url).toBe(false);
  });

  it('refuses a non-loopback target unless load.allowNonLoopback is true and --yes is given', () => {
    const remote = (allow: boolean) => configFor('https://erp-staging.acme.example', (c) => (c.load.allowNonLoopback = allow));
    expect(() => assertTargetAllowed(remote(false), true)).toThrow(/allowNonLoopback is false/);
    expect(() => assertTargetAllowed(remote(true), false)).toThrow(/without --yes/);
    expect(() => assertTargetAllowed(remote(true), true)).not.toThrow();
    expect(() => assertTargetAllowed(configFor('http://127.0.0.1:9'), false)).not.toThrow();
  });

  it('hands out exactly maxRequests requests', () => {
    const b = new Budget({ maxRequests: 3, maxSeconds: 60 });
    expect([b.take(), b.take(), b.take(), b.take()]).toEqual([true, true, true, false]);
    expect(b.requestsSent).toBe(3);
    expect(b.spentBy()).toBe('max-requests');
  });

  it('hands out nothing once the deadline has passed', () => {
    const b = new Budget({ maxRequests: 100, maxSeconds: 1 });
    expect(b.take(b.deadline + 1)).toBe(false);
    expect(b.spentBy(b.deadline)).toBe('max-seconds');
    expect(b.remainingMs(b.deadline + 5)).toBe(0);
  });

  it('sees a burst of 5xx only when enough of the recent answers are 5xx', () => {
    const w = new FiveXxWatch();
    expect([200, 503, 200, 429, 500].map((s) => w.record(s))).toEqual([false, false, false, false, false]);
    expect(w.record(502)).toBe(BURST_COUNT === 3);
    expect(w.count).toBe(3);
    const spread = new FiveXxWatch();
    expect([500, 200, 200, 200, 200, 500, 200, 200, 200, 200, 500].some((s) => spread.record(s))).toBe(false);
  });
});

describe('the concurrency cap', () => {
  it('comes from the config and a flag may only lower it', () => {
    const load = { allowNonLoopback: false, maxRequests: 100, maxSeconds: 10, maxConcurrency: 4 };
    expect(resolveCaps(load).maxConcurrency).toBe(4);
    expect(resolveCaps(load, { maxConcurrency: 2 }).maxConcurrency).toBe(2);
    expect(() => resolveCaps(load, { maxConcurrency: 8 })).toThrow(/above the cap 4/);
  });
});
