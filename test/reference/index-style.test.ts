// A profile serves the index's other operations at paths of its own and keeps its lists under
// keys of its own (reference/index-style.ts), and its run config says so: the ledger vendor's
// product list at /api/v1/erp/catalogue/products with response.content and response.total.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureValues, operationRequest } from '../../client/index-operation.ts';
import { atPath } from '../../core/json.ts';
import { runConfigSchema } from '../../config/schema.ts';
import { startReference, type ReferenceServer } from '../../reference/server.ts';
import { call } from './helpers.ts';

let ref: ReferenceServer;
beforeAll(async () => {
  ref = await startReference({ port: 0, profile: 'ledger' });
});
afterAll(() => ref.close());

describe('the ledger profile: index paths and list keys of its own', () => {
  it('serves every list operation of its config at the configured path, the list and count where the config says', async () => {
    const config = runConfigSchema.parse(ref.runConfig());
    const ops = config.operations!;
    expect(ops['get-product-list']).toMatchObject({ path: '/api/v1/erp/catalogue/products', list: 'response.content', totalCount: 'response.total' });
    expect(ops['branch-list']).toMatchObject({ path: '/api/v1/erp/branches', list: 'response.content' });
    let lists = 0;
    for (const [name, op] of Object.entries(ops)) {
      if (!op?.list || op.writes || name === 'consumption-production-report') continue;
      const r = operationRequest(op, fixtureValues(config));
      const res = await call(ref.url, op.method, r.path, op.method === 'POST' ? { body: r.body } : {});
      expect(res.status, name).toBe(200);
      expect(Array.isArray(atPath(res.json, op.list)), `${name} ${op.list}`).toBe(true);
      if (op.paged) expect(typeof atPath(res.json, op.totalCount!), name).toBe('number');
      lists++;
    }
    expect(lists).toBeGreaterThan(15);
    // The reference's own paths are not this vendor's.
    expect((await call(ref.url, 'GET', '/api/v1/products?limit=1', {})).status).toBe(404);
  });
});
