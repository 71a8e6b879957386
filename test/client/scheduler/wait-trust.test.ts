// A wait proven wrong is not trusted again (client/scheduler/wait-trust.ts): the first request
// sent after a stated wait meets a 429, so the pace keeps what it measured. On a simulated clock,
// a fixed window of 3 s whose 429s always say Retry-After: 1, against an honest one.
import { describe, expect, it } from 'vitest';
import { createScheduler } from '../../../client/scheduler.ts';
import { createWaitTrust } from '../../../client/scheduler/wait-trust.ts';
import { answer, notSent } from '../../../bench/support/answers.ts';
import { clock } from '../../../bench/support/sim-clock.ts';

function fixedWindow(c: ReturnType<typeof clock>, limit: number, windowMs: number, lies: boolean) {
  const start = c.now() + 400;
  const used = new Map<number, number>();
  let refused = 0;
  const serve = async () => {
    await c.sleep(2);
    const now = c.now();
    const w = Math.floor((now - start) / windowMs);
    const n = used.get(w) ?? 0;
    if (n >= limit) {
      refused++;
      const honest = Math.max(1, Math.ceil((start + (w + 1) * windowMs - now) / 1000));
      return answer(429, { 'retry-after': String(lies ? 1 : honest) });
    }
    used.set(w, n + 1);
    return answer(200);
  };
  return { serve, refused: () => refused };
}

async function run(lies: boolean) {
  const c = clock();
  const s = createScheduler({ concurrency: 8, pacing: true, now: c.now, sleep: c.sleep, retry429: { maxRetries: 20, maxWaitMs: 120_000 } });
  const v = fixedWindow(c, 10, 3000, lies);
  const t0 = c.now();
  const r = await Promise.all(Array.from({ length: 200 }, () => s.run(v.serve, notSent, 'report')));
  return { ok: r.every((ex) => ex.response?.status === 200), ms: c.now() - t0, refused: v.refused(), pacing: s.stats().operations.report!.pacing };
}

describe('a stated wait', () => {
  it('is trusted until the first request after it meets a 429, then the wait measured is kept', () => {
    const w = createWaitTrust();
    expect(w.on429(1000, 990, 1000)).toBe(1000);
    // A request in flight before the wait ended: changes nothing.
    expect(w.on429(1010, 995, 1000)).toBe(990);
    // The first request sent after the end (2000) is refused: proven wrong, the next wait doubled.
    expect(w.on429(2010, 2001, 1000)).toBe(2000);
    expect(w.wrong()).toBe(true);
    // Accepted at 4020 after the first 429 at 1000: 3020 ms measured, kept from then on.
    w.onAccepted(4020);
    expect(w.on429(7000, 6990, 1000)).toBe(3020);
  });

  it('is not doubted when the first request after it is accepted (a sliding window refusing the rest of a burst)', () => {
    const w = createWaitTrust();
    w.on429(1000, 990, 1000);
    w.onAccepted(2001);
    expect(w.on429(2010, 2002, 1000)).toBe(1000);
    expect(w.wrong()).toBe(false);
  });

  it('that lies (always 1 s, on a 3 s window) is proven wrong, and the run ends within 2x the time of an honest one', async () => {
    const honest = await run(false);
    const lying = await run(true);
    expect(honest.ok && lying.ok).toBe(true);
    expect(honest.pacing).not.toMatch(/proven wrong/);
    expect(lying.pacing).toMatch(/proven wrong/);
    expect(lying.ms).toBeLessThanOrEqual(2 * honest.ms);
    // Trusted again, every wait of 1 s would meet another 429: about two per window (20 windows).
    expect(lying.refused).toBeLessThanOrEqual(1.5 * honest.refused);
  });
});
