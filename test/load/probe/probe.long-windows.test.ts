// The probe times the target on windows of 6, 10 and 60 s, fixed and sliding, whose 429s state no
// wait (no Retry-After, no header, nothing in the message): the window and the limit within 2 %.
// On the simulated clock (support/sim-target.ts), each request a few ms: a 60 s window probed on
// the wall clock would take minutes (the 6 and 10 s ones are: probe.windows.whole.test.ts). The
// probe's code is the same; only its sender and its sleep are the simulation's.
import { describe, expect, it } from 'vitest';
import { probeRateLimit } from '../../../load/probe/probe.ts';
import { jitter, simTarget } from './support/sim-target.ts';

const within2 = (measured: number | null, real: number, why: string) => {
  expect(measured, why).not.toBeNull();
  expect(Math.abs(measured! - real) / real, `measured ${measured}, real ${real}\n${why}`).toBeLessThanOrEqual(0.02);
};

describe('the probe of long windows whose 429s state no wait', () => {
  for (const windowSeconds of [6, 10, 60])
    for (const algorithm of ['fixed', 'sliding'] as const)
      it(`a ${algorithm} window of ${windowSeconds} s: the window and the limit within 2 %`, async () => {
        const limit = 12;
        for (const offsetMs of [0, windowSeconds * 370]) {
          const t = simTarget({
            limit,
            windowSeconds,
            algorithm,
            statement: 'none',
            offsetMs,
            latencyMs: (n) => 4 * (0.5 + jitter(n)),
            lateMs: (n) => 4 * jitter(n + 3),
          });
          const lines: string[] = [];
          const r = await probeRateLimit({ config: t.config, operation: 'report', maxRequests: 2000, maxSeconds: 600, via: t.via, log: (l) => lines.push(l) });
          const why = `offset ${offsetMs} ms:\n${lines.join('\n')}`;
          expect(r, why).toMatchObject({ limited: true, algorithm: `${algorithm}-window`, stoppedBy: null });
          within2(r.limit, limit, why);
          within2(r.windowSeconds, windowSeconds, why);
        }
      });
});
