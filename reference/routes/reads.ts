// The two read operations the spec lists in its index (1) without a path ("Paths, parameters
// and payloads of every operation other than the three below: not shown"), at the profile's
// paths (profile.readBack), which its run config gives: Get Contact By Id and Order Status.
import { branchParam, idKey } from '../body.ts';
import type { Ctx, Reply, Req } from '../context.ts';
import { VALID_BRANCHES } from '../constants.ts';
import { indexData } from '../index-data.ts';
import { invalid, success } from '../respond.ts';

/**
 * "Contact | Get Contact By Id | GET" (default /api/v1/contact/{contactId}?branch_id=): the saved
 * customer in the 2.3 shape, with its contactId and each address's addressId, so that a run reads
 * back what contactSave saved (readBack.getContactById). Ids past 2^53 are written as their exact digits.
 */
export function readContact(ctx: Ctx, req: Req, contactIdText: string, branchQuery = 'branch_id'): Reply {
  const key = idKey(contactIdText);
  if (key === null) invalid('contactId must be a positive integer');
  const branchId = branchParam(req, VALID_BRANCHES, branchQuery);
  const contact = ctx.store.contacts.get(key);
  // The customers that exist before any run (index-data.ts), for the index's Get Contact By Id.
  const seeded = contact ? undefined : indexData(ctx.data.seed).customers.find((c) => String(c.contactId) === key && c.branchId === branchId);
  if (seeded) return success(ctx, ctx.profile.messages.contact, { ...seeded, contactAddressDTO: [] });
  if (!contact || contact.branchId !== branchId) invalid(`contactId ${key} does not exist in branch ${branchId}`);
  const { branchId: _b, addresses, ...fields } = contact;
  const list = addresses.map((a) => ({ ...a }));
  // A vendor's read may carry fields of its own and list the default address first.
  const extras = ctx.profile.readBack.contactExtras;
  if (extras) list.sort((a, b) => Number(b.isDefault === 1) - Number(a.isDefault === 1));
  return success(ctx, ctx.profile.messages.contact, {
    ...fields,
    ...(extras ? { createdAt: new Date(0).toISOString(), branchName: `Branch ${branchId}` } : {}),
    deletedAddressIds: [],
    contactAddressDTO: list,
  });
}

/** Builds an object holding `value` at the dot path `path` (after its leading "response."). */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.').slice(1);
  let at = target;
  keys.slice(0, -1).forEach((k) => {
    at[k] ??= {};
    at = at[k] as Record<string, unknown>;
  });
  at[keys[keys.length - 1]!] = value;
}

/** The payment status in the profile's words: its paidValue, its partialValue, or the paid value's "un" form in the same case. */
function paymentWord(shape: Ctx['profile']['readBack']['orderStatus'], status: 'paid' | 'unpaid' | 'partial'): string {
  const paidValue = shape.paidValue;
  if (status === 'paid') return paidValue;
  if (status === 'partial') return shape.partialValue ?? 'partial';
  if (paidValue === paidValue.toUpperCase()) return `UN${paidValue}`;
  return paidValue[0] === paidValue[0]!.toUpperCase() ? `Un${paidValue.toLowerCase()}` : `un${paidValue}`;
}

/**
 * "Sales | Order Status | GET" (default /api/v1/sales/{salesId}/order-status?branch_id=): the
 * order status and the payment status (2.2: "It has an order status and a payment status (the
 * value paid is referenced)") where the profile's dot paths say, with the profile's word for
 * paid, so that a run plans its order status tests from the vouchers' actual state
 * (readBack.orderStatus).
 */
export function readOrderStatus(ctx: Ctx, req: Req, salesIdText: string, branchQuery = 'branch_id'): Reply {
  const key = idKey(salesIdText);
  if (key === null) invalid('salesId must be a positive integer');
  const branchId = branchParam(req, VALID_BRANCHES, branchQuery);
  const voucher = ctx.store.vouchers.get(key);
  // 4.1 rule 1 applies to reading as well: the voucher must exist in the given branch.
  if (!voucher || voucher.branchId !== branchId) invalid(`salesId ${key} does not exist in branch ${branchId}`);
  const shape = ctx.profile.readBack.orderStatus;
  // The remark Order Create was given (where a run puts its marker), as Get Sales Data By Id shows it.
  const response: Record<string, unknown> = { salesId: voucher.salesId, branchId, remark: voucher.remark ?? '' };
  setPath(response, shape.orderStatus, voucher.orderStatus);
  setPath(response, shape.paymentStatus, paymentWord(shape, voucher.paymentStatus));
  return success(ctx, ctx.profile.messages.orderStatus, response);
}
