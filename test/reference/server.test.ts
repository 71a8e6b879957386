// Rules common to every operation: the 2.1 envelope, 4 Content-Type, 9 the /api/v1/ prefix, and
// the reference's own limits (1 MiB bodies, 404/405), plus its public API (options, run config).
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConfigSchema } from '../../config/schema.ts';
import { envelope } from '../../contract/schemas/envelope.ts';
import * as fx from '../../reference/constants.ts';
import { reportFilterIds } from '../../reference/run-config.ts';
import { referenceOperations } from '../../reference/index-routes.ts';
import { defaultProfile } from '../../reference/profiles/default.ts';
import { MAX_BODY_BYTES, parseRateLimit, startReference, type ReferenceServer } from '../../reference/server.ts';
import { call, paths, reportBody, validCustomer } from './helpers.ts';

let ref: ReferenceServer;
beforeAll(async () => {
  ref = await startReference({ port: 0 });
});
afterAll(() => ref.close());

const POSTS = [
  { name: 'the order status update', path: () => paths.orderStatus(1001), body: { orderStatus: 'Confirmed' } },
  { name: 'customer creation', path: () => paths.customer(), body: validCustomer() },
  { name: 'the report', path: () => paths.report, body: reportBody() },
];

/** Sends raw bytes on a fresh connection and returns what the server answered. */
function raw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let got = '';
    socket.on('data', (d) => (got += d.toString('latin1')));
    socket.on('end', () => resolve(got));
    socket.on('error', reject);
  });
}

describe('common request rules (2.1, 4, 7)', () => {
  for (const op of POSTS) {
    it(`rejects ${op.name} without a Content-Type, or with a non-JSON one, with a 400 envelope`, async () => {
      for (const contentType of [null, 'text/plain', 'application/xml', 'application/json-patch', 'application/json; charset=latin1']) {
        const a = await call(ref.url, 'POST', op.path(), { body: JSON.stringify(op.body), contentType });
        expect(a.status, String(contentType)).toBe(400);
        expect(a.json).toMatchObject({ status: false, code: '400', response: null });
        expect(a.json.message).toMatch(/Content-Type/);
      }
    });

    it(`accepts ${op.name} with Content-Type application/json and a charset parameter`, async () => {
      const body = op.name === 'the order status update' ? { orderStatus: 'Pending' } : op.body;
      const a = await call(ref.url, 'POST', op.path(), { body, contentType: 'Application/JSON; charset=UTF-8' });
      expect(a.status).toBe(200);
    });

    it(`rejects ${op.name} whose body is not a JSON object with a 400 envelope`, async () => {
      for (const body of ['', '{not json', 'null', '[]', '42', '"text"', 'true', '{"a":1}{']) {
        const a = await call(ref.url, 'POST', op.path(), { body });
        expect(a.status, body).toBe(400);
        expect(envelope.parse(a.json)).toMatchObject({ status: false, code: '400', response: null });
      }
    });

    it(`answers ${op.name} with a body over 1 MiB with a 413 envelope`, async () => {
      const a = await call(ref.url, 'POST', op.path(), { body: `"${'x'.repeat(MAX_BODY_BYTES)}"` });
      expect(a.status).toBe(413);
      expect(a.json).toMatchObject({ status: false, code: '413', response: null });
    });
  }

  it('answers an unknown path with a 404 envelope, also without the /api/v1/ prefix', async () => {
    for (const path of ['/api/v1/nothing', '/sales/1001/update-order-status?branch_id=1', '/api/v2/customer/create', '/', '/api/v1/customer/create/']) {
      const a = await call(ref.url, 'POST', path, { body: {} });
      expect(a.status, path).toBe(404);
      expect(a.json).toMatchObject({ status: false, code: '404', response: null });
    }
  });

  it('answers a wrong method with a 405 envelope and an Allow header', async () => {
    const a = await call(ref.url, 'GET', paths.report);
    expect(a.status).toBe(405);
    expect(a.headers.allow).toBe('POST');
    expect(a.json).toMatchObject({ status: false, code: '405' });
    expect((await call(ref.url, 'DELETE', paths.contact(5001))).status).toBe(405);
  });

  it('answers every error with an envelope whose message names what is wrong', async () => {
    const a = await call(ref.url, 'POST', paths.orderStatus(1001, 'x'), { body: { orderStatus: 'Confirmed' } });
    expect(a.json.message).toMatch(/branch_id/);
    const b = await call(ref.url, 'POST', paths.report, { body: reportBody({ limit: -1 }) });
    expect(b.json.message).toMatch(/limit/);
  });

  it('answers malformed HTTP with a 400 envelope and oversized headers with 431', async () => {
    const bad = await raw(ref.port, 'GARBAGE / HTTP/1.1\r\n\r\n');
    expect(bad).toMatch(/^HTTP\/1\.1 400 /);
    expect(bad).toContain('"code":"400"');
    const huge = await raw(ref.port, `GET / HTTP/1.1\r\nHost: x\r\nx-big: ${'a'.repeat(70_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
  });

  it('answers a path with bad percent-encoding or unicode with a 4xx, never a 5xx', async () => {
    for (const path of ['/api/v1/sales/%E0%A4%A/update-order-status?branch_id=%zz', '/api/v1/contact/%FF?branch_id=1', '/api/v1/%00']) {
      const a = await call(ref.url, 'POST', path, { body: {} });
      expect(a.status, path).toBeGreaterThanOrEqual(400);
      expect(a.status, path).toBeLessThan(500);
    }
  });
});

describe('the public API of reference/server.ts', () => {
  it('parses rate limits written LIMIT/WINDOW in seconds, minutes or hours', () => {
    expect(parseRateLimit('60/10s')).toEqual({ limit: 60, windowSeconds: 10 });
    expect(parseRateLimit('20/2s')).toEqual({ limit: 20, windowSeconds: 2 });
    expect(parseRateLimit('100/1m')).toEqual({ limit: 100, windowSeconds: 60 });
    expect(parseRateLimit('5/1h')).toEqual({ limit: 5, windowSeconds: 3600 });
  });

  it('refuses a malformed rate limit with a message showing the expected form', () => {
    for (const text of ['', '60', '60/', '/10s', '0/10s', '60/0s', '60/10', '60/10d', 'a/10s', '-1/10s', '1.5/10s'])
      expect(() => parseRateLimit(text), text).toThrow(/LIMIT\/WINDOW/);
  });

  it('prints a run config that the kit accepts and that points at the fixtures', () => {
    const config = ref.runConfig();
    expect(runConfigSchema.parse(config)).toBeTruthy();
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    expect(config).toEqual({
      target: { name: 'erp-conformance reference', baseUrl: ref.url, token: 'reference-token-1', secondToken: 'reference-token-2', timeoutMs: 10000 },
      fixtures: {
        branchId: 1,
        otherBranchId: 2,
        invalidBranchId: 999,
        sales: {
          lifecycle: range(1001, 1010),
          cancel: range(1011, 1020),
          refusals: range(1021, 1030),
          parallel: range(1031, 1046),
          deliver: range(2001, 2010),
          otherBranch: [...fx.OTHER_BRANCH_VOUCHERS],
          missing: 999999,
        },
        report: {
          branchList: '1,2',
          dateFrom: '2026-01-01T00:00:00Z',
          dateTo: '2026-04-30T23:59:59Z',
          filterIds: reportFilterIds(42),
          emptyBranchId: 4,
        },
        customer: {
          countriesCode: 'IN',
          cities: { MUM: '27', BLR: '29', DEL: '07', MAA: '33' },
          contactTypes: ['Wholesale', 'Retail'],
          dateFormat: 'YYYY-MM-DD',
        },
      },
      readBack: {
        getContactById: '/api/v1/contact/{contactId}?branch_id={branchId}',
        orderStatus: {
          path: '/api/v1/sales/{salesId}/order-status?branch_id={branchId}',
          orderStatus: 'response.orderStatus',
          paymentStatus: 'response.paymentStatus',
          paidValue: 'paid',
          unpaidValue: 'unpaid',
          partialValue: 'partial',
        },
      },
      operations: referenceOperations(defaultProfile),
      writes: true,
      marker: { 'order-create': 'remark', 'get-sales-data-by-id': 'response.remark', 'customer-create': 'remark' },
      properties: { numRuns: 100, seed: 42 },
      load: { allowNonLoopback: false, maxRequests: 2000, maxSeconds: 120, maxConcurrency: 64 },
    });
    // The index but the three of section 4 (the spec's paths) and the two read-backs (readBack).
    expect(Object.keys(config.operations ?? {})).toHaveLength(35);
    expect(fx.UNPAID_VOUCHERS).toHaveLength(60);
    expect(fx.PAID_VOUCHERS).toHaveLength(20);
    expect(fx.OTHER_BRANCH_VOUCHERS).toHaveLength(10);
  });

  it('puts the seed of the options into the run config', async () => {
    const other = await startReference({ seed: 7 });
    try {
      expect(other.runConfig().properties?.seed).toBe(7);
      expect(other.url).toBe(`http://127.0.0.1:${other.port}`);
    } finally {
      await other.close();
    }
  });

  it('refuses an unknown fault name', async () => {
    await expect(startReference({ faults: ['no-such-fault' as never] })).rejects.toThrow(/no-such-fault/);
  });

  it('closes promptly even with a keep-alive connection open, and then refuses connections', async () => {
    const other = await startReference();
    const socket = connect(other.port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write('GET /x HTTP/1.1\r\nHost: x\r\napi-token: reference-token-1\r\n\r\n');
    await new Promise((r) => socket.once('data', r));
    const closed = new Promise((r) => socket.once('close', r));
    const started = Date.now();
    await other.close();
    await closed;
    // Promptly: not after the 60 s an idle keep-alive connection is kept (a generous ceiling, for busy machines).
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect(call(other.url, 'POST', paths.report, { body: reportBody() })).rejects.toThrow();
  });
});
