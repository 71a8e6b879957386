// Planning the order-status tests from the vouchers' actual state (suites/order-status/plan.ts),
// against model vendors that make the choices spec 3 leaves open ("Transitions: not shown"):
// free (anything back to Pending), forward-only, and forward-only that refuses "no change".
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../contract/schemas/order-status.ts';
import { LIFECYCLE, nextUnpaid, planVoucher, stepsFrom, type Id, type PlanIo, type RoleSpec } from '../../../suites/order-status/plan.ts';

const LIFE: RoleSpec = { role: 'lifecycle', paid: false, last: 'Shipped' };
const CANCEL: RoleSpec = { role: 'cancel', paid: false, last: 'Cancelled' };
const DELIVER: RoleSpec = { role: 'deliver', paid: true, last: 'Delivered' };

interface Rules {
  /** Moves back (to Pending) are allowed, except from Delivered and Cancelled. */
  back: boolean;
  /** Setting the status a voucher already has is accepted. */
  noChange: boolean;
  /** A defect: Confirmed is refused on a Pending voucher. */
  refuseConfirmed?: boolean;
}

/** A vendor holding vouchers, answering updates by its rules; records what it was sent. */
function vendor(rules: Rules, states: Record<number, OrderStatus>, paid: number[] = []) {
  const state = new Map<Id, OrderStatus>(Object.entries(states).map(([k, v]) => [Number(k), v]));
  const sent: string[] = [];
  let noChangeAsked = 0;
  const allows = (from: OrderStatus, to: OrderStatus, id: Id) => {
    if (from === to) return rules.noChange;
    if (from === 'Delivered' || from === 'Cancelled') return false;
    if (to === 'Cancelled') return true;
    if (to === 'Delivered' && !paid.includes(Number(id))) return false;
    if (to === 'Confirmed' && from === 'Pending' && rules.refuseConfirmed) return false;
    return LIFECYCLE.indexOf(to) > LIFECYCLE.indexOf(from) || (rules.back && to === 'Pending');
  };
  const io = (readPath: boolean | 'broken'): PlanIo => ({
    ...(readPath
      ? {
          read: async (id: Id) =>
            readPath === 'broken'
              ? { ok: false as const, why: 'GET answered HTTP 404' }
              : { ok: true as const, orderStatus: state.get(id)!, paid: paid.includes(Number(id)) },
        }
      : {}),
    set: async (id, _from, to) => {
      sent.push(`${id} ${to}`);
      const from = state.get(id)!;
      if (!allows(from, to, id)) return { answered: true, accepted: false, said: `HTTP 400 "Cannot move order from ${from} to ${to}"` };
      state.set(id, to);
      return { answered: true, accepted: true, said: 'HTTP 200' };
    },
    acceptsNoChange: async () => {
      noChangeAsked++;
      return rules.noChange;
    },
  });
  return { io, state, sent, asked: () => noChangeAsked };
}

const FREE: Rules = { back: true, noChange: true };
const FORWARD: Rules = { back: false, noChange: true };
const FORWARD_STRICT: Rules = { back: false, noChange: false };

describe('the steps of a role', () => {
  it("walk the lifecycle from a state to the role's last status", () => {
    expect(stepsFrom(LIFE, 'Pending')).toEqual(['Confirmed', 'Processing', 'Shipped']);
    expect(stepsFrom(LIFE, 'Processing')).toEqual(['Shipped']);
    expect(stepsFrom(LIFE, 'Shipped')).toEqual([]);
    expect(stepsFrom(DELIVER, 'Shipped')).toEqual(['Delivered']);
    expect(stepsFrom(DELIVER, 'Cancelled')).toEqual([]);
    expect(stepsFrom(CANCEL, 'Pending')).toEqual(['Cancelled']);
    expect(stepsFrom(CANCEL, 'Confirmed')).toEqual([]);
    expect([nextUnpaid('Pending'), nextUnpaid('Processing'), nextUnpaid('Shipped'), nextUnpaid('Cancelled')]).toEqual([
      'Confirmed',
      'Shipped',
      undefined,
      undefined,
    ]);
  });
});

describe('with readBack.orderStatus, the state read decides', () => {
  it('takes a Pending voucher without sending any update', async () => {
    const v = vendor(FORWARD, { 1: 'Pending', 2: 'Pending' });
    const plan = await planVoucher([1, 2], LIFE, v.io(true));
    expect(plan).toMatchObject({ kind: 'taken', salesId: 1, state: 'Pending', steps: ['Confirmed', 'Processing', 'Shipped'], passedOver: [] });
    expect(v.sent).toEqual([]);
  });

  it('moves a voucher an earlier run left back to Pending when the target allows it (free vendor)', async () => {
    const v = vendor(FREE, { 1: 'Shipped' });
    const plan = await planVoucher([1], LIFE, v.io(true));
    expect(plan).toMatchObject({ kind: 'taken', salesId: 1, state: 'Pending', how: 'read Shipped, moved back to Pending' });
    expect(v.state.get(1)).toBe('Pending');
  });

  it('passes over what a forward-only target will not move back, and takes the next', async () => {
    const v = vendor(FORWARD, { 1: 'Shipped', 2: 'Cancelled', 3: 'Pending' });
    const plan = await planVoucher([1, 2, 3], LIFE, v.io(true));
    expect(plan).toMatchObject({ kind: 'taken', salesId: 3, passedOver: ['1 Shipped', '2 Cancelled'] });
    expect(v.sent).toEqual(['1 Pending', '2 Pending']);
  });

  it('continues a walk an interrupted run left half done', async () => {
    const v = vendor(FORWARD, { 1: 'Confirmed', 2: 'Shipped' }, [2]);
    expect(await planVoucher([1], LIFE, v.io(true))).toMatchObject({ kind: 'taken', salesId: 1, state: 'Confirmed', steps: ['Processing', 'Shipped'] });
    expect(await planVoucher([2], DELIVER, v.io(true))).toMatchObject({ kind: 'taken', salesId: 2, state: 'Shipped', steps: ['Delivered'] });
  });

  it('says which vouchers are used up and how to fix it when none is left', async () => {
    const v = vendor(FORWARD, { 1001: 'Shipped', 1002: 'Shipped' });
    const plan = await planVoucher([1001, 1002], LIFE, v.io(true));
    expect(plan).toEqual({
      kind: 'used-up',
      passedOver: ['1001 Shipped', '1002 Shipped'],
      reason:
        'no voucher of fixtures.sales.lifecycle is Pending any more (1001 Shipped, 1002 Shipped), and the target did not move them back to Pending: reset the staging data or add fresh vouchers to the pool',
    });
  });

  it('names vouchers whose payment does not fit the role as a config problem', async () => {
    const v = vendor(FORWARD, { 5: 'Pending' });
    const plan = await planVoucher([5], DELIVER, v.io(true));
    expect(plan.kind).toBe('used-up');
    expect(plan.kind === 'used-up' && plan.reason).toBe(
      'no voucher of fixtures.sales.deliver is usable: 5 not paid: this role needs vouchers whose payment is paid; correct fixtures.sales.deliver',
    );
    expect(v.sent).toEqual([]);
  });

  it('falls back to the answers when the read path fails, and says so', async () => {
    const v = vendor(FORWARD, { 1: 'Shipped' });
    const plan = await planVoucher([1], LIFE, v.io('broken'));
    expect(plan.kind === 'used-up' && plan.reason).toMatch(
      /^no voucher of fixtures\.sales\.lifecycle is Pending any more \(1 refused Pending: HTTP 400 "Cannot move order from Shipped to Pending"\).*reset the staging data.*; readBack\.orderStatus could not read 1: GET answered HTTP 404$/,
    );
  });
});

describe('without a read path, the answers tell', () => {
  it('takes a voucher that accepts Pending: it is Pending now', async () => {
    const v = vendor(FORWARD, { 1: 'Pending' });
    expect(await planVoucher([1], LIFE, v.io(false))).toMatchObject({ kind: 'taken', salesId: 1, state: 'Pending', how: 'accepted Pending' });
    expect(v.asked()).toBe(0);
  });

  it("takes a free vendor's used voucher back, and passes over a forward-only vendor's", async () => {
    const free = vendor(FREE, { 1: 'Shipped' });
    expect(await planVoucher([1], LIFE, free.io(false))).toMatchObject({ kind: 'taken', salesId: 1, state: 'Pending' });
    const fwd = vendor(FORWARD, { 1: 'Shipped', 2: 'Pending' });
    expect(await planVoucher([1, 2], LIFE, fwd.io(false))).toMatchObject({
      kind: 'taken',
      salesId: 2,
      passedOver: ['1 refused Pending: HTTP 400 "Cannot move order from Shipped to Pending"'],
    });
    expect(fwd.sent).toEqual(['1 Pending', '2 Pending']);
  });

  it('does not take a refused "no change" on a fresh voucher for a used one: the first step decides', async () => {
    const v = vendor(FORWARD_STRICT, { 1: 'Pending' });
    expect(await planVoucher([1], LIFE, v.io(false))).toMatchObject({
      kind: 'taken',
      salesId: 1,
      state: 'Confirmed',
      steps: ['Processing', 'Shipped'],
      how: 'refused Pending as no change, accepted Confirmed',
    });
    const c = vendor(FORWARD_STRICT, { 7: 'Pending' });
    expect(await planVoucher([7], CANCEL, c.io(false))).toMatchObject({ kind: 'taken', salesId: 7, state: 'Cancelled', steps: [] });
  });

  it('cannot tell a used voucher from a refused first step on such a target: inconclusive, naming both causes', async () => {
    const v = vendor(FORWARD_STRICT, { 1: 'Shipped' });
    const plan = await planVoucher([1], LIFE, v.io(false));
    expect(plan.kind === 'used-up' && plan.reason).toBe(
      'no voucher of fixtures.sales.lifecycle could be used (1 refused Pending and Confirmed: HTTP 400 "Cannot move order from Shipped to Confirmed"): ' +
        'either earlier runs moved them on (then reset the staging data or add fresh vouchers to the pool), or the target refuses Confirmed on a Pending voucher; ' +
        'configure readBack.orderStatus so the kit reads their state and tells which',
    );
  });

  it('hands a Pending voucher to the walk even when the target refuses Confirmed: the walk fails it, planning does not hide it', async () => {
    const v = vendor({ ...FORWARD, refuseConfirmed: true }, { 1: 'Pending' });
    expect(await planVoucher([1], LIFE, v.io(false))).toMatchObject({
      kind: 'taken',
      salesId: 1,
      state: 'Pending',
      steps: ['Confirmed', 'Processing', 'Shipped'],
    });
    const r = vendor({ ...FORWARD, refuseConfirmed: true }, { 1: 'Pending' });
    expect(await planVoucher([1], LIFE, r.io(true))).toMatchObject({ kind: 'taken', salesId: 1, state: 'Pending' });
  });

  it('stops at an update that got no usable answer', async () => {
    const io: PlanIo = { set: async () => ({ answered: false, accepted: false, said: 'no answer (timeout: 100 ms)' }), acceptsNoChange: async () => undefined };
    expect(await planVoucher([1, 2], LIFE, io)).toEqual({
      kind: 'no-answer',
      reason: 'voucher 1 of fixtures.sales.lifecycle got no usable answer: no answer (timeout: 100 ms)',
    });
  });

  it('keeps ids past 2^53 exact', async () => {
    const big = 2n ** 60n + 1n;
    const io: PlanIo = { set: async () => ({ answered: true, accepted: true, said: 'HTTP 200' }), acceptsNoChange: async () => true };
    const plan = await planVoucher([big], LIFE, io);
    expect(plan.kind === 'taken' && plan.salesId).toBe(big);
  });
});
