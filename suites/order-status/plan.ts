// Which voucher of a pool a test takes, planned from the voucher's actual state. Spec 3:
// "Transitions: not shown", so a voucher an earlier run moved on may or may not move back to
// Pending; one that does not is used up: a fixture problem, never a failure of the target.
// Pure: the requests go through `PlanIo` (suites/order-status/vouchers.ts binds it to a test).
import type { OrderStatus } from '../../contract/schemas/order-status.ts';
import { suiteSays } from '../../core/words/suites.ts';

export type Id = number | bigint;

/** 3: "The lifecycle described is: confirmed, processed, shipped, delivered" (Pending before it). */
export const LIFECYCLE: readonly OrderStatus[] = ['Pending', 'Confirmed', 'Processing', 'Shipped', 'Delivered'];

/** What a role does with its voucher: walk from Pending to `last` (Cancelled: one step from Pending). */
export interface RoleSpec {
  role: 'lifecycle' | 'cancel' | 'deliver';
  /** 3: "a voucher can be set to Delivered only when its payment status is paid". */
  paid: boolean;
  last: 'Shipped' | 'Delivered' | 'Cancelled';
}

/** A voucher's state as readBack.orderStatus shows it, or why it could not be read. */
export type Read = { ok: true; orderStatus: OrderStatus; paid: boolean } | { ok: false; why: string };

/** What the target answered to an update: accepted (2xx), refused, or no usable answer. */
export interface Answer {
  answered: boolean;
  accepted: boolean;
  /** `HTTP 400 "Cannot move ..."`, for reasons a user reads. */
  said: string;
}

export interface PlanIo {
  /** Absent without readBack.orderStatus. */
  read?: (salesId: Id) => Promise<Read>;
  /** Sends `to`; `from` is the state as known (null: not known). */
  set: (salesId: Id, from: OrderStatus | null, to: OrderStatus) => Promise<Answer>;
  /** Does the target accept Pending on a voucher that is Pending? undefined: not known. */
  acceptsNoChange: () => Promise<boolean | undefined>;
}

export type Plan =
  | {
      kind: 'taken';
      salesId: Id;
      /** The state now, known: read, or set by an accepted update. */
      state: OrderStatus;
      /** The statuses still to send, in order. */
      steps: OrderStatus[];
      /** How its state is known, for the certificate: "read Shipped, moved back to Pending". */
      how: string;
      /** Vouchers passed over before it, and why. */
      passedOver: string[];
      /** Made paid in this run (Update Payment Status answered 2xx) but not read paid: a refused Delivered proves nothing. */
      paidUnread?: boolean;
    }
  | { kind: 'used-up'; reason: string; passedOver: string[] }
  | { kind: 'no-answer'; reason: string };

/** The statuses a role still sends from `state` (empty: the voucher has nothing left to give). */
export function stepsFrom(spec: RoleSpec, state: OrderStatus): OrderStatus[] {
  if (spec.last === 'Cancelled') return state === 'Pending' ? ['Cancelled'] : [];
  const at = LIFECYCLE.indexOf(state);
  return at < 0 ? [] : LIFECYCLE.slice(at + 1, LIFECYCLE.indexOf(spec.last) + 1);
}

/** The next status of the lifecycle after `state`, for an unpaid voucher (up to Shipped). */
export function nextUnpaid(state: OrderStatus): OrderStatus | undefined {
  const at = LIFECYCLE.indexOf(state);
  return at >= 0 && at < LIFECYCLE.indexOf('Shipped') ? LIFECYCLE[at + 1] : undefined;
}

/**
 * Takes the first usable voucher of `pool`. With a read path: its state tells; a voucher that is
 * not Pending is offered Pending (a target that allows it restores the voucher) and otherwise
 * continues from where it is, if the role has steps left from there. Without one: Pending is
 * sent; accepted, the voucher is Pending now; refused by a target that accepts Pending on a
 * Pending voucher, the voucher was moved on and is used up; refused by a target that refuses
 * "no change", the role's first step decides.
 */
export async function planVoucher(pool: readonly Id[], spec: RoleSpec, io: PlanIo): Promise<Plan> {
  const why: PassedOver = { moved: [], wrongPayment: [], unexplained: [], unread: [] };
  const passedOver = () => [...why.moved, ...why.wrongPayment, ...why.unexplained];
  const noAnswer = (salesId: Id, a: Answer): Plan => ({
    kind: 'no-answer',
    reason: suiteSays('osPoolNoAnswer', { salesId, role: spec.role, said: a.said }),
  });
  const taken = (salesId: Id, state: OrderStatus, how: string, steps = stepsFrom(spec, state)): Plan => ({
    kind: 'taken',
    salesId,
    state,
    steps,
    how,
    passedOver: passedOver(),
  });

  for (const salesId of pool) {
    const read = io.read ? await io.read(salesId) : undefined;
    if (read?.ok) {
      if (read.paid !== spec.paid) {
        why.wrongPayment.push(`${salesId} ${read.paid ? 'paid' : 'not paid'}`);
        continue;
      }
      if (read.orderStatus === 'Pending') return taken(salesId, 'Pending', 'read Pending');
      const back = await io.set(salesId, read.orderStatus, 'Pending');
      if (!back.answered) return noAnswer(salesId, back);
      if (back.accepted) return taken(salesId, 'Pending', `read ${read.orderStatus}, moved back to Pending`);
      if (stepsFrom(spec, read.orderStatus).length > 0) return taken(salesId, read.orderStatus, `read ${read.orderStatus}, continued from there`);
      why.moved.push(`${salesId} ${read.orderStatus}`);
      continue;
    }
    if (read) why.unread.push(`${salesId}: ${read.why}`);
    const pending = await io.set(salesId, null, 'Pending');
    if (!pending.answered) return noAnswer(salesId, pending);
    if (pending.accepted) return taken(salesId, 'Pending', 'accepted Pending');
    if ((await io.acceptsNoChange()) === true) {
      why.moved.push(`${salesId} refused Pending: ${pending.said}`);
      continue;
    }
    // Pending refused as "no change" tells nothing: the first step of the role decides.
    const first = stepsFrom(spec, 'Pending')[0]!;
    const step = await io.set(salesId, null, first);
    if (!step.answered) return noAnswer(salesId, step);
    if (step.accepted) return taken(salesId, first, `refused Pending as no change, accepted ${first}`, stepsFrom(spec, 'Pending').slice(1));
    why.unexplained.push(`${salesId} refused Pending and ${first}: ${step.said}`);
  }
  return { kind: 'used-up', reason: usedUpReason(spec, why, io.read !== undefined), passedOver: passedOver() };
}

interface PassedOver {
  /** Moved on by earlier runs, and not moved back to Pending. */
  moved: string[];
  /** Paid where the role needs unpaid, or the other way round: a config problem. */
  wrongPayment: string[];
  /** Refused Pending and the role's first step, on a target that refuses "no change": not known why. */
  unexplained: string[];
  /** readBack.orderStatus could not read them. */
  unread: string[];
}

/** At most four items of a list, for reasons a user reads. */
export const list = (l: string[]) => (l.length > 4 ? `${l.slice(0, 4).join(', ')} and ${l.length - 4} more` : l.join(', '));

/** What a user reads when a pool has no usable voucher left: what was found, and the fix. */
export function usedUpReason(spec: RoleSpec, why: PassedOver, readPath: boolean): string {
  const key = `fixtures.sales.${spec.role}`;
  const parts: string[] = [];
  if (why.unexplained.length > 0) {
    const first = stepsFrom(spec, 'Pending')[0];
    parts.push(suiteSays('osPoolUnexplained', { key, listed: list([...why.moved, ...why.unexplained]), first, readPath }));
  } else if (why.moved.length > 0) {
    const readAll = readPath && why.unread.length === 0;
    parts.push(suiteSays('osPoolMovedOn', { key, listed: list(why.moved), many: why.moved.length > 1, readAll }));
  }
  if (why.wrongPayment.length > 0)
    parts.push(suiteSays('osPoolWrongPayment', { alone: parts.length === 0, key, listed: list(why.wrongPayment), paid: spec.paid }));
  if (why.unread.length > 0) parts.push(suiteSays('osPoolSomeUnread', { listed: list(why.unread) }));
  return parts.join('; ');
}
