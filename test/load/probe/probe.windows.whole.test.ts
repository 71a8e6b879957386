// The probe times the target, not itself: against windows of 6 and 10 s, fixed and sliding, whose
// 429s say nothing of the wait (no Retry-After, no rate-limit header), the window and the limit
// are within 2 %, because near a refill the polls are at most 1/64 of the window apart. And a
// read path whose quota states its wait only in the 429's message ("please try after 6 seconds")
// is probed by name, its window within 2 % too. Whole set: each probe takes 2-3 windows, the five at once.
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/load.ts';
import { probeRateLimit } from '../../../load/probe/probe.ts';
import type { RateLimitResult } from '../../../load/result.ts';
import type { Algorithm } from '../../../reference/limiter.ts';
import { profileOf } from '../../../reference/profiles/index.ts';
import { startReference, type ReferenceServer } from '../../../reference/server.ts';
import { WHOLE_FILE } from '../../tiers.ts';

const servers: ReferenceServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** The default vendor, its 429s stating no wait at all. */
function silentVendor() {
  const p = profileOf('default');
  return { ...p, rateLimit: { ...p.rateLimit, headers: 'none' as const, retryAfter: 'none' as const } };
}

async function probe(opts: Parameters<typeof startReference>[0], operation: string, lines: string[] = []): Promise<RateLimitResult> {
  const server = await startReference({ port: 0, ...opts });
  servers.push(server);
  const config = loadConfig({ base: server.runConfig(), env: {} });
  return probeRateLimit({ config, operation, maxRequests: 2000, maxSeconds: 90, log: (l) => lines.push(l) });
}

const within2 = (measured: number | null, real: number) => {
  expect(measured).not.toBeNull();
  expect(Math.abs(measured! - real) / real, `measured ${measured}, real ${real}`).toBeLessThanOrEqual(0.02);
};

// The probes side by side, each against a server of its own: each counts bursts against its own
// clock, and none waits on the CPU (a probe spends most of its time sleeping to a refill).
describe.concurrent('the probe times the target', WHOLE_FILE, () => {
  for (const windowSeconds of [6, 10])
    for (const algorithm of ['fixed', 'sliding'] as const satisfies Algorithm[])
      it(`a ${algorithm} window of ${windowSeconds} s whose 429s state no wait: window and limit within 2 %`, async () => {
        const limit = 12;
        const lines: string[] = [];
        const r = await probe({ profile: silentVendor(), rateLimit: { limit, windowSeconds, algorithm, scope: 'token' } }, 'report', lines);
        expect(r).toMatchObject({ limited: true, algorithm: `${algorithm}-window`, stoppedBy: null, retryAfter: { present: false } });
        within2(r.limit, limit);
        within2(r.windowSeconds, windowSeconds);
        // Each line says one thing: no line names both the limit and the window, or both and the algorithm.
        for (const l of lines) expect(l).not.toMatch(/limit.*window|window.*limit|accepted.*limit/);
      });

  it("a read path named by --operation, its wait stated only in the 429's message: read, and the window within 2 %", async () => {
    const lines: string[] = [];
    const r = await probe({ rateLimit: null, quotas: { orderStatusRead: '4/6s' } }, 'order-status-read', lines);
    expect(r).toMatchObject({ operation: 'order-status-read', limited: true, limit: 4, algorithm: 'fixed-window', retryAfter: { present: false } });
    within2(r.windowSeconds, 6);
    expect(lines).toContain('429 message: states a wait of 6 s (no Retry-After)');
    expect(r.notes.join('\n')).toMatch(/message states a wait of 6 s/);
  });
});
