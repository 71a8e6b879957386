// The one transport against servers that misbehave: a body that trickles forever ends at the
// deadline, deeply nested JSON is not parsed (bounded memory), a redirect is never followed, and
// integers past 2^53 keep every digit.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { decodeJson, stringifyJson } from '../../core/json.ts';
import { createClient, type Client } from '../../client/operations.ts';
import { startServer, type Handler, type TestServer } from '../support/stub-server.ts';
import { closeAfterEach } from '../support/close-after-each.ts';

let server: TestServer | undefined;
let client: Client | undefined;

async function setup(handler: Handler, timeoutMs = 2000) {
  server = await startServer(handler);
  client = createClient({ baseUrl: server.url, token: 'tok-123456789', timeoutMs, maxResponseBytes: 4 * 1024 * 1024 });
  return { server, client };
}

closeAfterEach(() => [client, server]);

describe('the transport', () => {
  it('ends an exchange whose body trickles a byte at a time at its deadline, body included', async () => {
    const { client } = await setup((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
      const t = setInterval(() => res.write(' '), 100); // each byte restarts an idle timeout, not the deadline
      res.on('close', () => clearInterval(t));
    }, 700);
    const t0 = Date.now();
    const ex = await client.report({ body: {} });
    // An idle timeout would never end this exchange: any finite ceiling shows the deadline; a generous one.
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(ex.failure?.kind).toBe('timeout');
    expect(ex.failure?.message).toMatch(/within 700 ms/);
  });

  it('does not parse 400,000-deep JSON nor a 1 MB body of nested arrays, and says why', async () => {
    const deep = '['.repeat(400_000) + ']'.repeat(400_000);
    const { client } = await setup((_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(deep));
    const before = process.memoryUsage().rss;
    const ex = await client.report({ body: {} });
    expect(ex.json).toBeUndefined();
    expect(ex.jsonError).toBe('nesting deeper than 512 levels: not parsed');
    expect(ex.response?.bytes).toBe(deep.length);
    expect(decodeJson('['.repeat(1_000_000)).jsonError).toMatch(/nesting deeper/);
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024);
  });

  it('records a redirect as it came and sends nothing to the host it points to', async () => {
    let contacted = 0;
    const other = createServer((_q, res) => {
      contacted++;
      res.end('{}');
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.2', r));
    const port = (other.address() as AddressInfo).port;
    try {
      const { client } = await setup((_q, res) => res.writeHead(307, { location: `http://127.0.0.2:${port}/steal` }).end());
      const ex = await client.report({ body: {} });
      expect(ex.response?.status).toBe(307);
      expect(ex.response?.headers.location).toBe(`http://127.0.0.2:${port}/steal`);
      expect(contacted).toBe(0);
    } finally {
      await new Promise<void>((r) => other.close(() => r()));
    }
  });

  it('keeps every digit of an id past 2^53 in the parsed body, the raw evidence and a request that sends it back', async () => {
    const id = 1152921504606846977n; // 2^60 + 1
    const { client, server } = await setup((_q, res, body, n) => {
      if (n === 1) res.writeHead(200, { 'content-type': 'application/json' }).end(`{"status":true,"message":"ok","code":"200","response":{"contactId":${id}}}`);
      else res.writeHead(200, { 'content-type': 'application/json' }).end(`{"status":true,"message":"ok","code":"200","response":${body}}`);
    });
    const created = await client.createCustomer({ branchId: 1, body: {} });
    expect((created.json as { response: { contactId: unknown } }).response.contactId).toBe(id);
    expect(created.response!.body).toContain('1152921504606846977');
    const again = await client.createCustomer({ branchId: 1, body: { contactId: id } });
    expect(server.seen[1]!.body).toBe('{"contactId":1152921504606846977}');
    expect(again.request.body).toBe('{"contactId":1152921504606846977}');
    expect(stringifyJson({ a: id, b: [1, 2.5, 'x'] })).toBe('{"a":1152921504606846977,"b":[1,2.5,"x"]}');
    expect(decodeJson('{"n":9007199254740993,"f":1.5,"s":"12345678901234567890"}').json).toEqual({ n: 9007199254740993n, f: 1.5, s: '12345678901234567890' });
  });
});
