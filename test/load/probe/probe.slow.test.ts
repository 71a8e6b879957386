// The probe on a busy machine, on a simulated clock (support/sim-target.ts): a fixed window of 20 per
// 3 s, its Retry-After honest or lying (always 1 s: fault rl-retry-after-lies), its requests taking
// 4 to 120 ms each and the probe's waits ending late by as much, the limiter met at four phases of its
// window. A burst of 20 such requests takes up to 2.4 s, so it crosses a window's boundary and
// counts up to two windows' worth: the limit stays the quota and the window one window, not two or
// three (34 per 9.0 s was measured at load 25). Nothing here races a wall clock.
import { describe, expect, it } from 'vitest';
import { probeRateLimit } from '../../../load/probe/probe.ts';
import { jitter, simTarget } from './support/sim-target.ts';

const L = 20;
const W = 3;

async function probe(latency: number, lies: boolean, offsetMs: number) {
  const t = simTarget({
    limit: L,
    windowSeconds: W,
    algorithm: 'fixed',
    lies,
    offsetMs,
    latencyMs: (n) => latency * (0.5 + jitter(n)),
    lateMs: (n) => latency * jitter(n + 7),
  });
  const lines: string[] = [];
  const r = await probeRateLimit({ config: t.config, operation: 'report', maxRequests: 2000, maxSeconds: 90, via: t.via, log: (l) => lines.push(l) });
  return { r, lines };
}

const PHASES = [0, 700, 1500, 2400];

describe('the probe of a 20 per 3 s fixed window, its requests slow next to the window', () => {
  for (const latency of [4, 40, 80, 120])
    for (const lies of [false, true])
      it(`requests of ${latency} ms (± half), Retry-After ${lies ? 'lying' : 'honest'}: the limit is the quota and the window one window`, async () => {
        for (const offset of PHASES) {
          const { r, lines } = await probe(latency, lies, offset);
          const why = `phase ${offset} ms:\n${lines.join('\n')}`;
          expect(r, why).toMatchObject({ limited: true, stoppedBy: null, algorithm: 'fixed-window', limit: L });
          // Each refill's instant is known to half a poll gap (100 ms) plus a round trip: 5 % of 3 s
          // when quick, 10 % at requests of 80-120 ms; one window off would be 100 %.
          expect(Math.abs(r.windowSeconds! - W) / W, why).toBeLessThanOrEqual(latency <= 40 ? 0.05 : 0.1);
          // The lie is seen where a wait outlasts the stated second (not when a slow burst leaves less).
          if (latency <= 80) expect(r.retryAfter.truthful, why).toBe(!lies);
        }
      });
});
