// 3 States and 4.1 Update Order Status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../contract/schemas/order-status.ts';
import { orderStatusSuccess } from '../../contract/schemas/order-status.ts';
import { INVALID_BRANCH_ID, MISSING_VOUCHER, OTHER_BRANCH_ID, OTHER_BRANCH_VOUCHERS, PAID_VOUCHERS, UNPAID_VOUCHERS } from '../../reference/constants.ts';
import { startReference, type ReferenceServer } from '../../reference/server.ts';
import { call, expectedError, paths, setStatus } from './helpers.ts';

let ref: ReferenceServer;
beforeAll(async () => {
  ref = await startReference({ port: 0 });
});
afterAll(() => ref.close());

// Each test takes vouchers of its own, so the order of the tests does not matter.
const unpaid = [...UNPAID_VOUCHERS];
const paid = [...PAID_VOUCHERS];
const take = (list: number[]) => list.shift()!;

const expect400 = (a: { status: number; json: unknown }, field?: RegExp) => {
  expect(a.status).toBe(400);
  expect(a.json).toMatchObject(expectedError(400));
  if (field) expect((a.json as { message: string }).message).toMatch(field);
};

describe('4.1 success', () => {
  it('answers a valid update with 200, status true, code "200", response null and a message saying it was updated', async () => {
    const a = await setStatus(ref.url, take(unpaid), 'Confirmed');
    expect(a.status).toBe(200);
    expect(a.json).toEqual({ status: true, message: 'Order status updated successfully', code: '200', response: null });
    expect(orderStatusSuccess.parse(a.json)).toBeTruthy();
  });

  it('accepts each of the six statuses of section 3 on a voucher whose state allows it', async () => {
    const id = take(paid);
    for (const s of ['Pending', 'Confirmed', 'Processing', 'Shipped', 'Delivered']) expect((await setStatus(ref.url, id, s)).status, s).toBe(200);
    expect((await setStatus(ref.url, take(unpaid), 'Cancelled')).status).toBe(200);
  });

  it('accepts an integer reason', async () => {
    expect((await setStatus(ref.url, take(unpaid), 'Cancelled', 1, { reason: 3 })).status).toBe(200);
    expect((await setStatus(ref.url, take(unpaid), 'Confirmed', 1, { reason: 0 })).status).toBe(200);
  });
});

describe('4.1 rule 1: the voucher must exist in the given branch', () => {
  it('refuses a voucher that exists in no branch with 400', async () => {
    expect400(await setStatus(ref.url, MISSING_VOUCHER, 'Confirmed'), /salesId/);
  });

  it('refuses a voucher of another branch with 400 and leaves it unchanged', async () => {
    const id = OTHER_BRANCH_VOUCHERS[0]!;
    expect400(await setStatus(ref.url, id, 'Cancelled', 1), /branch/);
    // Still changeable in its own branch: it was not cancelled.
    expect((await setStatus(ref.url, id, 'Confirmed', OTHER_BRANCH_ID)).status).toBe(200);
  });
});

describe('4.1 rule 2: validation errors', () => {
  it('refuses a salesId that is not a positive integer with 400', async () => {
    for (const id of ['0', '-1', 'abc', '1.5', '1e3', '%20', '10000000000000000000'])
      expect400(await call(ref.url, 'POST', paths.orderStatus(id), { body: { orderStatus: 'Confirmed' } }), /salesId/);
  });

  it('refuses a missing, non-integer or invalid branch_id with 400', async () => {
    const id = take(unpaid);
    for (const branch of [null, '', 'x', '1.0', '1a', String(INVALID_BRANCH_ID), '0', '-1'])
      expect400(await setStatus(ref.url, id, 'Confirmed', branch), /branch_id/);
    expect400(
      await call(ref.url, 'POST', `/api/v1/sales/${id}/update-order-status?branch_id=1&branch_id=1`, { body: { orderStatus: 'Confirmed' } }),
      /branch_id/,
    );
  });

  it('refuses a missing orderStatus with 400', async () => {
    expect400(await call(ref.url, 'POST', paths.orderStatus(take(unpaid)), { body: {} }), /orderStatus/);
    expect400(await call(ref.url, 'POST', paths.orderStatus(take(unpaid)), { body: { reason: 1 } }), /orderStatus/);
  });

  it('refuses an orderStatus that differs from the six values in case or whitespace with 400', async () => {
    const id = take(unpaid);
    for (const s of ['confirmed', 'CONFIRMED', ' Confirmed', 'Confirmed ', 'Con firmed', '\tShipped', 'Delivered\n'])
      expect400(await setStatus(ref.url, id, s), /orderStatus/);
  });

  it('refuses plausible statuses outside the six, like the documentation sample, with 400 (rule 4)', async () => {
    const id = take(unpaid);
    for (const s of ['Completed', 'Dispatched', 'Packed', 'Returned', 'Delivered to customer', '', 'Pending,Confirmed'])
      expect400(await setStatus(ref.url, id, s), /orderStatus/);
  });

  it('refuses a non-string orderStatus with 400', async () => {
    const id = take(unpaid);
    for (const s of [1, true, null, ['Confirmed'], { value: 'Confirmed' }]) expect400(await setStatus(ref.url, id, s), /orderStatus/);
  });

  it('refuses a reason that is present and not a JSON integer with 400', async () => {
    const id = take(unpaid);
    for (const reason of ['1', 'damaged', 1.5, null, true, [1], { code: 1 }]) expect400(await setStatus(ref.url, id, 'Cancelled', 1, { reason }), /reason/);
    // Nothing was changed by the refused requests.
    expect((await setStatus(ref.url, id, 'Confirmed')).status).toBe(200);
  });

  it('refuses an empty body and a body that is not JSON with 400 (rule 5: the body is JSON)', async () => {
    for (const body of ['', '   ', 'orderStatus=Confirmed', 'Confirmed']) expect400(await call(ref.url, 'POST', paths.orderStatus(take(unpaid)), { body }));
  });

  it('lists every accepted value in the message of an unaccepted one', async () => {
    const a = await setStatus(ref.url, take(unpaid), 'Completed');
    for (const s of ORDER_STATUSES) expect(a.json.message).toContain(s);
  });
});

describe('4.1 rule 3: Delivered requires the payment status paid', () => {
  it('refuses Delivered on an unpaid voucher with 400, whatever its status', async () => {
    const id = take(unpaid);
    expect400(await setStatus(ref.url, id, 'Delivered'), /paid/);
    for (const s of ['Confirmed', 'Processing', 'Shipped']) expect((await setStatus(ref.url, id, s)).status).toBe(200);
    expect400(await setStatus(ref.url, id, 'Delivered'), /paid/);
  });

  it('accepts Delivered on a paid voucher, straight from Pending', async () => {
    expect((await setStatus(ref.url, take(paid), 'Delivered')).status).toBe(200);
  });
});

describe('3 transitions (not shown by the spec; the reference makes Delivered and Cancelled final)', () => {
  it('allows any change between the non-final statuses, backwards too', async () => {
    const id = take(unpaid);
    for (const s of ['Shipped', 'Pending', 'Processing', 'Confirmed', 'Confirmed', 'Pending']) expect((await setStatus(ref.url, id, s)).status, s).toBe(200);
  });

  it('refuses any change of a Cancelled voucher but accepts Cancelled again', async () => {
    const id = take(unpaid);
    expect((await setStatus(ref.url, id, 'Cancelled')).status).toBe(200);
    for (const s of ['Pending', 'Confirmed', 'Shipped', 'Delivered']) expect400(await setStatus(ref.url, id, s));
    expect((await setStatus(ref.url, id, 'Cancelled')).status).toBe(200);
  });

  it('refuses any change of a Delivered voucher but accepts Delivered again', async () => {
    const id = take(paid);
    expect((await setStatus(ref.url, id, 'Delivered')).status).toBe(200);
    for (const s of ['Pending', 'Shipped', 'Cancelled']) expect400(await setStatus(ref.url, id, s), /no longer change/);
    expect((await setStatus(ref.url, id, 'Delivered')).status).toBe(200);
  });

  it('keeps the state of each server separate', async () => {
    const id = UNPAID_VOUCHERS.at(-1)!;
    expect((await setStatus(ref.url, id, 'Cancelled')).status).toBe(200);
    const other = await startReference();
    try {
      expect((await setStatus(other.url, id, 'Confirmed')).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
