// Rules across operations, on vouchers Order Create makes in this run: Update Payment Status
// changes what the order status update may do. The model is the spec's: 4.1 rule 3 "Delivered
// requires the voucher's payment status to be paid" (its status now: paid, then set back to
// unpaid, is not paid; partially paid is not paid), 4.1 "Only the order status changes; all other
// voucher data stays unchanged" (the payment status too, Cancelled included), and a refused update
// changes nothing (OS-8). Each command is read before and after through readBack.orderStatus.
// Pure: the requests go through `AcrossIo` (across.test.ts binds it to the harness); the result
// is data (judgements), which the test records.
import fc from 'fast-check';
import { ORDER_STATUSES, type OrderStatus } from '../../contract/schemas/order-status.ts';
import type { Exchange } from '../../core/types.ts';
import { LIFECYCLE, type Id, type Read } from './plan.ts';

/** What Update Payment Status is asked for. */
export type Payment = 'paid' | 'unpaid' | 'partial';

export type Command = { kind: 'pay'; payment: Payment } | { kind: 'status'; to: OrderStatus } | { kind: 'walk'; to: 'Shipped' };

export interface Scenario {
  name: string;
  /** What it shows, for the certificate. */
  what: string;
  commands: Command[];
}

/** Delivered after paid -> unpaid; Delivered on a partially paid voucher; Cancelled on a paid one. */
export const SCENARIOS = {
  unpaidAgain: {
    name: 'paid-then-unpaid',
    what: 'made paid, set back to unpaid, walked to Shipped, then Delivered',
    commands: [
      { kind: 'pay', payment: 'paid' },
      { kind: 'pay', payment: 'unpaid' },
      { kind: 'walk', to: 'Shipped' },
      { kind: 'status', to: 'Delivered' },
    ],
  },
  partial: {
    name: 'partially-paid',
    what: 'made partially paid, walked to Shipped, then Delivered',
    commands: [
      { kind: 'pay', payment: 'partial' },
      { kind: 'walk', to: 'Shipped' },
      { kind: 'status', to: 'Delivered' },
    ],
  },
  cancelPaid: {
    name: 'paid-then-cancelled',
    what: 'made paid, then Cancelled',
    commands: [
      { kind: 'pay', payment: 'paid' },
      { kind: 'status', to: 'Cancelled' },
    ],
  },
} as const satisfies Record<string, Scenario>;

/**
 * Sequences of commands on one fresh voucher, the model-based part: the payments the config can
 * name and every status, in any order (the model judges each from the voucher as last read).
 * A run is one voucher and at most 2 + 2 x 6 requests.
 */
export function sequences(payments: readonly Payment[]): fc.Arbitrary<Scenario> {
  const command = fc.oneof(
    fc.constantFrom(...payments).map((payment): Command => ({ kind: 'pay', payment })),
    fc.constantFrom(...ORDER_STATUSES).map((to): Command => ({ kind: 'status', to })),
  );
  return fc.array(command, { minLength: 2, maxLength: 6 }).map((commands) => ({
    name: 'sequence',
    what: `given ${commands.map((c) => (c.kind === 'pay' ? `payment ${c.payment}` : c.to)).join(', ')}`,
    commands,
  }));
}

export type Outcome = { answered: false; said: string; ex: Exchange } | { answered: true; accepted: boolean; refused: boolean; said: string; ex: Exchange };

export interface AcrossIo {
  create: () => Promise<{ ok: true; salesId: Id; request: string } | { ok: false; why: string }>;
  pay: (salesId: Id, payment: Payment) => Promise<Outcome>;
  set: (salesId: Id, to: OrderStatus) => Promise<Outcome>;
  read: (salesId: Id) => Promise<Read>;
}

export type Judgement =
  | { kind: 'note'; id: string }
  | { kind: 'fail'; id: string; title: string; received: string; expected: string; ex: Exchange }
  | { kind: 'inconclusive'; ids: string[]; reason: string };

const IDS = ['OS-3', 'OS-6', 'OS-8'];
const paidText = (paid: boolean) => (paid ? 'paid' : 'not paid');
const shows = (r: Extract<Read, { ok: true }>) => `${r.orderStatus}, ${paidText(r.paid)}`;

/** The steps of the lifecycle from `state` up to `to` (none when the voucher is past it or out of it). */
export function walkSteps(state: OrderStatus, to: OrderStatus): OrderStatus[] {
  const at = LIFECYCLE.indexOf(state);
  return at < 0 ? [] : LIFECYCLE.slice(at + 1, LIFECYCLE.indexOf(to) + 1);
}

/**
 * Runs one scenario on a fresh voucher. The model is the voucher as last read: a command that
 * cannot be judged (no answer, a read that fails, a payment the read does not show) stops the
 * scenario with the reason; another state than before or after a command stops it too (another
 * client changed the voucher: never a failure).
 */
export async function runScenario(s: Scenario, io: AcrossIo): Promise<Judgement[]> {
  const out: Judgement[] = [];
  const stop = (reason: string) => (out.push({ kind: 'inconclusive', ids: IDS, reason: `${s.name}: ${reason}` }), out);
  const made = await io.create();
  if (!made.ok) return stop(made.why);
  const id = made.salesId;
  const v = `voucher ${String(id)} (made by ${made.request})`;
  let now = await io.read(id);
  if (!now.ok) return stop(`${v} could not be read: ${now.why}`);
  const history: string[] = [`read ${shows(now)}`];
  let payment: Payment | undefined;

  const send = async (to: OrderStatus): Promise<boolean> => {
    const before = now as Extract<Read, { ok: true }>;
    const o = await io.set(id, to);
    if (!o.answered) return (stop(`${v}: ${to} got no usable answer (${o.said})`), false);
    const after = await io.read(id);
    if (!after.ok) return (stop(`${v} could not be read after ${to}: ${after.why}`), false);
    history.push(`${to}: ${o.said}, then read ${shows(after)}`);
    const trail = history.join('; ');
    const deliveredUnpaid = to === 'Delivered' && !before.paid && before.orderStatus !== 'Delivered';
    if (o.accepted) {
      if (after.orderStatus !== to && after.orderStatus !== before.orderStatus)
        return (stop(`${v} read ${after.orderStatus} after ${to} was accepted: another client may be changing it`), false);
      if (deliveredUnpaid) {
        if (after.paid) return (stop(`${v} read paid after Delivered was accepted: its payment status changed under the run`), false);
        out.push({ kind: 'note', id: 'OS-3' });
        out.push({
          kind: 'fail',
          id: 'OS-3',
          title: `Delivered was accepted on a voucher that is ${payment === 'partial' ? 'partially paid' : payment === 'unpaid' ? 'no longer paid' : 'not paid'}`,
          received: `${v} ${s.what}: ${trail}`,
          expected: `Delivered refused with 400 (4.1 rule 3: "Delivered requires the voucher's payment status to be paid")`,
          ex: o.ex,
        });
        now = after;
        return false;
      }
      out.push({ kind: 'note', id: 'OS-6' });
      if (after.paid !== before.paid)
        out.push({
          kind: 'fail',
          id: 'OS-6',
          title: `Setting ${to} changed the voucher's payment status`,
          received: `${v} ${s.what}: ${trail}`,
          expected: `${v} still ${paidText(before.paid)} after ${to} (4.1: "Only the order status changes; all other voucher data stays unchanged")`,
          ex: o.ex,
        });
      now = after;
      return true;
    }
    if (!o.refused) return (stop(`${v}: ${to} ${o.said}`), false);
    // Refused: OS-3 where the rule asks for it; in every case the voucher reads as before (OS-8).
    if (deliveredUnpaid) out.push({ kind: 'note', id: 'OS-3' });
    const changed = after.orderStatus !== before.orderStatus || after.paid !== before.paid;
    if (changed && after.orderStatus !== to && after.orderStatus !== before.orderStatus)
      return (stop(`${v} read ${after.orderStatus} after ${to} was refused: another client may be changing it`), false);
    out.push({ kind: 'note', id: 'OS-8' });
    if (changed)
      out.push({
        kind: 'fail',
        id: 'OS-8',
        title: `A refused ${to} changed the voucher`,
        received: `${v} ${s.what}: ${trail}`,
        expected: `${v} still ${shows(before)}, as read before the refused update`,
        ex: o.ex,
      });
    now = after;
    return false;
  };

  for (const c of s.commands) {
    const at = now as Extract<Read, { ok: true }>;
    if (c.kind === 'pay') {
      const o = await io.pay(id, c.payment);
      if (!o.answered || !o.accepted) return stop(`${v}: Update Payment Status refused ${c.payment}: ${o.said}`);
      const after = await io.read(id);
      if (!after.ok) return stop(`${v} could not be read after Update Payment Status: ${after.why}`);
      if (after.paid !== (c.payment === 'paid'))
        return stop(
          `${v} reads ${paidText(after.paid)} after Update Payment Status set ${c.payment} (${o.said}): check readBack.orderStatus (paidValue, unpaidValue, partialValue)`,
        );
      if (after.orderStatus !== at.orderStatus) return stop(`${v} read ${after.orderStatus} after Update Payment Status (was ${at.orderStatus})`);
      history.push(`Update Payment Status ${c.payment}: ${o.said}, then read ${shows(after)}`);
      payment = c.payment;
      now = after;
    } else if (c.kind === 'walk') {
      // "Transitions: not shown": a step the target refuses ends the walk (read back: OS-8), not the scenario.
      for (const to of walkSteps(at.orderStatus, c.to)) if (!(await send(to))) break;
      if (out.some((j) => j.kind === 'inconclusive')) return out;
    } else {
      await send(c.to);
      if (out.some((j) => j.kind === 'inconclusive')) return out;
    }
  }
  return out;
}
