// `openapi --config FILE` also writes every operation of the config's `operations` as the target
// declares it: method, path with placeholders, query, body template, where the list is kept.
// Driven through the command with a config whose paths and list keys differ from the reference's.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openapiCommand } from '../../bin/commands/openapi.ts';
import { referenceRunConfig } from '../../reference/run-config.ts';

type Op = {
  operationId: string;
  parameters: { name: string; in: string }[];
  requestBody?: { content: Record<string, { example: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: any }> }>;
  'x-erp-conformance-operation': Record<string, unknown>;
};

async function written(args: string[]): Promise<{ paths: Record<string, Record<string, Op>> }> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'erp-openapi-ix-')), 'openapi.json');
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    expect(await openapiCommand.run([...args, '--out', file])).toBe(0);
  } finally {
    out.mockRestore();
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

describe('erp-conformance openapi --config', () => {
  it('writes the configured operations at the paths the config declares, with their query, body and list', async () => {
    const config = referenceRunConfig('http://127.0.0.1:1', ['t1'], 42) as any;
    config.operations['get-product-list'] = {
      method: 'GET',
      path: '/erp/v2/catalogue/items',
      query: { size: '{limit}', from: '{offset}' },
      list: 'response.content',
      paged: true,
      totalCount: 'response.total',
    };
    config.operations['get-all-sales-data'] = {
      method: 'POST',
      path: '/erp/v2/vouchers/search',
      body: { branch: '{branchId}', page: { size: '{limit}' } },
      list: 'response',
    };
    config.operations['get-sales-data-by-id'] = { method: 'GET', path: '/erp/v2/vouchers/{salesId}' };
    const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-openapi-cfg-'));
    writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ ...config, target: { ...config.target, token: 'env:NOT_SET_HERE' } }));
    const doc = await written(['--config', path.join(dir, 'config.json')]);
    // The three of section 4 stay; the moved operations are at their new paths, the old ones gone.
    expect(doc.paths['/api/v1/sales/{salesId}/update-order-status']!.post).toBeDefined();
    expect(doc.paths['/api/v1/products']).toBeUndefined();
    const list = doc.paths['/erp/v2/catalogue/items']!.get!;
    expect(list.operationId).toBe('getProductList');
    expect(list.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['query:size', 'query:from']);
    const schema = list.responses['200']!.content!['application/json']!.schema;
    expect(schema.properties.response.properties.content.type).toBe('array');
    expect(schema.properties.response.properties.total.type).toBe('integer');
    expect(list['x-erp-conformance-operation']).toMatchObject({ name: 'get-product-list', list: 'response.content', totalCount: 'response.total' });
    const search = doc.paths['/erp/v2/vouchers/search']!.post!;
    expect(search.requestBody!.content['application/json']!.example).toEqual({ branch: '{branchId}', page: { size: '{limit}' } });
    expect(search.responses['200']!.content!['application/json']!.schema.properties.response.type).toBe('array');
    expect(doc.paths['/erp/v2/vouchers/{salesId}']!.get!.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:salesId']);
    // Every configured operation is in the document (the three of section 4 have no entry: the spec's paths).
    const ids = Object.values(doc.paths)
      .flatMap((item) => Object.values(item).map((o) => o['x-erp-conformance-operation']?.name))
      .filter(Boolean);
    expect(ids).toHaveLength(Object.keys(config.operations).length);
  });

  it('refuses a config whose operations are malformed, naming the key', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-openapi-bad-'));
    writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ operations: { 'get-product-list': { method: 'GET', path: 'no-slash' } } }));
    await expect(openapiCommand.run(['--config', path.join(dir, 'config.json')])).rejects.toThrow(/operations\.get-product-list\.path/);
  });
});
