// 4.1 Update Order Status: POST /api/v1/sales/{salesId}/update-order-status?branch_id=
import { ORDER_STATUSES } from '../../contract/schemas/order-status.ts';
import { idKey, parseJson, parseIntegerText, queryParam, requireJsonContentType, requireObject } from '../body.ts';
import { pause, type Ctx, type Reply, type Req } from '../context.ts';
import { VALID_BRANCHES } from '../constants.ts';
import { transitionRefusal } from '../profiles/strategies.ts';
import { failure, invalid, success } from '../respond.ts';
import type { Voucher } from '../store.ts';

/** 4.1: "query | branch_id | integer | yes | branch in which the voucher exists". Null: no branch given. */
function branch(ctx: Ctx, req: Req): number | null {
  const text = queryParam(req, 'branch_id');
  const id = parseIntegerText(text);
  if (id === null) {
    // 4.1: branch_id is a required integer (OS-2b).
    if (ctx.faults.has('os-branch-optional')) return null;
    invalid(text === undefined ? 'branch_id is required' : 'branch_id must be an integer');
  }
  if (!VALID_BRANCHES.includes(id)) invalid(`branch_id ${id} is not a valid branch`);
  return id;
}

/** 4.1: "orderStatus | string | yes | one of the values in section 3". */
function status(ctx: Ctx, body: Record<string, unknown>): string {
  const f = ctx.faults;
  if (!Object.hasOwn(body, 'orderStatus')) invalid('orderStatus is required');
  let value = body.orderStatus;
  // 4.1 rule 2: a value that is not a string is an invalid value (OS-2).
  if (typeof value !== 'string' && f.has('os-non-string-status')) value = String(value);
  if (typeof value !== 'string') invalid('orderStatus must be a string');
  let text = value;
  // 4.1 rule 2: "an unaccepted orderStatus yields a validation error" - whitespace is not trimmed (OS-2).
  if (f.has('os-trim-status')) text = text.trim();
  // 4.1 rule 2: the values are matched exactly, case included (OS-2).
  if (f.has('os-case-insensitive')) text = ORDER_STATUSES.find((s) => s.toLowerCase() === text.toLowerCase()) ?? text;
  // 4.1 rule 4: a value outside the six is a validation error (OS-2, OS-4).
  if (f.has('os-any-status')) return text;
  if (!(ORDER_STATUSES as readonly string[]).includes(text))
    invalid(`orderStatus must be one of ${ORDER_STATUSES.join(', ')}; got ${JSON.stringify(value.slice(0, 60))}`);
  return text;
}

/** 4.1: "reason | integer | no | ... when present must be a valid number". */
function checkReason(ctx: Ctx, body: Record<string, unknown>): void {
  if (!Object.hasOwn(body, 'reason')) return;
  // 4.1 rule 2: an invalid reason is a validation error (OS-2c).
  if (ctx.faults.has('os-reason-unchecked')) return;
  const r = body.reason;
  if (typeof r === 'number' && Number.isInteger(r)) return;
  // 4.1: "reason | integer" - not a fraction nor a numeric string (OS-2d).
  if (ctx.faults.has('os-reason-lenient')) {
    if (typeof r === 'number' && Number.isFinite(r)) return;
    if (typeof r === 'string' && /^-?\d+(\.\d+)?$/.test(r.trim())) return;
  }
  invalid('reason must be an integer');
}

export function updateOrderStatus(ctx: Ctx, req: Req, salesIdText: string): Reply | Promise<Reply> {
  const f = ctx.faults;
  // 2.2 "a numeric salesId": any size (a 64-bit vendor's ids are past 2^53).
  // 4.1 "path | salesId | integer": 1001abc is no integer (OS-2g).
  const salesId = idKey(f.has('os-salesid-prefix') ? (/^\d+/.exec(salesIdText)?.[0] ?? salesIdText) : salesIdText);
  if (salesId === null) invalid('salesId must be a positive integer');
  const branchId = writtenIfRefused(ctx, req, salesId, () => branch(ctx, req));
  requireJsonContentType(ctx, req);
  // 4.1 rule 5: "the body is JSON"; an empty body is a missing orderStatus (OS-2e).
  if (f.has('os-empty-body-ok') && req.body.trim() === '') return updated(ctx);
  const body = requireObject(parseJson(ctx, req));
  const next = status(ctx, body);
  writtenIfRefused(ctx, req, salesId, () => checkReason(ctx, body));

  const voucher = ctx.store.vouchers.get(salesId);
  if (!voucher) {
    // 4.1 rule 1: "The voucher must exist in the given branch" (OS-1: refused).
    if (f.has('os-missing-voucher-200')) return updated(ctx);
    // 4.1 "Failure: HTTP 400 (see section 7)" (OS-1b: 400, not 404).
    if (f.has('os-missing-voucher-404')) return failure(ctx, 404, `salesId ${salesId} not found`);
    invalid(`salesId ${salesId} does not exist in branch ${branchId ?? '(none)'}`);
  }
  // 1: the service is used "to create and update sales orders" - a voucher Order Create made is one (IX-10).
  if (voucher.created && f.has('ix-order-create-not-updatable')) return failure(ctx, 404, `salesId ${salesId} not found`);
  // 4.1 rule 1: "The voucher must exist in the given branch" (OS-1). os-branch-optional: no branch given.
  if (branchId !== null && voucher.branchId !== branchId && !f.has('os-ignore-branch')) invalid(`salesId ${salesId} does not exist in branch ${branchId}`);
  checkRules(ctx, voucher, next);
  // 4.1 Purpose: "change the order status of an existing sales voucher" - each update takes effect (OS-7).
  if (f.has('os-parallel-lost-update')) return throughSharedSlot(ctx, voucher, next);
  // 4.1 Purpose, 7: two updates of one voucher at once - one is stored (OS-9), neither is a 5xx (ENV-6).
  if (f.has('os-overlap-deadlock') || f.has('os-overlap-lost')) return oneVoucherAtATime(ctx, voucher, next);
  // 4.1 Purpose: "change the order status" - an accepted update is stored (OS-9).
  if (!(next === 'Cancelled' && f.has('os-cancel-not-stored'))) voucher.orderStatus = next;
  // 4.1: "Only the order status changes": a cancellation keeps the payment status (OS-6).
  if (next === 'Cancelled' && f.has('os-cancel-voids-payment')) voucher.paymentStatus = 'unpaid';
  // 4.1: "all other voucher data stays unchanged" - the due date too (OS-6).
  if (f.has('os-touches-due-date')) voucher.dueDate = '2026-12-31';
  return updated(ctx);
}

/** os-refusal-writes: a refusal for the branch or the reason comes after the status was stored (OS-8). */
function writtenIfRefused<T>(ctx: Ctx, req: Req, salesId: string, validate: () => T): T {
  try {
    return validate();
  } catch (e) {
    // 4.1 rule 2: a validation error changes nothing (OS-8).
    if (ctx.faults.has('os-refusal-writes')) {
      let next: unknown;
      try {
        next = (JSON.parse(req.body) as { orderStatus?: unknown }).orderStatus;
      } catch {
        next = undefined;
      }
      const voucher = ctx.store.vouchers.get(salesId);
      if (voucher && (ORDER_STATUSES as readonly unknown[]).includes(next)) voucher.orderStatus = next as string;
    }
    throw e;
  }
}

/** os-parallel-lost-update: the update is parked in one slot shared by every request, and applied
 *  after a wait; an update arriving meanwhile takes the slot, so only the last one takes effect. */
async function throughSharedSlot(ctx: Ctx, voucher: Voucher, next: string): Promise<Reply> {
  ctx.race.statusSlot = { voucher, next };
  await pause();
  const slot = ctx.race.statusSlot;
  ctx.race.statusSlot = null;
  if (slot) slot.voucher.orderStatus = slot.next;
  return updated(ctx);
}

/** os-overlap-deadlock, os-overlap-lost: an update waits a moment (a slow transaction); another update
 *  of the same voucher arriving meanwhile is answered 500 (deadlock), or both are answered 200 and
 *  neither is stored (lost). */
async function oneVoucherAtATime(ctx: Ctx, voucher: Voucher, next: string): Promise<Reply> {
  const key = String(voucher.salesId);
  const first = ctx.race.updating.get(key);
  if (first) {
    first.collided = true;
    await pause();
    if (ctx.faults.has('os-overlap-deadlock')) return failure(ctx, 500, 'Deadlock found when trying to get lock; try restarting transaction');
    return updated(ctx);
  }
  const mine = { collided: false };
  ctx.race.updating.set(key, mine);
  await pause();
  ctx.race.updating.delete(key);
  if (!(mine.collided && ctx.faults.has('os-overlap-lost'))) voucher.orderStatus = next;
  return updated(ctx);
}

function checkRules(ctx: Ctx, voucher: Voucher, next: string): void {
  const f = ctx.faults;
  // 3: Cancelled is among the "Order status values accepted by the order status update" (ST-1).
  if (next === 'Cancelled' && f.has('os-reject-cancelled')) invalid('orderStatus Cancelled is not allowed');
  if (next === 'Delivered') {
    // 4.1 rule 3: Delivered requires the voucher's payment status to be paid - and is then accepted (OS-3).
    if (f.has('os-delivered-never')) invalid('orderStatus Delivered is not allowed');
    // 4.1 rule 3: Delivered requires the voucher's payment status to be paid (OS-3): its status now,
    // not one it had once, and partially paid is not paid.
    const paid =
      voucher.paymentStatus === 'paid' ||
      (f.has('os-paid-once') && voucher.everPaid === true) ||
      (f.has('os-partial-is-paid') && voucher.paymentStatus === 'partial');
    if (!paid && !f.has('os-delivered-unpaid')) {
      // 4.1 rule 2: a validation error changes nothing (OS-8).
      if (f.has('os-refused-rule-writes')) voucher.orderStatus = 'Delivered';
      invalid(`orderStatus Delivered requires the payment status of salesId ${voucher.salesId} to be paid`);
    }
  }
  // 3 "Transitions: not shown": the profile's rule.
  const refusal = transitionRefusal(ctx.profile.transitions, voucher.orderStatus, next);
  if (refusal) invalid(`orderStatus of salesId ${voucher.salesId}: ${refusal}`);
}

/** 4.1 Success: "status true, a message saying the order status was updated, code as string of 200, response null". */
function updated(ctx: Ctx): Reply {
  // 4.1 Success: "response null" (OS-5).
  return success(ctx, ctx.profile.messages.orderUpdated, ctx.faults.has('os-response-object') ? {} : null);
}
