// The ledger-bare vendor (reference/profiles/ledger-bare.ts, reference/index-wire.ts) answers the
// index in every form a real target's config needs, and its run config says each: lists and counts
// without the envelope ("$" a bare array, "content" and "total"), pages by page and size from page
// 1 (three lists by cursor), refusals as HTTP 200 with {"status": false}, report windows of at most 31 days (each such
// entry's own in params). The kit's list reads and `init --discover`'s shapes read them so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapedOperations } from '../../bin/cli/init-shapes.ts';
import { readList } from '../../client/index-lists.ts';
import { fixtureValues, operationRequest, sendOperation } from '../../client/index-operation.ts';
import { createClient, type Client } from '../../client/operations.ts';
import { acceptedBy, answerAt, isPaged, listPath, nextCursor, refusedByShape, totalPath } from '../../config/answer-shape.ts';
import type { OperationConfig } from '../../config/operations.ts';
import { runConfigSchema, type RunConfig } from '../../config/schema.ts';
import type { Exchange } from '../../core/types.ts';
import { startReference, type ReferenceServer } from '../../reference/server.ts';

let ref: ReferenceServer;
let config: RunConfig;
let client: Client;
/** The config's operations by name. */
const ops = () => config.operations as Record<string, OperationConfig>;
beforeAll(async () => {
  ref = await startReference({ port: 0, profile: 'ledger-bare' });
  config = runConfigSchema.parse(ref.runConfig());
  client = createClient(config.target);
});
afterAll(async () => {
  await client.close();
  await ref.close();
});

const send = (name: string, extra: Record<string, string | number> = {}, patch: Record<string, unknown> = {}): Promise<Exchange> => {
  const op = { ...ops()[name]!, ...patch } as OperationConfig;
  return sendOperation(client, operationRequest(op, fixtureValues(config), extra));
};

describe('the ledger-bare profile: the index in the forms of config operations', () => {
  it('its config uses each form', () => {
    const ops = config.operations!;
    expect(ops['branch-list']).toMatchObject({ list: '$', refusal: { status: false } });
    expect(ops['get-product-list']).toMatchObject({
      list: 'content',
      totalCount: 'total',
      paging: { style: 'page', firstPage: 1 },
      query: { page: '{page}', size: '{size}' },
    });
    expect(ops['order-create']).toMatchObject({ created: 'salesId' });
    expect(ops['get-sales-item-register-data']!.params).toEqual({ dateFrom: '2026-02-01T00:00:00Z', dateTo: '2026-03-03T23:59:59Z' });
  });

  it('answers every read of its config with the list and count where the config says, without the envelope', async () => {
    let lists = 0;
    for (const [name, op] of Object.entries(config.operations!)) {
      if (!op?.list || op.writes) continue;
      const ex = await send(name);
      expect(ex.response?.status, name).toBe(200);
      expect(acceptedBy(op, 200, ex.json), `${name}: ${ex.response?.body.slice(0, 200)}`).toBe(true);
      expect(Array.isArray(answerAt(ex.json, listPath(op))), name).toBe(true);
      if (isPaged(op)) expect(typeof answerAt(ex.json, totalPath(op)), name).toBe('number');
      expect((ex.json as Record<string, unknown>).status, name).toBeUndefined();
      lists++;
    }
    expect(lists).toBeGreaterThan(15);
  });

  it('pages three lists by cursor: each page from the cursor the one before gave, every item once, none after the last', async () => {
    expect(ops()['products-with-inventory']).toMatchObject({ paging: { style: 'cursor', next: 'next' }, query: { cursor: '{cursor}', size: '{size}' } });
    const all = answerAt((await send('products-with-inventory', { limit: 1000 })).json, 'content') as unknown[];
    const walked: unknown[] = [];
    let ex = await send('products-with-inventory', { limit: 3 });
    for (let pages = 1; ; pages++) {
      walked.push(...(answerAt(ex.json, 'content') as unknown[]));
      const next = nextCursor(ops()['products-with-inventory']!, ex.json);
      if (next === undefined || pages > 100) break;
      ex = await send('products-with-inventory', { limit: 3, cursor: next });
    }
    expect(all.length).toBeGreaterThan(6);
    expect(walked).toEqual(all);
    expect(answerAt(ex.json, 'total')).toBe(all.length);
    // A cursor it did not give is a refusal: HTTP 200 with status false.
    const bad = await send('products-with-inventory', { limit: 3, cursor: '%%' });
    expect([bad.response?.status, refusedByShape(ops()['products-with-inventory']!, 200, bad.json)]).toEqual([200, true]);
  });

  it('pages by page and size from page 1: page 2 of size 2 is the items from offset 2', async () => {
    const all = answerAt((await send('get-product-list', { limit: 1000, offset: 0 })).json, 'content') as Array<{ productId: unknown }>;
    const page2 = answerAt((await send('get-product-list', { limit: 2, offset: 2 })).json, 'content') as Array<{ productId: unknown }>;
    expect(all.length).toBeGreaterThan(4);
    expect(page2.map((x) => x.productId)).toEqual(all.slice(2, 4).map((x) => x.productId));
    // Page 0 comes before the first page: refused.
    const before = await send('get-product-list', { page: 0, size: 2 });
    expect(before.response?.status).toBe(200);
    expect(refusedByShape(config.operations!['get-product-list']!, 200, before.json)).toBe(true);
  });

  it('refuses with HTTP 200 and status false; authentication keeps its 403', async () => {
    const bad = await send('get-product-by-id', { productId: 'x-1' });
    expect(bad.response?.status).toBe(200);
    expect(bad.json).toMatchObject({ status: false });
    const op = config.operations!['get-product-by-id']!;
    expect(acceptedBy(op, 200, bad.json)).toBe(false);
    const noToken = await sendOperation(client, operationRequest(op, fixtureValues(config)), 'none');
    expect(noToken.response?.status).toBe(403);
  });

  it("refuses a report window longer than 31 days (the fixtures' range), answers the entry's own", async () => {
    const own = await send('get-sales-item-register-data');
    expect(acceptedBy(config.operations!['get-sales-item-register-data']!, 200, own.json)).toBe(true);
    expect((answerAt(own.json, 'content') as unknown[]).length).toBeGreaterThan(0);
    const { params: _, ...withoutWindow } = config.operations!['get-sales-item-register-data']!;
    const whole = await sendOperation(client, operationRequest(withoutWindow, fixtureValues(config)));
    expect(whole.json).toMatchObject({ status: false, message: 'the date window is at most 31 days' });
  });

  it('the list reads take a 2xx refusal as a refusal (and try smaller pages), a bare array as the list', async () => {
    const branches = await readList(client, config, 'branch-list');
    expect(branches.items?.length).toBeGreaterThan(1);
    const { params: _, ...wide } = config.operations!['get-sales-item-register-data']!;
    const refused = await readList(
      client,
      { ...config, operations: { ...config.operations, 'get-sales-item-register-data': wide } },
      'get-sales-item-register-data',
    );
    expect(refused.items).toBeUndefined();
    expect(refused.exchanges).toHaveLength(3);
    expect(refused.why).toMatch(/refused every page size/);
  });

  it('init --discover reads the list and count where the answers keep them, and the refusal shape', async () => {
    // A config written with the envelope's paths and no refusal shape, as the whole index's template is.
    const template = Object.fromEntries(
      ['branch-list', 'get-product-list', 'get-product-by-id'].map((name) => {
        const { refusal: _, ...op } = ops()[name]!;
        return [
          name,
          {
            ...op,
            ...(op.list ? { list: op.list === '$' ? 'response' : `response.${op.list}` } : {}),
            ...(op.totalCount ? { totalCount: 'response.totalCount' } : {}),
          },
        ];
      }),
    );
    const answers = {
      'branch-list': await send('branch-list'),
      'get-product-list': await send('get-product-list'),
      'get-product-by-id': await send('get-product-by-id', { productId: 'x-1' }),
    };
    const shaped = shapedOperations(template, answers);
    expect(shaped.operations['branch-list']).toMatchObject({ list: '$', refusal: { status: false } });
    expect(shaped.operations['get-product-list']).toMatchObject({ list: 'content', totalCount: 'total', refusal: { status: false } });
    expect(shaped.refusing).toEqual(['get-product-by-id']);
    expect(shaped.said).toContain('branch-list: its list is at $ (not response)');
  });
});
