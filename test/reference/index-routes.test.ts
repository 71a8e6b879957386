// The reference serves the whole index (section 1) at the paths its run config's `operations`
// gives, every operation behind the api-token (5), on one data set with the report and the three
// operations of section 4; malformed parameters get a 4xx, never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureValues, operationRequest } from '../../client/index-operation.ts';
import { atPath } from '../../core/json.ts';
import type { OperationConfig } from '../../config/operations.ts';
import { INDEX_OPERATIONS, READ_BACKS, SPEC_DETAILED } from '../../core/operations.ts';
import { runConfigSchema, type RunConfig } from '../../config/schema.ts';
import { referenceData } from '../../reference/data.ts';
import { startReference, type ReferenceServer } from '../../reference/server.ts';
import { call, paths, validCustomer } from './helpers.ts';

let ref: ReferenceServer;
let config: RunConfig;
beforeAll(async () => {
  ref = await startReference();
  config = runConfigSchema.parse(ref.runConfig());
});
afterAll(() => ref.close());

const ops = () => Object.entries(config.operations ?? {}) as Array<[string, OperationConfig]>;
const send = (op: OperationConfig, extra: Record<string, string | number> = {}, token?: string | null) => {
  const r = operationRequest(op, fixtureValues(config), extra);
  return call(ref.url, r.method, r.path, { ...(r.body !== undefined ? { body: r.body } : {}), ...(token !== undefined ? { token } : {}) });
};

describe('the index of the reference', () => {
  it('configures every operation of the index under its stable name, but the three of section 4 and the read-backs (readBack)', () => {
    const others = INDEX_OPERATIONS.filter((n) => !SPEC_DETAILED.has(n) && !READ_BACKS.has(n));
    expect(Object.keys(config.operations ?? {}).sort()).toEqual([...others].sort());
    expect(Object.keys(config.readBack ?? {}).sort()).toEqual(['getContactById', 'orderStatus']);
  });

  it('answers every configured operation 200 with the token, and 403 without one or with an invalid one', async () => {
    for (const [name, op] of ops()) {
      const ok = await send(op);
      expect([name, ok.status, ok.json?.status]).toEqual([name, 200, true]);
      expect([name, (await send(op, {}, null)).status]).toEqual([name, 403]);
      expect([name, (await send(op, {}, 'not-a-token')).status]).toEqual([name, 403]);
      if (op.list) expect([name, Array.isArray(atPath(ok.json, op.list))]).toEqual([name, true]);
    }
  });

  it('pages the paged lists consistently: at most limit items, the page at totalCount-1 holds one, and a cap per operation', async () => {
    for (const [name, op] of ops().filter(([, o]) => o.paged)) {
      const first = await send(op, { limit: 2, offset: 0 });
      const total = atPath(first.json, 'response.totalCount') as number;
      expect([name, (atPath(first.json, op.list!) as unknown[]).length]).toEqual([name, Math.min(2, total)]);
      const last = await send(op, { limit: 2, offset: total - 1 });
      expect([name, (atPath(last.json, op.list!) as unknown[]).length]).toEqual([name, 1]);
      const big = await send(op, { limit: 5000, offset: 0 });
      expect((atPath(big.json, op.list!) as unknown[]).length).toBeLessThanOrEqual(1000);
    }
  });

  it('answers malformed limits, offsets and ids with 400, never a 5xx', async () => {
    for (const [name, op] of ops().filter(([n]) => !SPEC_DETAILED.has(n))) {
      for (const bad of ['-1', 'abc', '1e99', '']) {
        const a = await send(op, { limit: bad, offset: bad, salesId: bad || 'x', productId: bad || 'x', variantId: bad || 'x', contactId: bad || 'x' });
        expect([name, bad, a.status < 500]).toEqual([name, bad, true]);
      }
    }
  });

  it("shares one data set: the report's products, categories and recipes are the lists', a created customer is in the customer list, an order created is readable", async () => {
    const byName = Object.fromEntries(ops());
    const data = referenceData(42);
    const products = await send(byName['get-product-list']!, { limit: 200 });
    expect(products.json.response.items.map((p: { productId: number }) => p.productId)).toEqual(data.products.map((p) => p.id));
    const categories = await send(byName.category!);
    expect(new Set(categories.json.response.map((c: { categoryId: number }) => c.categoryId))).toEqual(new Set(data.products.map((p) => p.categoryId)));
    const recipes = await send(byName['get-all-recipe']!, { limit: 100 });
    expect(recipes.json.response.recipeList.map((r: { recipeId: number }) => r.recipeId)).toEqual(data.recipes.map((r) => r.id));
    const created = await call(ref.url, 'POST', paths.customer(1), { body: validCustomer() });
    const contactId = created.json.response.contactId;
    const list = await send(byName['get-customer-list-w-branch-id']!, { limit: 50, offset: 40 });
    expect(list.json.response.customerList.map((c: { contactId: number }) => c.contactId)).toContain(contactId);
    const order = await send(byName['order-create']!);
    const read = await send(byName['get-sales-data-by-id']!, { salesId: order.json.response.salesId });
    expect(read.json.response).toMatchObject({ salesId: order.json.response.salesId, orderStatus: 'Pending', paymentStatus: 'unpaid' });
  });

  it('changes only the order status of a voucher on Update Order Status (Get Sales Data By Id before and after)', async () => {
    const byName = Object.fromEntries(ops());
    const before = await send(byName['get-sales-data-by-id']!, { salesId: 1041 });
    expect((await call(ref.url, 'POST', paths.orderStatus(1041, 1), { body: { orderStatus: 'Confirmed' } })).status).toBe(200);
    const after = await send(byName['get-sales-data-by-id']!, { salesId: 1041 });
    expect(after.json.response).toEqual({ ...before.json.response, orderStatus: 'Confirmed' });
  });
});
