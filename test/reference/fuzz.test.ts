// ENV-6 (7: the failures are 400, 403 and 429): no request, however malformed, gets a 5xx.
// 1,000 random requests go to a clean reference of every profile and to one with every fault on
// except those whose very purpose is a 5xx (crash-on-bad-json, rl-503, cu-500-*, rp-500-*) or a wait
// (the race faults, which change no validation).
import fc from 'fast-check';
import { connect } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../contract/schemas/order-status.ts';
import { FAULT_NAMES, type FaultName } from '../../reference/faults.ts';
import { DEFAULT_TOKENS } from '../../reference/constants.ts';
import { PROFILES } from '../../reference/profiles/index.ts';
import { MAX_BODY_BYTES, startReference, type ReferenceServer } from '../../reference/server.ts';
import { reportBody, validAddress, validCustomer } from './helpers.ts';
import { expectErrorShape } from './profile-kit.ts';
import { WHOLE_FILE } from '../tiers.ts';

const NOT_IN_FUZZ: FaultName[] = [
  'crash-on-bad-json',
  'rl-503',
  'cu-500-non-latin',
  'cu-500-long-text',
  'rp-500-long-digits',
  'cu-contactid-race',
  'os-parallel-lost-update',
  'os-overlap-deadlock',
  'os-overlap-lost',
  'rp-parallel-disagree',
];
/** One clean server per profile (limits off: the requests should reach validation), and a faulty one. */
let clean: ReferenceServer[];
let faulty: ReferenceServer;
beforeAll(async () => {
  clean = await Promise.all(PROFILES.map((p) => startReference({ profile: p.name, rateLimit: null })));
  faulty = await startReference({
    faults: FAULT_NAMES.filter((f) => !NOT_IN_FUZZ.includes(f)),
    rateLimit: { limit: 100, windowSeconds: 10, algorithm: 'token-bucket', scope: 'token' },
  });
});
afterAll(() => Promise.all([...clean, faulty].map((s) => s.close())));

/** Any text, percent-encoded where undici would refuse the raw character. */
const urlText = fc
  .string({ unit: 'grapheme', maxLength: 12 })
  .map((s) =>
    [...s].map((c) => (/^[\x21-\x7e]$/.test(c) && c !== '#' && c !== '?' ? c : [...Buffer.from(c)].map((b) => `%${b.toString(16)}`).join(''))).join(''),
  );
const junkSegment = fc.oneof(
  urlText,
  fc.constantFrom('%zz', '%E0%A4%A', '%', '..', '', '%00', '%FF%FE', '-1', '1.5', '1e3', '0', '999999', '99999999999999999999'),
);
const id = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(1001, 1002, 2001, 3001, 999999, 5001, 1152921504606847977n, 1152921504606846977n, 2n ** 64n).map(String) },
  fc.integer({ min: -5, max: 3_100 }).map(String),
  junkSegment,
);
const queryValue = fc.oneof(fc.constantFrom('1', '2', '3', '4', '999', '', 'x', '1.0', '-1', '%zz', '1e2'), urlText);
const prefix = fc.oneof({ weight: 8, arbitrary: fc.constant('/api/v1') }, fc.constantFrom('', '/api/v2', '/API/V1', '/api/v1/'));
const path = fc.oneof(
  { weight: 7, arbitrary: fc.tuple(prefix, id).map(([p, i]) => `${p}/sales/${i}/update-order-status`) },
  { weight: 5, arbitrary: prefix.map((p) => `${p}/customer/create`) },
  { weight: 5, arbitrary: prefix.map((p) => `${p}/report/consumption-production-report`) },
  { weight: 1, arbitrary: fc.tuple(prefix, id).map(([p, i]) => `${p}/contact/${i}`) },
  // The read paths of the profiles.
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...PROFILES.flatMap((p) => [p.readBack.contact, p.readBack.orderStatus.path])), id, queryValue)
      .map(([t, i, b]) => t.replace(/\{(contactId|salesId)\}/, i).replace('{branchId}', b)),
  },
  { weight: 2, arbitrary: fc.array(junkSegment, { maxLength: 5 }).map((segs) => `/${segs.join('/')}`) },
);
const query = fc.oneof(
  { weight: 6, arbitrary: fc.constant('?branch_id=1') },
  fc.constant(''),
  queryValue.map((v) => `?branch_id=${v}`),
  fc
    .array(fc.tuple(fc.constantFrom('branch_id', 'x', '', '%zz', 'branch_id[]'), queryValue), { maxLength: 4 })
    .map((kv) => `?${kv.map(([k, v]) => `${k}=${v}`).join('&')}`),
);
const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  fc.constantFrom(
    undefined,
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=latin1',
    '',
    ';;;',
    'application/json; foo',
    'application/json;charset="utf-8"',
  ),
);
const token = fc.oneof(
  { weight: 8, arbitrary: fc.constant(DEFAULT_TOKENS[0]) },
  fc.constantFrom(undefined, DEFAULT_TOKENS[0], DEFAULT_TOKENS[1], 'wrong', ''),
  fc.string({ maxLength: 20 }).filter((s) => /^[\x21-\x7e]*$/.test(s)),
);

/** Valid bodies with one field replaced by any JSON value. */
const mutated = fc
  .tuple(
    fc.constantFrom<Record<string, unknown>>({ orderStatus: 'Confirmed', reason: 1 }, validCustomer() as never, reportBody(), validAddress() as never),
    fc.string({ maxLength: 20 }),
    fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...ORDER_STATUSES)),
  )
  .map(([base, key, value]) =>
    JSON.stringify({ ...base, [Object.keys(base).includes(key) ? key : Object.keys(base)[key.length % Object.keys(base).length]!]: value }),
  );
const body = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 6, arbitrary: mutated },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(...['Confirmed', 'Delivered', 'Cancelled'].map((o) => ({ orderStatus: o })), validCustomer(), reportBody())
      .map((v) => JSON.stringify(v)),
  },
  // Ids past 2^53 where a customer carries ids, and repeated keys (an exact reader refuses them).
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('1152921504606846977', '18446744073709551616', '-99999999999999999999', '1152921504606846977.5', '1e400')
      .map((n) => `{"contactId":${n},"deletedAddressIds":[${n}],"contactAddressDTO":[{"addressId":${n}}],"contactId":0}`),
  },
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '['.repeat(50_000),
      `{"orderStatus":"${'x'.repeat(MAX_BODY_BYTES)}"}`,
      '{"a":'.repeat(2_000),
      '\uFEFF{}',
      'null',
      '"\\ud800"',
      '1e999',
    ),
  },
);
const httpRequest = fc.record({
  method: fc.oneof(
    { weight: 12, arbitrary: fc.constant('POST') },
    { weight: 3, arbitrary: fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') },
  ),
  path,
  query,
  contentType,
  token,
  body,
});
/** Raw bytes on a socket: a request line and headers with junk in them, or just junk. */
const rawRequest = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('POST', 'GET', 'P0ST', 'post', ''),
      fc.string({ unit: 'binary-ascii', maxLength: 40 }),
      fc.string({ unit: 'binary-ascii', maxLength: 40 }),
      fc.string({ maxLength: 40 }),
    )
    .map(
      ([m, p, h, b]) =>
        `${m} /api/v1/${p} HTTP/1.1\r\nHost: x\r\napi-token: ${DEFAULT_TOKENS[0]}\r\nx-junk: ${h}\r\nContent-Length: ${Buffer.byteLength(b)}\r\n\r\n${b}`,
    ),
  fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a).toString('latin1')),
);

async function send(server: ReferenceServer, r: typeof httpRequest extends fc.Arbitrary<infer T> ? T : never) {
  const headers: Record<string, string> = {};
  if (r.contentType !== undefined) headers['content-type'] = r.contentType;
  if (r.token !== undefined) headers['api-token'] = r.token;
  const res = await request(server.url + r.path + r.query, { method: r.method as 'POST', headers, body: r.method === 'HEAD' ? undefined : r.body });
  return { status: res.statusCode, type: String(res.headers['content-type'] ?? ''), text: await res.body.text() };
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function sendRaw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    let got = '';
    const socket = connect(port, '127.0.0.1', () => socket.end(Buffer.from(bytes, 'latin1')));
    const timer = setTimeout(() => socket.destroy(), 3_000);
    socket.on('data', (d) => (got += d.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(got);
    });
    socket.on('error', () => {});
  });
}

describe('malformed requests (ENV-6)', WHOLE_FILE, () => {
  it('answer 1,000 random HTTP requests with no 5xx in any profile, and each clean profile with its success or error shape', async () => {
    await fc.assert(
      fc.asyncProperty(httpRequest, async (r) => {
        const answers = await Promise.all([...clean, faulty].map((server) => send(server, r)));
        for (const a of answers) expect(a.status, a.text.slice(0, 200)).toBeLessThan(500);
        if (r.method === 'HEAD') return;
        PROFILES.forEach((p, i) => {
          const a = answers[i]!;
          if (a.status !== 200) return expectErrorShape(p, { ...a, json: parsed(a.text), headers: { 'content-type': a.type } }, a.status);
          expect(a.type).toBe(p.http.jsonType);
          expect(JSON.parse(a.text)).toMatchObject({ status: true, code: '200' });
        });
      }),
      { numRuns: 1000 },
    );
    // 6,000 requests: a generous ceiling (it ends a hang; 120 s were passed with the machine ten times oversubscribed).
  }, 400_000);

  it('answer raw malformed HTTP on a socket with a 4xx or nothing, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(rawRequest, async (bytes) => {
        for (const server of [...clean, faulty]) {
          const answer = await sendRaw(server.port, bytes);
          const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
          if (answer !== '') expect(status, answer.slice(0, 200)).toBeDefined();
          if (status) expect(Number(status)).toBeLessThan(500);
        }
      }),
      { numRuns: 150 },
    );
  });
});
