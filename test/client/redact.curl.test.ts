import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { toCurl } from '../../client/curl.ts';
import { createClient, type Client } from '../../client/operations.ts';
import { redactorOf } from '../../client/redact.ts';
import type { Exchange } from '../../core/types.ts';
import { json, startServer, type TestServer } from '../support/stub-server.ts';
import { closeAfterEach } from '../support/close-after-each.ts';

const TOKEN = 'Tok/en+secret=1';
const TOKEN_2 = 'second-secret-2';
let server: TestServer | undefined;
let client: Client | undefined;

closeAfterEach(() => [client, server]);

/** Everything recorded about an exchange, as one text. */
const recorded = (ex: Exchange) => JSON.stringify(ex);

/** Runs a curl line in bash with curl replaced by a function that prints its arguments. */
function shellArgs(line: string, env: Record<string, string>): string[] {
  const out = execFileSync('bash', ['--norc', '--noprofile', '-c', `curl() { printf '%s\\0' "$@"; }; ${line}`], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return out.split('\0').slice(0, -1);
}

describe('redaction', () => {
  it('replaces the tokens in the URL, request headers and body, and a response that echoes them', async () => {
    server = await startServer((req, res, body) =>
      json(res, 200, { echo: body, token: req.headers['api-token'], url: req.url }, { 'x-token': String(req.headers['api-token']) }),
    );
    client = createClient({ baseUrl: server.url, token: TOKEN, secondToken: TOKEN_2, timeoutMs: 2000 });
    const ex = await client.raw({
      method: 'POST',
      path: `/echo?t=${encodeURIComponent(TOKEN)}&u=${TOKEN_2}`,
      headers: { 'content-type': 'application/json', 'x-copy': `Bearer ${TOKEN}` },
      body: JSON.stringify({ token: TOKEN, other: TOKEN_2 }),
    });
    expect(server.seen[0]!.headers['api-token']).toBe(TOKEN);
    expect(ex.response?.status).toBe(200);
    expect(ex.request.headers['api-token']).toBe('***');
    expect(ex.request.headers['x-copy']).toBe('Bearer ***');
    expect(ex.request.url).toMatch(/t=\*\*\*&u=\*\*\*$/);
    expect(ex.response!.headers['x-token']).toBe('***');
    expect(ex.json).toMatchObject({ token: '***' });
    const text = recorded(ex);
    for (const secret of [TOKEN, TOKEN_2, encodeURIComponent(TOKEN), JSON.stringify(TOKEN).slice(1, -1)]) expect(text).not.toContain(secret);
  });

  it('records the second token as *** and shows the generated invalid token as sent', async () => {
    server = await startServer((_q, res) => json(res, 403, { status: false }));
    client = createClient({ baseUrl: server.url, token: TOKEN, secondToken: TOKEN_2, timeoutMs: 2000 });
    const second = await client.report({ body: {}, token: 'second' });
    const invalid = await client.report({ body: {}, token: 'invalid' });
    const none = await client.report({ body: {}, token: 'none' });
    expect(server.seen.map((s) => s.headers['api-token'])).toEqual([TOKEN_2, invalid.request.headers['api-token'], undefined]);
    expect(second.request.headers['api-token']).toBe('***');
    expect(invalid.request.headers['api-token']).toMatch(/^invalid-token-\d+$/);
    expect(none.request.headers).not.toHaveProperty('api-token');
  });

  it('redacts the start of a token at the end of a body cut at the size cap', async () => {
    const padding = 'x'.repeat(1024 - 8);
    server = await startServer((_q, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`${padding}${TOKEN}${'y'.repeat(4096)}`);
    });
    client = createClient({ baseUrl: server.url, token: TOKEN, timeoutMs: 2000, maxResponseBytes: 1024 });
    const ex = await client.report({ body: {} });
    expect(ex.failure?.kind).toBe('too-large');
    expect(ex.response!.body).toBe(`${padding}***`);
    expect(redactorOf([TOKEN])('ends with Tok', true)).toBe('ends with Tok'); // too short to be told from text
  });

  it('also catches the JSON-escaped spelling of a token', () => {
    const redact = redactorOf(['a"b/c-secret']);
    expect(redact(JSON.stringify({ t: 'a"b/c-secret' }))).toBe('{"t":"***"}');
  });
});

describe('toCurl', () => {
  it('writes the token as $ERP_API_TOKEN, never its value', async () => {
    server = await startServer((_q, res) => json(res, 200, {}));
    client = createClient({ baseUrl: server.url, token: TOKEN, secondToken: TOKEN_2, timeoutMs: 2000 });
    const ex = await client.createCustomer({ branchId: 1, body: { firstName: 'A' } });
    const line = toCurl(ex);
    expect(line).toContain('"api-token: $ERP_API_TOKEN"');
    expect(line).not.toContain(TOKEN);
    expect(line).toMatch(/^curl -sS -X POST 'http:\/\/127\.0\.0\.1:\d+\/api\/v1\/customer\/create\?branch_id=1' /);
    expect(toCurl(await client.report({ body: {}, token: 'second' }))).toContain('"api-token: $ERP_API_TOKEN_2"');
    const invalid = await client.report({ body: {}, token: 'invalid' });
    expect(toCurl(invalid)).toContain(`'api-token: ${invalid.request.headers['api-token']}'`);
    expect(toCurl(await client.report({ body: {}, token: 'none' }))).not.toContain('api-token');
  });

  it("names the config's env:NAME variables, in every form a token is sent", async () => {
    server = await startServer((_q, res) => json(res, 200, {}));
    const variables = { token: 'ERP_TOKEN', secondToken: 'ERP_TOKEN_B' };
    client = createClient({ baseUrl: server.url, token: TOKEN, secondToken: TOKEN_2, variables, timeoutMs: 2000 });
    const line = toCurl(await client.report({ body: {} }));
    expect(line).toContain('"api-token: $ERP_TOKEN"');
    expect(line).not.toContain('ERP_API_TOKEN');
    expect(shellArgs(line, { ERP_TOKEN: 'from-erp-token' })).toContain('api-token: from-erp-token');
    expect(toCurl(await client.report({ body: {}, token: 'second' }))).toContain('"api-token: $ERP_TOKEN_B"');
    const suffix = toCurl(await client.report({ body: {}, variant: { kind: 'suffix', text: 'x' } }));
    expect(shellArgs(suffix, { ERP_TOKEN: 'abc' })).toContain('api-token: abcx');
    const query = toCurl(await client.report({ body: {}, variant: { kind: 'query', name: 'token' } }));
    expect(shellArgs(query, { ERP_TOKEN: 'abc' })).toContain('token=abc');
    // The kit's own variables are not recorded: an exchange stays as it was.
    client = createClient({ baseUrl: server.url, token: TOKEN, variables: { token: 'ERP_API_TOKEN' }, timeoutMs: 2000 });
    expect(await client.report({ body: {} })).not.toHaveProperty('tokenEnv');
  });

  it('re-parses in a shell to the same request, for a body holding single quotes', async () => {
    server = await startServer((_q, res) => json(res, 200, {}));
    client = createClient({ baseUrl: server.url, token: TOKEN, timeoutMs: 2000 });
    const body = { firstName: "O'Brien", remark: `it's "quoted" \\ $HOME \`x\` '' end`, lastName: '' };
    const ex = await client.createCustomer({ branchId: "1' OR '1'='1", body });
    const args = shellArgs(toCurl(ex), { ERP_API_TOKEN: 'expanded-by-shell' });
    expect(args).toEqual([
      '-sS',
      '-X',
      'POST',
      ex.request.url,
      '-H',
      'api-token: expanded-by-shell',
      '-H',
      'content-type: application/json',
      '--data-raw',
      JSON.stringify(body),
    ]);
    expect(server.seen[0]!.url).toBe(`/api/v1/customer/create?branch_id=${encodeURIComponent("1' OR '1'='1")}`);
  });

  it("removes curl's form Content-Type when the request sent none", async () => {
    server = await startServer((_q, res) => json(res, 200, {}));
    client = createClient({ baseUrl: server.url, token: TOKEN, timeoutMs: 2000 });
    const ex = await client.report({ rawBody: 'x=1', contentType: null });
    expect(ex.request.headers).not.toHaveProperty('content-type');
    expect(shellArgs(toCurl(ex), { ERP_API_TOKEN: 't' })).toEqual([
      '-sS',
      '-X',
      'POST',
      ex.request.url,
      '-H',
      'api-token: t',
      '-H',
      'content-type:',
      '--data-raw',
      'x=1',
    ]);
  });
});
