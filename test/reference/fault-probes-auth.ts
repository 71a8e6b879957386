// Probes of the authentication faults (reference/late-auth.ts, guard.ts): authentication on the
// read-backs and the index's writes, and writes refused for their token that still write.
// Last in the table: the Order Create probe moves the ids of every voucher made after it.
import { expect } from 'vitest';
import { TOKEN, paths, reportBody, validCustomer } from './helpers.ts';
import { oneStatus, P, type Probe } from './probe-kit.ts';

/** An unpaid Pending voucher no other probe touches. */
const VOUCHER = 1058;
const MOBILE = '9123400091';
/** A voucher of the index's writes (reference/constants.ts INDEX_VOUCHERS) no other probe touches. */
const DATA_VOUCHER = 4009;

export const AUTH_PROBES: Probe[] = [
  // 5 rule 1 on the read-backs "Order Status" and "Get Contact By Id": no token, 403 -> 200.
  P(
    'auth-readback-open',
    'index',
    async (s) => [await s(paths.orderRead(1001), { token: null }, 'GET'), await s(paths.contact(1001), { token: null }, 'GET')],
    (c, f) => {
      expect(c.map((x) => x.status)).toEqual([403, 403]);
      expect(f.map((x) => x.status)).toEqual([200, 200]);
    },
    { token: 'none' },
  ),
  // 5 rule 2: the update refused without a token has stored Confirmed (the read shows it).
  P(
    'auth-status-update-writes-then-403',
    'order-status',
    async (s) => [await s(paths.orderStatus(VOUCHER), { body: { orderStatus: 'Confirmed' }, token: null }), await s(paths.orderRead(VOUCHER), {}, 'GET')],
    (c, f) => {
      expect(c.map((x) => x.status)).toEqual([403, 200]);
      expect(f.map((x) => x.status)).toEqual([403, 200]);
      expect(c[1]!.body.response.orderStatus).toBe('Pending');
      expect(f[1]!.body.response).toEqual({ ...c[1]!.body.response, orderStatus: 'Confirmed' });
    },
    { token: 'none' },
  ),
  // 5 rule 2: the customer refused without a token is found under its mobile number.
  P(
    'auth-contact-save-writes-then-403',
    'customer',
    async (s) => [
      await s(paths.customer(), { body: validCustomer({ mobNo: MOBILE, whatsappNo: MOBILE }), token: null }),
      await s(`/api/v1/contact/by-mobile?branch_id=1&mobNo=${MOBILE}`, {}, 'GET'),
    ],
    (c, f) => {
      expect(c.map((x) => x.status)).toEqual([403, 200]);
      expect(f.map((x) => x.status)).toEqual([403, 200]);
      expect(c[1]!.body.response).toEqual([]);
      expect(f[1]!.body.response.map((x: { mobNo: string }) => x.mobNo)).toEqual([MOBILE]);
    },
    { token: 'none' },
  ),
  // 5 rule 2: Update Due Date refused without a token has stored its due date (Get Sales Data By Id shows it).
  P(
    'auth-voucher-data-writes-then-403',
    'index',
    async (s) => [
      await s(`/api/v1/sales/${DATA_VOUCHER}/update-due-date?branch_id=1`, { body: { dueDate: '2026-06-30' }, token: null }),
      await s(`/api/v1/sales/${DATA_VOUCHER}?branch_id=1`, {}, 'GET'),
    ],
    (c, f) => {
      expect(c.map((x) => x.status)).toEqual([403, 200]);
      expect(f.map((x) => x.status)).toEqual([403, 200]);
      expect(c[1]!.body.response.dueDate).toBe('');
      expect(f[1]!.body.response).toEqual({ ...c[1]!.body.response, dueDate: '2026-06-30' });
    },
    { token: 'none' },
  ),
  // AUTH-8: the token in the JSON body, no header: 403 -> 200.
  P(
    'auth-body-token',
    'report',
    async (s) => [await s(paths.report, { body: { ...reportBody({ limit: 1 }), 'api-token': TOKEN }, token: null })],
    (c, f) => oneStatus(c, f, 403, 200),
    { token: 'elsewhere' },
  ),
  // 5 rule 2: the Order Create refused without a token made a voucher: the next one's id is one more.
  P(
    'auth-order-create-writes-then-403',
    'index',
    async (s) => {
      const body = { contactId: 1001, items: [{ productId: 101, qty: 1 }] };
      return [await s('/api/v1/sales/order-create?branch_id=1', { body, token: null }), await s('/api/v1/sales/order-create?branch_id=1', { body })];
    },
    (c, f) => {
      expect(c.map((x) => x.status)).toEqual([403, 200]);
      expect(f.map((x) => x.status)).toEqual([403, 200]);
      expect(BigInt(f[1]!.body.response.salesId)).toBe(BigInt(c[1]!.body.response.salesId) + 1n);
    },
    { token: 'none' },
  ),
];
