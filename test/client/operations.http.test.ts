import { describe, expect, it } from 'vitest';
import { KEPT_OF_CUT_BODY } from '../../client/transport.ts';
import { createClient, type Client } from '../../client/operations.ts';
import { closedPort, json, startServer, type Handler, type TestServer } from '../support/stub-server.ts';
import { closeAfterEach } from '../support/close-after-each.ts';

const TOKEN = 'secret-token-abc123';
let server: TestServer | undefined;
let client: Client | undefined;

async function setup(handler: Handler, target: { timeoutMs?: number; maxResponseBytes?: number } = {}) {
  server = await startServer(handler);
  client = createClient({ baseUrl: server.url, token: TOKEN, timeoutMs: target.timeoutMs ?? 2000, maxResponseBytes: target.maxResponseBytes });
  return { server, client };
}

closeAfterEach(() => [client, server]);

describe('the HTTP client records exchanges', () => {
  it('records the method, URL, headers and body sent, the status, headers and body received, and the timing', async () => {
    const { client, server } = await setup((_q, res) => json(res, 200, { status: true, message: 'ok', code: '200', response: null }, { 'x-extra': 'yes' }));
    const before = Date.now();
    const ex = await client.updateOrderStatus({ salesId: 1001, branchId: 1, body: { orderStatus: 'Confirmed' } });
    expect(ex.seq).toBe(1);
    expect(ex.operation).toBe('order-status');
    expect(ex.tokenKind).toBe('valid');
    expect(ex.request).toEqual({
      method: 'POST',
      url: `${server.url}/api/v1/sales/1001/update-order-status?branch_id=1`,
      headers: { 'api-token': '***', 'content-type': 'application/json' },
      body: '{"orderStatus":"Confirmed"}',
    });
    expect(ex.response).toMatchObject({ status: 200, truncated: false, body: '{"status":true,"message":"ok","code":"200","response":null}' });
    expect(ex.response!.headers['x-extra']).toBe('yes');
    expect(ex.response!.headers['content-type']).toBe('application/json');
    expect(ex.response!.bytes).toBe(ex.response!.body.length);
    expect(ex.json).toEqual({ status: true, message: 'ok', code: '200', response: null });
    expect(ex.jsonError).toBeUndefined();
    expect(ex.failure).toBeUndefined();
    expect(Date.parse(ex.startedAt)).toBeGreaterThanOrEqual(before - 1);
    expect(ex.durationMs).toBeGreaterThan(0);
    expect(server.seen[0]).toMatchObject({ method: 'POST', url: '/api/v1/sales/1001/update-order-status?branch_id=1', body: '{"orderStatus":"Confirmed"}' });
    expect(server.seen[0]!.headers['api-token']).toBe(TOKEN);
  });

  it('records an HTML 502 with its status and why it is not JSON', async () => {
    const { client } = await setup((_q, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body>Bad Gateway</body></html>');
    });
    const ex = await client.report({ body: {} });
    expect(ex.response?.status).toBe(502);
    expect(ex.json).toBeUndefined();
    expect(ex.jsonError).toMatch(/^not JSON: Unexpected token '<'/);
    expect(ex.failure).toBeUndefined();
  });

  it('records a server that never answers as a timeout within timeoutMs, without throwing', async () => {
    const { client } = await setup(
      () => {
        /* never answers */
      },
      { timeoutMs: 300 },
    );
    const t0 = Date.now();
    const ex = await client.report({ body: {} });
    // Ended by its deadline, not by the server: a generous ceiling, for busy machines.
    expect(Date.now() - t0).toBeLessThan(300 + 4700);
    expect(ex.failure?.kind).toBe('timeout');
    expect(ex.response).toBeUndefined();
  });

  it('records a body that stalls after the headers as a timeout with the partial response', async () => {
    const { client } = await setup(
      (_q, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"status":');
      },
      { timeoutMs: 300 },
    );
    const ex = await client.report({ body: {} });
    expect(ex.failure?.kind).toBe('timeout');
    expect(ex.response).toMatchObject({ status: 200, body: '{"status":' });
    expect(ex.jsonError).toMatch(/^not JSON/);
  });

  it('records a server that destroys the socket as connection-reset', async () => {
    const { client } = await setup((req) => req.socket.destroy());
    const ex = await client.createCustomer({ branchId: 1, body: {} });
    expect(ex.failure?.kind).toBe('connection-reset');
    expect(ex.response).toBeUndefined();
  });

  it('records a closed port as connection-refused', async () => {
    const port = await closedPort();
    client = createClient({ baseUrl: `http://127.0.0.1:${port}`, token: TOKEN, timeoutMs: 2000 });
    const ex = await client.report({ body: {} });
    expect(ex.failure?.kind).toBe('connection-refused');
    expect(ex.failure?.message).toMatch(/ECONNREFUSED/);
  });

  it('records JSON cut short by a socket that ends mid-body (content-length lies) without throwing', async () => {
    const { client } = await setup((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"status":true,"mess');
      setTimeout(() => req.socket.destroy(), 20);
    });
    const ex = await client.report({ body: {} });
    expect(ex.failure?.kind).toBe('connection-reset');
    expect(ex.response).toMatchObject({ status: 200, body: '{"status":true,"mess', truncated: false });
    expect(ex.json).toBeUndefined();
    expect(ex.jsonError).toMatch(/^not JSON/);
  });

  it('cuts a 64 MB streamed body at the cap, marks it too-large, keeps its first bytes (KEPT_OF_CUT_BODY) and does not buffer the rest', async () => {
    const cap = 1024 * 1024;
    let written = 0;
    const { client } = await setup(
      (_q, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        const total = 64 * 1024 * 1024;
        const pump = () => {
          while (written < total && !res.destroyed) {
            written += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('close', () => (written = Math.min(written, total)));
        pump();
      },
      { maxResponseBytes: cap },
    );
    const heapBefore = process.memoryUsage().heapUsed;
    const ex = await client.report({ body: {} });
    expect(ex.failure?.kind).toBe('too-large');
    expect(ex.response?.truncated).toBe(true);
    expect(ex.response?.body.length).toBe(KEPT_OF_CUT_BODY);
    expect(ex.response!.bytes).toBeGreaterThanOrEqual(cap);
    expect(ex.response!.bytes).toBeLessThan(cap + 256 * 1024);
    expect(ex.jsonError).toBe(`truncated at ${cap} bytes`);
    await new Promise((r) => setTimeout(r, 100));
    expect(written).toBeLessThan(16 * 1024 * 1024); // backpressure stopped the server early
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(32 * 1024 * 1024);
  });

  it('records an empty body as not JSON', async () => {
    const { client } = await setup((_q, res) => res.writeHead(204).end());
    const ex = await client.raw({ method: 'GET', path: '/anything' });
    expect(ex.response?.status).toBe(204);
    expect(ex.jsonError).toBe('not JSON: empty body');
  });
});
