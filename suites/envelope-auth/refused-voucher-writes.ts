// AUTH-11 on a voucher: the order status update (4.1) and Update Payment Status (section 1), each
// sent without a valid token, and the voucher read through readBack.orderStatus after the refusals
// of each (5 rule 2: a rejected request is not carried out). The voucher is one Order Create makes in this
// run where it is configured, else a `refusals` voucher (only refused requests touch it) held alone.
// The lease holds it alone within this run only: another run of the kit on the same server sends its
// own requests to the pool meanwhile. None of them is accepted by a correct vendor, so none fails this
// one; and the vouchers other tests ask Pending of (PENDING_ASKED) are taken last, so that another run's
// Pending, stored by a vendor that stores refused updates, cannot set back what this run's refused
// writes changed between its two reads.
import { fixtureValues, operationRequest, sendOperation } from '../../client/index-operation.ts';
import type { OrderStatus } from '../../contract/schemas/order-status.ts';
import type { Exchange, TokenKind, TokenVariant } from '../../core/types.ts';
import type { Harness } from '../../runtime/harness.ts';
import { createVoucher, orderCreate } from '../order-status/fresh.ts';
import type { Id, Read } from '../order-status/plan.ts';
import { readVoucher, refusalVouchers, said, statusAccepted } from '../order-status/vouchers.ts';
import { acceptedBy } from '../../config/answer-shape.ts';
import { tokenDescription } from '../../contract/checks/auth.ts';
import { aloneUntil, lease } from '../../runtime/voucher-lease.ts';
import { suiteSays } from '../../core/words/suites.ts';

const ID = 'AUTH-11';

/** A part's outcome: how many refused writes it judged, or why it judged none (`noRead`: no read is configured for it). */
export type Part = { judged: number } | { judged: 0; why: string; noRead?: boolean };
export const refusedForToken = (ex: Exchange) => ex.response?.status === 401 || ex.response?.status === 403;
/** The inputs without a valid token: the two boundaries and an invalid token. */
export const WITHOUT_TOKEN: Array<TokenKind | TokenVariant> = ['none', { kind: 'empty' }, 'invalid'];
const state = (r: Read & { ok: true }) => `${r.orderStatus}${r.paid ? ' (paid)' : ' (not paid)'}`;

/** A status the voucher can be asked for from `from` (none from Cancelled: nothing leaves it). */
function askFor(from: OrderStatus): OrderStatus | undefined {
  if (from === 'Pending') return 'Confirmed';
  return from === 'Cancelled' ? undefined : 'Cancelled';
}

export async function voucherWrites(h: Harness): Promise<Part> {
  if (!h.config.readBack?.orderStatus) return { judged: 0, noRead: true, why: suiteSays('envVoucherNoReadBack') };
  if (orderCreate(h)) {
    const made = await createVoucher(h, 'auth', false);
    if (!made.ok) return { judged: 0, why: made.why };
    return onVoucher(h, made.salesId);
  }
  // A refusals voucher held alone from the read before the writes to the read after (runtime/voucher-lease.ts).
  const held = await lease(h, h, 'alone', readAroundOrder(refusalVouchers(h)), aloneUntil(h.ctx.deadline));
  if (!held) return { judged: 0, why: suiteSays('envNoFreeVoucher') };
  try {
    return await onVoucher(h, held.salesId as Id);
  } finally {
    held.release();
  }
}

/**
 * The refusals vouchers other tests ask Pending of, in every run: the first (the order status
 * update's no-change probe, vouchers.ts acceptsNoChange, with the valid token) and the last (every
 * operation's safe request, operations.ts validCalls and client/index-operation.ts fixtureValues,
 * sent without a valid token and with near misses by the authentication tests).
 */
export function pendingAsked<T>(pool: readonly T[]): T[] {
  return [...new Set([pool[0], pool[pool.length - 1]])].filter((id): id is T => id !== undefined);
}

/** The refusals vouchers in the order AUTH-11 tries them: from the end, those another test asks Pending of last. */
export function readAroundOrder<T>(pool: readonly T[]): T[] {
  const asked = pendingAsked(pool);
  const reversed = [...pool].reverse();
  return [...reversed.filter((id) => !asked.includes(id)), ...reversed.filter((id) => asked.includes(id))];
}

async function onVoucher(h: Harness, salesId: Id): Promise<Part> {
  const before = await readVoucher(h, salesId);
  if (!before.ok) return { judged: 0, why: suiteSays('voucherNotRead', { salesId: String(salesId), why: before.why }) };
  const branchId = h.config.fixtures.branchId;
  const pay = h.config.operations?.['update-payment-status'];
  const paidValue = h.config.readBack!.orderStatus!.paidValue;
  const to = askFor(before.orderStatus);
  // `accepted`: the order status update's 2xx; Update Payment Status's, unless its config's refusal shape.
  const writes: Array<{ what: string; send: (t: (typeof WITHOUT_TOKEN)[number]) => Promise<Exchange>; accepted: (ex: Exchange) => boolean }> = [];
  const auth = (t: (typeof WITHOUT_TOKEN)[number]) => (typeof t === 'string' ? { token: t } : { variant: t });
  if (to)
    writes.push({
      what: `orderStatus ${to}`,
      send: (t) => h.client.updateOrderStatus({ salesId, branchId, body: { orderStatus: to }, ...auth(t) }),
      accepted: statusAccepted,
    });
  // Update Payment Status asks for paid only on an unpaid voucher: the word for unpaid is the target's own.
  if (pay && !before.paid && JSON.stringify([pay.path, pay.query ?? {}, pay.body ?? null]).includes('{paymentStatus}')) {
    const request = operationRequest(pay, fixtureValues(h.config), { salesId, paymentStatus: paidValue });
    writes.push({
      what: `payment status ${paidValue} (Update Payment Status)`,
      send: (t) => sendOperation(h.client, request, t),
      accepted: (ex) => acceptedBy(pay, ex.response?.status, ex.json),
    });
  }
  // Each write is sent once per way of lacking a token, and the voucher read once after them
  // (readBack's quota is often the tightest of a run): a change then is a refused write's.
  let judged = 0;
  for (const w of writes) {
    const refused: Exchange[] = [];
    for (const t of WITHOUT_TOKEN) {
      const ex = await w.send(t);
      // Accepted: AUTH-1, AUTH-2, AUTH-6 (IX-1, IX-2) judge it, and the voucher changed for a reason of its own.
      if (w.accepted(ex)) return judged > 0 ? { judged } : { judged: 0, why: suiteSays('envWriteAccepted', { name: w.what, said: said(ex) }) };
      if (refusedForToken(ex)) refused.push(ex);
    }
    if (refused.length === 0) continue;
    const after = await readVoucher(h, salesId);
    if (!after.ok) return judged > 0 ? { judged } : { judged: 0, why: suiteSays('envVoucherUnreadAfter', { salesId: String(salesId), why: after.why }) };
    judged += refused.length;
    h.note(ID, refused.length, 'auth.refused-write-changes-nothing');
    if (after.orderStatus !== before.orderStatus || after.paid !== before.paid) {
      h.fail(
        ID,
        'A write refused for its token changed the voucher',
        `${w.what}, sent ${refused.map((ex) => `${tokenDescription(ex)} (#${ex.seq} ${said(ex)})`).join(', ')}; then voucher ${String(salesId)} read ${state(after)}`,
        `voucher ${String(salesId)} still ${state(before)}, as read before the refused writes`,
        refused[0],
      );
      return { judged };
    }
  }
  return judged > 0 ? { judged } : { judged: 0, why: suiteSays('envNoVoucherWriteRefused', { salesId: String(salesId) }) };
}
