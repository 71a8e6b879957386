// The security checks of 5 send near misses of the valid token and the token in the wrong place:
// the server gets exactly that, the record never holds the token, and the curl line sends the same
// thing again with $ERP_API_TOKEN.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { toCurl } from '../../client/curl.ts';
import { createClient, type Client } from '../../client/operations.ts';
import type { TokenVariant } from '../../core/types.ts';
import { json, startServer, type TestServer } from '../support/stub-server.ts';
import { closeAfterEach } from '../support/close-after-each.ts';

const TOKEN = 'Tok-en_Secret-0123456789';
let server: TestServer | undefined;
let client: Client | undefined;

closeAfterEach(() => [client, server]);

/** Runs a curl line in bash with curl replaced by a function that prints its arguments. */
function shellArgs(line: string): string[] {
  const out = execFileSync('bash', ['--norc', '--noprofile', '-c', `curl() { printf '%s\\0' "$@"; }; ${line}`], {
    env: { PATH: process.env.PATH, ERP_API_TOKEN: TOKEN },
    encoding: 'utf8',
  });
  return out.split('\0').slice(0, -1);
}

const CASES: [string, TokenVariant, (seen: TestServer['seen'][number]) => void, (args: string[]) => void][] = [
  ['a suffix', { kind: 'suffix', text: 'x' }, (s) => expect(s.headers['api-token']).toBe(`${TOKEN}x`), (a) => expect(a).toContain(`api-token: ${TOKEN}x`)],
  ['a prefix', { kind: 'prefix', text: 'x' }, (s) => expect(s.headers['api-token']).toBe(`x${TOKEN}`), (a) => expect(a).toContain(`api-token: x${TOKEN}`)],
  [
    'a cut',
    { kind: 'cut', chars: 1 },
    (s) => expect(s.headers['api-token']).toBe(TOKEN.slice(0, -1)),
    (a) => expect(a).toContain(`api-token: ${TOKEN.slice(0, -1)}`),
  ],
  [
    'upper case',
    { kind: 'case', to: 'upper' },
    (s) => expect(s.headers['api-token']).toBe(TOKEN.toUpperCase()),
    (a) => expect(a).toContain(`api-token: ${TOKEN.toUpperCase()}`),
  ],
  ['an empty header', { kind: 'empty' }, (s) => expect(s.headers['api-token']).toBe(''), (a) => expect(a).toContain('api-token;')],
  [
    'the header twice',
    { kind: 'twice', first: 'valid', second: 'invalid' },
    (s) => expect(s.headers['api-token']).toMatch(new RegExp(`^${TOKEN}, invalid-token-\\d+$`)),
    (a) => expect(a.filter((x) => x.startsWith('api-token:'))).toHaveLength(2),
  ],
  [
    'the query string',
    { kind: 'query', name: 'api-token' },
    (s) => {
      expect(s.url).toContain(`api-token=${TOKEN}`);
      expect(s.headers['api-token']).toBeUndefined();
    },
    (a) => expect(a).toContain(`api-token=${TOKEN}`),
  ],
  [
    'Authorization: Bearer',
    { kind: 'header', name: 'Authorization', scheme: 'Bearer' },
    (s) => {
      expect(s.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(s.headers['api-token']).toBeUndefined();
    },
    (a) => expect(a).toContain(`Authorization: Bearer ${TOKEN}`),
  ],
];

describe('token variants', () => {
  it.each(CASES)('sends %s exactly, records no token, and its curl line sends it again', async (_what, variant, serverSaw, curlSends) => {
    server = await startServer((_q, res) => json(res, 403, { status: false, message: 'Unauthorized', code: '403', response: null }));
    client = createClient({ baseUrl: server.url, token: TOKEN, timeoutMs: 2000 });
    const ex = await client.report({ body: { limit: 1 }, variant });
    serverSaw(server.seen[0]!);
    expect(ex.tokenKind).toBe('variant');
    expect(ex.tokenVariant).toEqual(variant);
    expect(JSON.stringify(ex).toLowerCase()).not.toContain(TOKEN.slice(0, 16).toLowerCase());
    const line = toCurl(ex);
    expect(line).not.toContain(TOKEN.slice(0, 10));
    curlSends(shellArgs(line));
  });
});

describe('the token in the JSON body (AUTH-8, AUTH-12)', () => {
  it('sends the valid token as a field of the body object and no api-token header, and records neither', async () => {
    server = await startServer((_q, res) => json(res, 403, { status: false, message: 'Unauthorized', code: '403', response: null }));
    client = createClient({ baseUrl: server.url, token: TOKEN, timeoutMs: 2000 });
    const ex = await client.report({ body: { limit: 1, big: 12345678901234567890n }, variant: { kind: 'body', name: 'api-token' } });
    const seen = server.seen[0]!;
    expect(seen.headers['api-token']).toBeUndefined();
    // The other fields go as they were, an integer past 2^53 exact.
    expect(seen.body).toBe(`{"limit":1,"big":12345678901234567890,"api-token":"${TOKEN}"}`);
    expect(ex.tokenVariant).toEqual({ kind: 'body', name: 'api-token' });
    expect(JSON.stringify(ex).toLowerCase()).not.toContain(TOKEN.slice(0, 16).toLowerCase());
    expect(toCurl(ex)).not.toContain(TOKEN.slice(0, 10));
  });

  it('leaves a body that is not a JSON object as it is, still without the header', async () => {
    server = await startServer((_q, res) => json(res, 403, { status: false, message: 'Unauthorized', code: '403', response: null }));
    client = createClient({ baseUrl: server.url, token: TOKEN, timeoutMs: 2000 });
    await client.index({ method: 'POST', path: '/x', rawBody: '[1,2]', variant: { kind: 'body', name: 'api-token' } });
    expect(server.seen[0]!.body).toBe('[1,2]');
    expect(server.seen[0]!.headers['api-token']).toBeUndefined();
  });
});
