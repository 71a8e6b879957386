// Probes of the faults of the index's other operations (section 1; reference/index-routes.ts).
import { expect } from 'vitest';
import { P, statusFlip, type Probe } from './probe-kit.ts';

export const INDEX_PROBES: Probe[] = [
  // 4.1 "all other voucher data stays unchanged": voucher 1057 read after Confirmed (no other probe uses it).
  P(
    'os-touches-due-date',
    'order-status',
    async (s) => [
      await s('/api/v1/sales/1057/update-order-status?branch_id=1', { body: { orderStatus: 'Confirmed' } }),
      await s('/api/v1/sales/1057?branch_id=1', {}, 'GET'),
    ],
    (c, f) => {
      expect(c.map((x) => x.status)).toEqual([200, 200]);
      expect(c[1]!.body.response.dueDate).toBe('');
      expect(f[1]!.body.response).toEqual({ ...c[1]!.body.response, dueDate: '2026-12-31' });
    },
  ),
  // 1 "create and update sales orders": a voucher Order Create made takes Confirmed (and Get Sales Data By Id shows it).
  P(
    'ix-order-create-not-updatable',
    'order-status',
    async (s) => {
      const made = await s('/api/v1/sales/order-create?branch_id=1', { body: { contactId: 1001, items: [{ productId: 101, qty: 1 }] } });
      const id = String(made.json?.response?.salesId);
      const set = (orderStatus: string) => s(`/api/v1/sales/${id}/update-order-status?branch_id=1`, { body: { orderStatus } });
      const tried = [await set('Confirmed')];
      const read = await s(`/api/v1/sales/${id}?branch_id=1`, {}, 'GET');
      // Refused: Pending, then Cancelled, while each is refused (as unchanged.test.ts tries them).
      for (const next of ['Pending', 'Cancelled']) if (tried.at(-1)!.status >= 400) tried.push(await set(next));
      return [made, tried[0]!, read, ...tried.slice(1)];
    },
    (c, f) => {
      expect(c.map((x) => x.status)).toEqual([200, 200, 200]);
      expect(f.map((x) => x.status)).toEqual([200, 404, 200, 404, 404]);
      expect(c[2]!.body.response.orderStatus).toBe('Confirmed');
      expect(f[2]!.body.response).toEqual({ ...c[2]!.body.response, orderStatus: 'Pending' });
    },
  ),
  // 5 rule 1 on Get Tax List: no token, 403 -> 200.
  P('ix-read-open', 'index', async (s) => [await s('/api/v1/master/tax', { token: null }, 'GET')], statusFlip(403, 200), { token: 'none' }),
  P('ix-limit-500', 'index', async (s) => [await s('/api/v1/products?limit=-1&offset=0', {}, 'GET')], statusFlip(400, 500)),
  // The product list's totalCount: 60 products, then three more than the list holds.
  P(
    'ix-total-lies',
    'index',
    async (s) => [await s('/api/v1/products?limit=5&offset=0', {}, 'GET')],
    (c, f) => {
      statusFlip(200, 200)(c, f);
      expect(c[0]!.body.response.totalCount).toBe(60);
      expect(f[0]!.body.response).toEqual({ ...c[0]!.body.response, totalCount: 63 });
    },
  ),
];
