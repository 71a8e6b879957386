import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openapiCommand } from '../../bin/commands/openapi.ts';
import { OPERATIONS } from '../../contract/openapi.ts';
import { requirements } from '../../contract/requirements.ts';
import { ORDER_STATUSES } from '../../contract/schemas/order-status.ts';

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        description: string;
        parameters: { name: string; in: string; required: boolean; schema: { type: string } }[];
        requestBody: { content: Record<string, { schema: { $ref: string } }> };
        responses: Record<string, { description: string; content?: Record<string, { schema: { $ref: string } }> }>;
      }
    >
  >;
  components: {
    schemas: Record<string, { properties?: Record<string, any>; required?: string[]; $id?: string }>;
    securitySchemes: Record<string, { type: string; in: string; name: string }>;
  };
};

async function written(): Promise<Doc> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'erp-openapi-')), 'openapi.json');
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    expect(await openapiCommand.run(['--out', file])).toBe(0);
  } finally {
    out.mockRestore();
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Doc;
}

/** Every "$ref" in the document. */
function refs(v: unknown): string[] {
  if (Array.isArray(v)) return v.flatMap(refs);
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => (k === '$ref' ? [x as string] : refs(x)));
  return [];
}

describe('erp-conformance openapi', () => {
  it('writes an OpenAPI 3.1 document with the three operations, their parameters and the api-token header', async () => {
    const doc = await written();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v1/customer/create',
      '/api/v1/report/consumption-production-report',
      '/api/v1/sales/{salesId}/update-order-status',
    ]);
    const os = doc.paths['/api/v1/sales/{salesId}/update-order-status']!.post!;
    expect(os.parameters.map((p) => [p.name, p.in, p.required, p.schema.type])).toEqual([
      ['salesId', 'path', true, 'integer'],
      ['branch_id', 'query', true, 'integer'],
    ]);
    expect(doc.paths['/api/v1/customer/create']!.post!.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['query:branch_id']);
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'api-token' });
  });

  it('takes its schemas from the contract, and every $ref resolves', async () => {
    const doc = await written();
    const s = doc.components.schemas;
    for (const ref of refs(doc)) expect(s[ref.replace('#/components/schemas/', '')], ref).toBeDefined();
    expect(s.OrderStatusRequest!.properties!.orderStatus.enum).toEqual([...ORDER_STATUSES]);
    expect(s.Customer!.properties!.contactAddressDTO).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Address' } });
    expect(Object.keys(s.ReportItem!.properties!)).toHaveLength(15);
    expect(s.ReportSuccess!.properties!.response.properties.items.items).toEqual({ $ref: '#/components/schemas/ReportItem' });
    expect(s.ReportRequest!.required).toEqual(expect.arrayContaining(['dateFrom', 'dateTo', 'branchList', 'limit', 'offset']));
    expect(Object.values(s).filter((x) => x.$id)).toEqual([]);
    for (const op of Object.values(doc.paths).map((p) => p.post!)) {
      expect(op.requestBody.content['application/json']!.schema.$ref).toMatch(/^#\/components\/schemas\//);
      expect(op.responses['200']!.content!['application/json']!.schema.$ref).toMatch(/Success|Created/);
    }
  });

  it('names in the responses of each operation every MUST requirement of that operation', async () => {
    const doc = await written();
    for (const o of OPERATIONS) {
      const op = doc.paths[o.path]!.post!;
      const text = Object.values(op.responses)
        .map((r) => r.description)
        .join('\n');
      const musts = requirements.filter((r) => r.level === 'MUST' && r.operations.includes(o.operation));
      expect(musts.length).toBeGreaterThan(3);
      for (const r of musts) expect(text, `${o.operationId} lacks ${r.id}`).toContain(`**${r.id}** [MUST]`);
      for (const r of requirements.filter((x) => x.operations.includes(o.operation))) expect(op.description).toContain(`**${r.id}**`);
    }
  });

  it('lists the validation rules of update order status under its 400 response', async () => {
    const doc = await written();
    const bad = doc.paths['/api/v1/sales/{salesId}/update-order-status']!.post!.responses['400']!.description;
    for (const id of ['OS-1b', 'OS-2', 'OS-2b', 'OS-2c', 'OS-2e', 'OS-4']) expect(bad).toContain(`**${id}**`);
    expect(bad).not.toContain('**OS-5**');
  });
});
