// The probe against the reference's three limiters, per token and shared, at 20 per 2 s: the
// limit exact, the window within max(1 s, 5 %), refill, algorithm, scope and Retry-After right,
// within the request budget 4L + 50 and the time budget 2.5W + 5.
import { afterAll, describe, expect, it } from 'vitest';
import { probeFindings } from '../../../load/checks.ts';
import { windowTolerance } from '../../../load/probe/classify.ts';
import { probeRateLimit } from '../../../load/probe/probe.ts';
import type { RateLimitResult } from '../../../load/result.ts';
import type { Algorithm } from '../../../reference/limiter.ts';
import { limitedReference, type Limited } from '../../support/reference.ts';
import { itTier } from '../../tiers.ts';

const L = 20;
const W = 2;
const EXPECTED: Record<Algorithm, Pick<RateLimitResult, 'algorithm' | 'refill'>> = {
  fixed: { algorithm: 'fixed-window', refill: 'bulk' },
  sliding: { algorithm: 'sliding-window', refill: 'gradual' },
  'token-bucket': { algorithm: 'token-bucket', refill: 'gradual' },
};

const servers: Limited[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.server.close()));
});

async function probe(algorithm: Algorithm, scope: 'token' | 'global'): Promise<RateLimitResult> {
  const target = await limitedReference({ limit: L, windowSeconds: W, algorithm, scope });
  servers.push(target);
  return probeRateLimit({ config: target.config, operation: 'report', maxRequests: 2000, maxSeconds: 60 });
}

function expectMeasured(r: RateLimitResult, algorithm: Algorithm, scope: 'token' | 'global') {
  expect(r).toMatchObject({
    limited: true,
    limit: L,
    ...EXPECTED[algorithm],
    scope: scope === 'token' ? 'token' : 'shared',
    retryAfter: { present: true, truthful: true },
    envelopeOn429: true,
    fiveXx: 0,
    stoppedBy: null,
  });
  expect(Math.abs(r.windowSeconds! - W)).toBeLessThanOrEqual(windowTolerance(W));
  expect(r.headers.limitAgrees).toBe(true);
  // 3L + 50, and one more quota when slow bursts leave it unproven that two refills are one window apart (probe.ts windows).
  expect(r.requestsSent).toBeLessThanOrEqual(4 * L + 50);
  expect(r.durationSeconds).toBeLessThanOrEqual(2.5 * W + 5);
  expect(r.timeline).toHaveLength(r.requestsSent);
  expect(probeFindings(r).findings).toEqual([]);
}

// One probe at a time: the probe counts requests sent in quick bursts, and the reference runs
// in this process, so probes side by side would slow each other's bursts on a busy machine.
describe('the rate-limit probe against a 20 per 2 s limiter', () => {
  // The gate (test/tiers.ts): a fixed window per token; CI every pair.
  for (const algorithm of ['fixed', 'sliding', 'token-bucket'] as const) {
    for (const scope of ['token', 'global'] as const) {
      const it = itTier(`${algorithm} ${scope}` === 'fixed token');
      it(`measures a ${algorithm} limiter ${scope === 'token' ? 'per token' : 'shared by all tokens'}: limit, window, refill, algorithm, scope and Retry-After`, async () => {
        expectMeasured(await probe(algorithm, scope), algorithm, scope);
      });
    }
  }
});
