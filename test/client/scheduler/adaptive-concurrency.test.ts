// Concurrency that adapts (client/scheduler/adaptive-concurrency.ts): against a target whose answers slow
// down with more in flight (a worker pool of 8: latency = base x in flight / 8 past 8), the limit
// settles near the pool and far below a ceiling of 128; it climbs to the ceiling while latency
// holds; a timeout halves it; a read that timed out goes again, a write does not.
import { describe, expect, it } from 'vitest';
import { adaptivePolicy, createAdaptiveLimit } from '../../../client/scheduler/adaptive-concurrency.ts';
import type { UnnumberedExchange } from '../../../client/transport.ts';
import type { Job } from '../../../client/scheduler/policy.ts';
import type { Slots } from '../../../client/scheduler/slots.ts';

/** One round of answers at the latency `latencyAt(limit)`; the limit after it. */
function round(l: ReturnType<typeof createAdaptiveLimit>, latencyAt: (inFlight: number) => number): number {
  const n = l.limit();
  for (let i = 0; i < n; i++) l.answered(latencyAt(n));
  return l.limit();
}

describe('the adaptive concurrency limit', () => {
  it('settles near a worker pool of 8 under a ceiling of 128, and never far past twice the pool', () => {
    const l = createAdaptiveLimit({ ceiling: 128 });
    const pool = (inFlight: number) => 20 * Math.max(1, inFlight / 8);
    const seen = Array.from({ length: 100 }, () => round(l, pool));
    expect(Math.max(...seen)).toBeLessThanOrEqual(32);
    // Past the start: near the pool, apart from the rounds that learn the baseline anew at 3 in flight.
    for (const n of seen.slice(10).filter((n) => n !== 3)) {
      expect(n).toBeGreaterThanOrEqual(8);
      expect(n).toBeLessThanOrEqual(17);
    }
  });

  it('climbs to the ceiling while latency holds, and no further', () => {
    const l = createAdaptiveLimit({ ceiling: 128 });
    const seen = Array.from({ length: 10 }, () => round(l, () => 150));
    expect(seen.slice(0, 4)).toEqual([16, 32, 64, 128]);
    expect(Math.max(...seen)).toBe(128);
  });

  it('halves at a timeout, and starts no higher than its ceiling', () => {
    const l = createAdaptiveLimit({ ceiling: 128, initial: 64 });
    l.timedOut();
    expect(l.limit()).toBe(32);
    expect(createAdaptiveLimit({ ceiling: 4 }).limit()).toBe(4);
  });
});

describe('the adaptive policy', () => {
  const timeout: UnnumberedExchange = { request: {} as never, failure: { kind: 'timeout', message: 'no answer' } } as unknown as UnnumberedExchange;
  const answer: UnnumberedExchange = { request: {} as never, response: { status: 200, headers: {}, body: '' } } as unknown as UnnumberedExchange;

  function setup(answers: UnnumberedExchange[]) {
    const limits: number[] = [];
    const slots = { setLimit: (n: number) => limits.push(n), limit: () => limits.at(-1) ?? 8, inFlight: () => 0 } as unknown as Slots;
    const parked: number[] = [];
    const job = (op: string) => ({ op, onSend: [], park: async (ms: number) => void parked.push(ms) }) as unknown as Job;
    let sent = 0;
    const dispatch = adaptivePolicy({ slots, limit: createAdaptiveLimit({ ceiling: 16, initial: 8 }), now: () => 0 })(async () => answers[sent++]!);
    return { limits, parked, job, dispatch, sent: () => sent };
  }

  it('sends a read that timed out again after a pause, under the halved limit', async () => {
    const s = setup([timeout, answer]);
    const ex = await s.dispatch(s.job('report'));
    expect(ex.response?.status).toBe(200);
    expect(s.sent()).toBe(2);
    expect(s.parked).toEqual([500]);
    expect(s.limits[0]).toBe(4);
  });

  it('does not send a write again', async () => {
    const s = setup([timeout, answer]);
    const ex = await s.dispatch(s.job('customerCreate'));
    expect(ex.failure?.kind).toBe('timeout');
    expect(s.sent()).toBe(1);
  });
});
