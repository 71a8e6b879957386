// Probes of the faults of the rules across operations: each makes a voucher of its own with Order
// Create, sets its payment status with Update Payment Status, then updates its order status; the
// answers (and the read after) differ between the clean reference and the reference with that
// fault on.
import { expect } from 'vitest';
import { paths } from './helpers.ts';
import { P, type Probe, type Send } from './probe-kit.ts';

/** A new unpaid Pending voucher of branch 1 (Order Create), its id as text. */
async function made(s: Send): Promise<string> {
  const ex = await s('/api/v1/sales/order-create?branch_id=1', { body: { contactId: 1001, items: [{ productId: 101, qty: 1 }] } });
  return String(ex.json?.response?.salesId);
}
const pay = (s: Send, id: string, paymentStatus: string) => s(`/api/v1/sales/${id}/update-payment-status?branch_id=1`, { body: { paymentStatus } });
const set = (s: Send, id: string, orderStatus: string) => s(paths.orderStatus(id), { body: { orderStatus } });

export const ACROSS_PROBES: Probe[] = [
  // 4.1 rule 3: paid, then set back to unpaid: Delivered refused (400 -> 200).
  P(
    'os-paid-once',
    'order-status',
    async (s) => {
      const id = await made(s);
      return [await pay(s, id, 'paid'), await pay(s, id, 'unpaid'), await set(s, id, 'Delivered')];
    },
    (c, f) => {
      expect(c.map((x) => x.status)).toEqual([200, 200, 400]);
      expect(f.map((x) => x.status)).toEqual([200, 200, 200]);
    },
  ),
  // 4.1 rule 3: partially paid is not paid (400 -> 200).
  P(
    'os-partial-is-paid',
    'order-status',
    async (s) => {
      const id = await made(s);
      return [await pay(s, id, 'partial'), await set(s, id, 'Delivered')];
    },
    (c, f) => {
      expect(c.map((x) => x.status)).toEqual([200, 400]);
      expect(f.map((x) => x.status)).toEqual([200, 200]);
    },
  ),
  // 4.1 "Only the order status changes": a paid voucher Cancelled reads paid still.
  P(
    'os-cancel-voids-payment',
    'order-status',
    async (s) => {
      const id = await made(s);
      return [await pay(s, id, 'paid'), await set(s, id, 'Cancelled'), await s(paths.orderRead(id), {}, 'GET')];
    },
    (c, f) => {
      expect([c.map((x) => x.status), f.map((x) => x.status)]).toEqual([
        [200, 200, 200],
        [200, 200, 200],
      ]);
      expect(c[2]!.body.response).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'paid' });
      expect(f[2]!.body.response).toEqual({ ...c[2]!.body.response, paymentStatus: 'unpaid' });
    },
  ),
  // 4.1 rule 2: Delivered refused on an unpaid voucher leaves it Pending.
  P(
    'os-refused-rule-writes',
    'order-status',
    async (s) => {
      const id = await made(s);
      return [await set(s, id, 'Delivered'), await s(paths.orderRead(id), {}, 'GET')];
    },
    (c, f) => {
      expect([c.map((x) => x.status), f.map((x) => x.status)]).toEqual([
        [400, 200],
        [400, 200],
      ]);
      expect([c[1]!.body.response.orderStatus, f[1]!.body.response.orderStatus]).toEqual(['Pending', 'Delivered']);
    },
  ),
];
