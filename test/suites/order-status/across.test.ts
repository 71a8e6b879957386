// Rules across operations (suites/order-status/across.ts) against model vendors: correct ones
// whose choices the spec leaves open (transitions, the state Order Create makes) give no failure;
// each defect the kit missed on an independent vendor fails the requirement that states it; a
// voucher another client changes, or a payment value the target does not take, is never a failure.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../contract/schemas/order-status.ts';
import type { Exchange } from '../../../core/types.ts';
import { SCENARIOS, sequences, walkSteps, type AcrossIo, type Judgement, type Payment } from '../../../suites/order-status/across.ts';
import { runScenario } from '../../../suites/order-status/across-run.ts';
import { LIFECYCLE, type Id } from '../../../suites/order-status/plan.ts';

interface Vendor {
  transitions?: 'final' | 'forward' | 'free';
  /** The state Order Create makes (a correct vendor may make Confirmed orders). */
  createdAs?: OrderStatus;
  /** Payment values it takes (a vendor without partial payments refuses "partial"). */
  payments?: Payment[];
  paidOnce?: boolean;
  partialIsPaid?: boolean;
  cancelVoidsPayment?: boolean;
  refusedWrites?: boolean;
  /** Another client: after this many reads it sets the voucher to this status. */
  otherClient?: { afterReads: number; sets: OrderStatus };
}

const EX = {} as Exchange;

function vendor(v: Vendor): AcrossIo & { sent: string[] } {
  const vouchers = new Map<Id, { status: OrderStatus; payment: Payment; everPaid: boolean }>();
  const sent: string[] = [];
  let reads = 0;
  let next = 500;
  const answer = (status: number) => ({ answered: true as const, accepted: status === 200, refused: status === 400, said: `HTTP ${status}`, ex: EX });
  const allows = (from: OrderStatus, to: OrderStatus) => {
    const style = v.transitions ?? 'final';
    if (style === 'free') return true;
    if (from === 'Delivered' || from === 'Cancelled') return false;
    return style === 'final' || to === 'Cancelled' || LIFECYCLE.indexOf(to) > LIFECYCLE.indexOf(from);
  };
  return {
    sent,
    create: async () => {
      const salesId = next++;
      vouchers.set(salesId, { status: v.createdAs ?? 'Pending', payment: 'unpaid', everPaid: false });
      return { ok: true, salesId, request: 'POST /order-create answered HTTP 200' };
    },
    pay: async (id, payment) => {
      sent.push(`pay ${payment}`);
      if (!(v.payments ?? ['paid', 'unpaid', 'partial']).includes(payment)) return answer(400);
      const x = vouchers.get(id)!;
      x.payment = payment;
      x.everPaid ||= payment === 'paid';
      return answer(200);
    },
    set: async (id, to) => {
      sent.push(to);
      const x = vouchers.get(id)!;
      const paid = x.payment === 'paid' || (v.paidOnce && x.everPaid) || (v.partialIsPaid && x.payment === 'partial');
      if (to === 'Delivered' && !paid) {
        if (v.refusedWrites) x.status = 'Delivered';
        return answer(400);
      }
      if (!allows(x.status, to)) return answer(400);
      x.status = to;
      if (to === 'Cancelled' && v.cancelVoidsPayment) x.payment = 'unpaid';
      return answer(200);
    },
    read: async (id) => {
      const x = vouchers.get(id)!;
      if (v.otherClient && ++reads === v.otherClient.afterReads) x.status = v.otherClient.sets;
      return { ok: true, orderStatus: x.status, paid: x.payment === 'paid' };
    },
  };
}

const ALL = [SCENARIOS.unpaidAgain, SCENARIOS.partial, SCENARIOS.cancelPaid];
const fails = (js: Judgement[]) => [...new Set(js.flatMap((j) => (j.kind === 'fail' ? [j.id] : [])))];
const inconclusive = (js: Judgement[]) => js.filter((j) => j.kind === 'inconclusive');
const notes = (js: Judgement[]) => [...new Set(js.flatMap((j) => (j.kind === 'note' ? [j.id] : [])))].sort();

async function all(v: Vendor): Promise<Judgement[]> {
  const out: Judgement[] = [];
  for (const s of ALL) out.push(...(await runScenario(s, vendor(v))));
  return out;
}

describe('rules across operations on fresh vouchers', () => {
  it.each(['final', 'forward', 'free'] as const)(
    'certify a correct vendor whose transitions are %s, with evidence for OS-3, OS-6, OS-8',
    async (transitions) => {
      const js = await all({ transitions });
      expect(fails(js)).toEqual([]);
      expect(inconclusive(js)).toEqual([]);
      expect(notes(js)).toEqual(['OS-3', 'OS-6', 'OS-8']);
    },
  );

  it('walk from the state Order Create made, and never fail a vendor that makes Confirmed or Shipped orders', async () => {
    for (const createdAs of ['Confirmed', 'Shipped'] as const) {
      const io = vendor({ createdAs });
      const js = await runScenario(SCENARIOS.unpaidAgain, io);
      expect(fails(js)).toEqual([]);
      expect(io.sent.filter((s) => !s.startsWith('pay'))).toEqual([...walkSteps(createdAs, 'Shipped'), 'Delivered']);
    }
  });

  it('catch Delivered accepted after paid -> unpaid (the vendor kept "paid once")', async () => {
    const js = await all({ paidOnce: true });
    expect(fails(js)).toEqual(['OS-3']);
    expect(JSON.stringify(js)).toContain('Update Payment Status unpaid');
  });

  it('catch Delivered accepted on a partially paid voucher', async () => {
    expect(fails(await all({ partialIsPaid: true }))).toEqual(['OS-3']);
  });

  it('catch a Cancelled that voids the payment status (OS-6 on every transition, Cancelled included)', async () => {
    expect(fails(await all({ cancelVoidsPayment: true }))).toEqual(['OS-6']);
  });

  it('catch a refused Delivered that stored Delivered all the same (OS-8: every refused write read back)', async () => {
    expect(fails(await all({ refusedWrites: true }))).toEqual(['OS-8']);
  });

  it('never fail when another client moves the voucher: inconclusive with the reason', async () => {
    for (const afterReads of [2, 3, 4, 5, 6, 7]) {
      const js = await runScenario(SCENARIOS.unpaidAgain, vendor({ otherClient: { afterReads, sets: 'Cancelled' } }));
      expect(fails(js), `after ${afterReads} reads`).toEqual([]);
      expect(inconclusive(js).length, `after ${afterReads} reads`).toBe(1);
    }
  });

  it('leave a target without partial payments inconclusive on that scenario, not failed', async () => {
    const io = vendor({ payments: ['paid', 'unpaid'] });
    const js = await runScenario(SCENARIOS.partial, io);
    expect(fails(js)).toEqual([]);
    expect(inconclusive(js)[0]).toMatchObject({ reason: expect.stringContaining('Update Payment Status refused partial') });
    // The commands after the one that ended the run are not run (fast-check's check is false): nothing more is sent.
    expect(io.sent).toEqual(['pay partial']);
  });

  it('never fail a correct vendor on any sequence of payments and statuses, whatever its transitions', async () => {
    for (const transitions of ['final', 'forward', 'free'] as const)
      await fc.assert(
        fc.asyncProperty(sequences(['paid', 'unpaid', 'partial']), async (s) => {
          const js = await runScenario(s, vendor({ transitions }));
          expect(fails(js)).toEqual([]);
          expect(s.commands.length).toBeLessThanOrEqual(6);
        }),
        { seed: 7, numRuns: 200 },
      );
  });

  it('find each defect with some sequence (the model, not a fixed scenario, catches it)', async () => {
    const defects: [Vendor, string][] = [
      [{ paidOnce: true }, 'OS-3'],
      [{ partialIsPaid: true }, 'OS-3'],
      [{ cancelVoidsPayment: true }, 'OS-6'],
      [{ refusedWrites: true }, 'OS-8'],
    ];
    for (const [v, id] of defects) {
      const found = fc.sample(sequences(['paid', 'unpaid', 'partial']), { seed: 7, numRuns: 300 });
      const failed = new Set<string>();
      for (const s of found) for (const f of fails(await runScenario(s, vendor(v)))) failed.add(f);
      expect([...failed], JSON.stringify(v)).toEqual([id]);
    }
  });

  it('draw the same sequences from the same seed', () => {
    const draw = () => fc.sample(sequences(['paid', 'unpaid']), { seed: 11, numRuns: 5 }).map((s) => s.what);
    expect(draw()).toEqual(draw());
  });

  it('give the lifecycle steps from a state up to a target', () => {
    expect(walkSteps('Pending', 'Shipped')).toEqual(['Confirmed', 'Processing', 'Shipped']);
    expect(walkSteps('Shipped', 'Shipped')).toEqual([]);
    expect(walkSteps('Cancelled', 'Shipped')).toEqual([]);
  });
});
