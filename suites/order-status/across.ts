// Rules across operations, on vouchers Order Create makes in this run: Update Payment Status
// changes what the order status update may do. The model is the spec's: 4.1 rule 3 "Delivered
// requires the voucher's payment status to be paid" (paid, then set back to unpaid, is not paid;
// partially paid is not paid), 4.1 "Only the order status changes" (the payment status too), and a
// refused update changes nothing (OS-8). Here: the commands, scenarios and sequences a property
// draws; across-run.ts runs them. Pure: requests go through `AcrossIo`, the result is data.
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

/** The steps of the lifecycle from `state` up to `to` (none when the voucher is past it or out of it). */
export function walkSteps(state: OrderStatus, to: OrderStatus): OrderStatus[] {
  const at = LIFECYCLE.indexOf(state);
  return at < 0 ? [] : LIFECYCLE.slice(at + 1, LIFECYCLE.indexOf(to) + 1);
}
