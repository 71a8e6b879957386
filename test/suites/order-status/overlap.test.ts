// OS-9's two updates at once (suites/order-status/overlap.ts): two that went one after the other
// are sent again, from the state the voucher reads, until they meet in flight; never more than
// OVERLAP_ROUNDS times, never past the unpaid lifecycle, and never judged on two that did not meet.
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../contract/schemas/order-status.ts';
import type { Exchange } from '../../../core/types.ts';
import { OVERLAP_ROUNDS, sendOverlapping, stepAfter, type Step } from '../../../suites/order-status/overlap.ts';
import { nextUnpaid } from '../../../suites/order-status/plan.ts';

/** An accepted update sent at `sentAtMs`, answered `durationMs` later (no answer: a timeout). */
function update(sentAtMs: number, durationMs: number, answer = true): Exchange {
  return {
    seq: 1,
    operation: 'order-status',
    tokenKind: 'valid',
    request: { method: 'POST', url: 'http://127.0.0.1:1/api/v1/sales/7/update-order-status?branch_id=1', headers: {} },
    ...(answer
      ? { response: { status: 200, headers: {}, body: '{}', bytes: 2, truncated: false } }
      : { failure: { kind: 'timeout', message: 'no answer in 100 ms' } }),
    startedAt: new Date(0).toISOString(),
    sentAtMs,
    durationMs,
  } as Exchange;
}
const APART: [Exchange, Exchange] = [update(0, 1), update(5, 1)];
const MET: [Exchange, Exchange] = [update(0, 4), update(1, 4)];

/** A voucher that takes every step it is sent; `rounds` says how each pair goes out. */
function target(state: OrderStatus, rounds: Array<[Exchange, Exchange]>, o: { unread?: boolean } = {}) {
  const steps: string[] = [];
  let reads = 0;
  return {
    steps,
    reads: () => reads,
    io: {
      twice: async (step: Step) => {
        steps.push(`${step.from} -> ${step.to}`);
        state = step.to;
        return rounds[steps.length - 1] ?? APART;
      },
      read: async () => {
        reads++;
        return o.unread ? { ok: false as const, why: 'HTTP 404' } : { ok: true as const, orderStatus: state, paid: false };
      },
      answered: (ex: Exchange) => ex.response !== undefined,
    },
  };
}

const FIRST: Step = { salesId: 7, from: 'Pending', to: 'Confirmed' };

describe('OS-9: the step sent twice at once until the two meet', () => {
  it('sends the next step from what the voucher reads until two meet, and judges only those', async () => {
    const t = target('Pending', [APART, APART, MET]);
    const r = await sendOverlapping(FIRST, t.io);
    expect(r.outcome).toBe('met');
    expect(r.rounds).toBe(3);
    expect(r.step).toEqual({ salesId: 7, from: 'Processing', to: 'Shipped' });
    expect(r.answers).toBe(MET);
    expect(t.steps).toEqual(['Pending -> Confirmed', 'Confirmed -> Processing', 'Processing -> Shipped']);
  });

  it('stops at the first pair that met', async () => {
    const t = target('Pending', [MET]);
    expect((await sendOverlapping(FIRST, t.io)).rounds).toBe(1);
    expect(t.reads()).toBe(0);
  });

  it(`gives up as apart after ${OVERLAP_ROUNDS} rounds, at the end of the unpaid lifecycle, or when the voucher cannot be read`, async () => {
    const many = target('Pending', []);
    const r = await sendOverlapping(FIRST, many.io, 2);
    expect([r.outcome, r.rounds, many.steps.length]).toEqual(['apart', 2, 2]);
    // From Processing, one step is left (Shipped): one round.
    const late = target('Processing', []);
    const end = await sendOverlapping({ salesId: 7, from: 'Processing', to: 'Shipped' }, late.io);
    expect([end.outcome, end.rounds, late.steps]).toEqual(['apart', 1, ['Processing -> Shipped']]);
    expect(nextUnpaid('Shipped')).toBeUndefined();
    const unread = target('Pending', [], { unread: true });
    expect((await sendOverlapping(FIRST, unread.io)).rounds).toBe(1);
  });

  it('does not send again when one of the two has no answer', async () => {
    const t = target('Pending', [[update(0, 4), update(1, 100, false)]]);
    const r = await sendOverlapping(FIRST, t.io);
    expect([r.outcome, r.rounds, t.reads()]).toEqual(['not-both-answered', 1, 0]);
  });

  it('takes the next step only of a voucher read unpaid with a step left', () => {
    expect(stepAfter(7, { ok: true, orderStatus: 'Pending', paid: false })).toEqual(FIRST);
    expect(stepAfter(7, { ok: true, orderStatus: 'Pending', paid: true })).toBeUndefined();
    expect(stepAfter(7, { ok: true, orderStatus: 'Shipped', paid: false })).toBeUndefined();
    expect(stepAfter(7, { ok: false, why: 'HTTP 404' })).toBeUndefined();
  });
});
