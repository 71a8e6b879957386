import { describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../client/operations.ts';
import type { Exchange } from '../../core/types.ts';
import { json, startServer, type TestServer } from '../support/stub-server.ts';
import { closeAfterEach } from '../support/close-after-each.ts';

const TOKEN = 'ops-token-123456';
let server: TestServer | undefined;
let client: Client | undefined;

closeAfterEach(() => [client, server]);

async function echoServer() {
  server = await startServer((_q, res) => json(res, 200, { status: true, message: 'ok', code: '200', response: null }));
  return server;
}

describe('the operations of the spec', () => {
  it('call the paths of 4.1, 4.2 and 4.3, the read-back template and raw paths', async () => {
    const s = await echoServer();
    client = createClient({ baseUrl: `${s.url}/`, token: TOKEN, timeoutMs: 2000 });
    await client.updateOrderStatus({ salesId: 1001, branchId: 1, body: { orderStatus: 'Shipped' } });
    await client.updateOrderStatus({ salesId: 'abc', branchId: null, body: { orderStatus: 'Shipped' } });
    await client.updateOrderStatus({ salesId: 1001, branchId: '1.5', rawBody: '{oops', contentType: 'text/plain' });
    await client.createCustomer({ branchId: 2, body: { contactId: 0 } });
    await client.createCustomer({ branchId: '', body: {} });
    await client.report({ body: { limit: 1 } });
    await client.readContact({ template: '/api/v1/contact/{contactId}?branch_id={branchId}', contactId: 5001, branchId: 1 });
    await client.raw({ method: 'PATCH', path: '/api/v2/whatever', body: 'x' });
    expect(s.seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/v1/sales/1001/update-order-status?branch_id=1',
      'POST /api/v1/sales/abc/update-order-status',
      'POST /api/v1/sales/1001/update-order-status?branch_id=1.5',
      'POST /api/v1/customer/create?branch_id=2',
      'POST /api/v1/customer/create?branch_id=',
      'POST /api/v1/report/consumption-production-report',
      'GET /api/v1/contact/5001?branch_id=1',
      'PATCH /api/v2/whatever',
    ]);
    expect(s.seen[2]).toMatchObject({ body: '{oops' });
    expect(s.seen[2]!.headers['content-type']).toBe('text/plain');
    expect(s.seen[0]!.headers['content-type']).toBe('application/json');
    expect(s.seen[6]!.headers['content-type']).toBeUndefined();
    expect(s.seen.every((r) => r.headers['api-token'] === TOKEN)).toBe(true);
    expect(client.exchanges().map((e) => e.operation)).toEqual([
      'order-status',
      'order-status',
      'order-status',
      'customer-create',
      'customer-create',
      'report',
      'contact-read',
      'raw',
    ]);
  });

  it('keep the path prefix of a base URL', async () => {
    const s = await echoServer();
    client = createClient({ baseUrl: `${s.url}/erp/`, token: TOKEN, timeoutMs: 2000 });
    const ex = await client.report({ body: {} });
    expect(s.seen[0]!.url).toBe('/erp/api/v1/report/consumption-production-report');
    expect(ex.request.url).toBe(`${s.url}/erp/api/v1/report/consumption-production-report`);
  });

  it('send no Content-Type when it is null, and extra headers when given', async () => {
    const s = await echoServer();
    client = createClient({ baseUrl: s.url, token: TOKEN, timeoutMs: 2000 });
    await client.updateOrderStatus({ salesId: 1, branchId: 1, body: {}, contentType: null, headers: { 'X-Trace': 't1' } });
    expect(s.seen[0]!.headers['content-type']).toBeUndefined();
    expect(s.seen[0]!.headers['x-trace']).toBe('t1');
  });

  it('number every exchange from 1, keep it and pass it to onExchange', async () => {
    const s = await echoServer();
    const seen: Exchange[] = [];
    client = createClient({ baseUrl: s.url, token: TOKEN, timeoutMs: 2000 }, { onExchange: (ex) => seen.push(ex) });
    await Promise.all([1, 2, 3].map((i) => client!.report({ body: { i } })));
    expect(
      client
        .exchanges()
        .map((e) => e.seq)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(seen).toEqual(client.exchanges());
  });

  it('refuse the second token when none is configured', async () => {
    const s = await echoServer();
    client = createClient({ baseUrl: s.url, token: TOKEN, timeoutMs: 2000 });
    await expect(client.report({ body: {}, token: 'second' })).rejects.toThrow(/secondToken is not configured/);
    expect(s.seen).toHaveLength(0);
  });
});

describe('retrying 429', () => {
  it('waits Retry-After seconds, retries, and records the retry on the returned exchange', async () => {
    server = await startServer((_q, res, _b, n) =>
      n === 1 ? json(res, 429, { status: false, code: '429' }, { 'retry-after': '1' }) : json(res, 200, { status: true }),
    );
    client = createClient({ baseUrl: server.url, token: TOKEN, timeoutMs: 2000 }, { retry429: { maxRetries: 3, maxWaitMs: 5000 } });
    const t0 = Date.now();
    const ex = await client.report({ body: {} });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(990);
    expect(ex.response?.status).toBe(200);
    expect(ex.rateLimited?.retries).toBe(1);
    expect(ex.rateLimited!.waitedMs).toBeGreaterThanOrEqual(990);
    expect(server.seen).toHaveLength(2);
    expect(client.exchanges()).toEqual([ex]);
    expect(ex.seq).toBe(1);
  });

  it('gives up at once when the wait would pass maxWaitMs (Retry-After: 86400), returning the 429 marked as rate limited', async () => {
    server = await startServer((_q, res) => json(res, 429, {}, { 'retry-after': '86400' }));
    client = createClient({ baseUrl: server.url, token: TOKEN, timeoutMs: 2000 }, { retry429: { maxRetries: 3, maxWaitMs: 2000 } });
    const t0 = Date.now();
    const ex = await client.report({ body: {} });
    // Below the 2000 ms it could have waited (a generous ceiling, for busy machines); waitedMs 0 below says it did not.
    expect(Date.now() - t0).toBeLessThan(1900);
    expect(ex.response?.status).toBe(429);
    expect(ex.rateLimited).toEqual({ retries: 0, waitedMs: 0 });
  });

  it('does not retry without the option', async () => {
    server = await startServer((_q, res) => json(res, 429, {}, { 'retry-after': '0' }));
    client = createClient({ baseUrl: server.url, token: TOKEN, timeoutMs: 2000 });
    expect((await client.report({ body: {} })).response?.status).toBe(429);
    expect(server.seen).toHaveLength(1);
  });
});
