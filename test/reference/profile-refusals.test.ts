// Every profile is a correct vendor: table-driven, each refuses what the catalogue's MUST and
// SHOULD requirements want refused (with the status they want, in the profile's error shape) and
// accepts what they want accepted. The same table runs against every profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_VOUCHER, OTHER_BRANCH_VOUCHERS } from '../../reference/constants.ts';
import { PROFILE_NAMES } from '../../reference/profiles/index.ts';
import { paths, reportBody, TOKEN, type Answer, type CallOptions } from './helpers.ts';
import { expectErrorShape, profileClient, type ProfileClient } from './profile-kit.ts';

type Op = 'order-status' | 'customer' | 'report';
/** A request of an operation that a correct vendor accepts, changed by `opts` (auth cases). */
type Send = (c: ProfileClient, opts: CallOptions, path?: (p: string) => string) => Promise<Answer>;

const REFUSALS_VOUCHER = 1021; // sales.refusals: never changes
const sendValid: Record<Op, Send> = {
  'order-status': (c, o, p = (x) => x) => c.call('POST', p(paths.orderStatus(c.voucher(REFUSALS_VOUCHER), 1)), { body: { orderStatus: 'Completed' }, ...o }),
  customer: (c, o, p = (x) => x) => c.call('POST', p(paths.customer(1)), { body: c.customer(), ...o }),
  report: (c, o, p = (x) => x) => c.call('POST', p(paths.report), { body: reportBody({ limit: 1 }), ...o }),
};
const withQuery = (p: string) => `${p}${p.includes('?') ? '&' : '?'}api-token=${TOKEN}`;

/** [requirement, what, opts, path change]: each must be answered 403 on every operation. */
const AUTH_REFUSALS: Array<[string, string, CallOptions, ((p: string) => string)?]> = [
  ['AUTH-1', 'no api-token', { token: null }],
  ['AUTH-2', 'an invalid token', { token: 'wrong-token' }],
  ['AUTH-5', 'a suffix added', { token: `${TOKEN}x` }],
  ['AUTH-5', 'a prefix added', { token: `x${TOKEN}` }],
  ['AUTH-5', 'the last character cut', { token: TOKEN.slice(0, -1) }],
  ['AUTH-5', 'another letter case', { token: TOKEN.toUpperCase() }],
  ['AUTH-6', 'an empty api-token', { token: '' }],
  ['AUTH-7b', 'api-token twice, both invalid', { tokens: ['wrong-token', 'other-wrong-token'] }],
  ['AUTH-7b', 'api-token twice, both empty', { tokens: ['', ''] }],
  ['AUTH-8', 'the token in the query only', { token: null }, withQuery],
  ['AUTH-8', 'Authorization: Bearer only', { token: null, headers: { authorization: `Bearer ${TOKEN}` } }],
  ['AUTH-8', 'x-api-token only', { token: null, headers: { 'x-api-token': TOKEN } }],
  ['AUTH-8', 'api_token only', { token: null, headers: { api_token: TOKEN } }],
];

const os = (c: ProfileClient, body: unknown, n: number = REFUSALS_VOUCHER, branch: number | string | null = 1, o: CallOptions = {}) =>
  c.orderStatus(n, body, branch, o);
/** [requirement, what, request, expected status ('4xx': any client error)]. */
type Case = [string, string, (c: ProfileClient) => Promise<Answer>, number | '4xx' | 'content-type'];
const CASES: Case[] = [
  ['OS-1b', 'a voucher that exists nowhere', (c) => os(c, { orderStatus: 'Confirmed' }, MISSING_VOUCHER), 400],
  ['OS-1b', 'a voucher of another branch', (c) => os(c, { orderStatus: 'Confirmed' }, OTHER_BRANCH_VOUCHERS[9]!), 400],
  ['OS-2', 'no orderStatus', (c) => os(c, { reason: 1 }), 400],
  ...['confirmed', 'CONFIRMED', ' Confirmed', 'Confirmed ', 5, null, ['Confirmed']].map((v): Case => [
    'OS-2',
    `orderStatus ${JSON.stringify(v)}`,
    (c) => os(c, { orderStatus: v }),
    400,
  ]),
  ...[null, 'x', '1.5', '999'].map((b): Case => ['OS-2b', `branch_id ${b}`, (c) => os(c, { orderStatus: 'Confirmed' }, REFUSALS_VOUCHER, b), 400]),
  ...['damaged', { code: 1 }, true].map((r): Case => ['OS-2c', `reason ${JSON.stringify(r)}`, (c) => os(c, { orderStatus: 'Confirmed', reason: r }), 400]),
  ...[1.5, '2'].map((r): Case => ['OS-2d', `reason ${JSON.stringify(r)}`, (c) => os(c, { orderStatus: 'Confirmed', reason: r }), 400]),
  ['OS-2e', 'an empty body', (c) => os(c, ''), 400],
  ['OS-2e', 'a body that is not JSON', (c) => os(c, '{"orderStatus":'), 400],
  ['OS-3', 'Delivered on an unpaid voucher', (c) => os(c, { orderStatus: 'Delivered' }), 400],
  ...['Completed', 'Dispatched', 'Packed', 'Delivered!'].map((s): Case => ['OS-4', `orderStatus ${s}`, (c) => os(c, { orderStatus: s }), 400]),
  [
    'ENV-7',
    'an order status update sent as text/plain',
    (c) => os(c, { orderStatus: 'Confirmed' }, REFUSALS_VOUCHER, 1, { contentType: 'text/plain' }),
    'content-type',
  ],
  ['ENV-7', 'a customer sent as form data', (c) => c.save(c.customer(), 1, { contentType: 'application/x-www-form-urlencoded' }), 'content-type'],
  ['CU-4', 'a non-numeric opening', (c) => c.save(c.customer({ opening: 'abc' })), 400],
  ['CU-4', 'a non-numeric creditLimit', (c) => c.save(c.customer({ creditLimit: 'lots' })), 400],
  ['CU-4', 'isDefault as text', (c) => c.save(c.customer({ contactAddressDTO: [c.address({ isDefault: '1' as never })] })), 400],
  ['CU-4', 'addressId as text', (c) => c.save(c.customer({ contactAddressDTO: [c.address({ addressId: 'x' as never })] })), 400],
  ['CU-4', 'contactAddressDTO not an array', (c) => c.save({ ...c.customer(), contactAddressDTO: {} }), 400],
  ['CU-5', 'isDefault 2', (c) => c.save(c.customer({ contactAddressDTO: [c.address({ isDefault: 2 as 1 })] })), 400],
  ...[null, 'x', '999'].map((b): Case => ['CU-6', `branch_id ${b}`, (c) => c.save(c.customer(), b), 400]),
  ...['dateFrom', 'dateTo', 'branchList', 'limit', 'offset'].map((k): Case => ['RP-12', `no ${k}`, (c) => c.report({ [k]: undefined }), '4xx']),
  ...['01/01/2026', 'yesterday', '2026-13-01T00:00:00Z'].map((d): Case => ['RP-12', `dateFrom ${d}`, (c) => c.report({ dateFrom: d }), '4xx']),
];

async function expectAnswer(c: ProfileClient, a: Answer, expected: number | '4xx' | 'content-type'): Promise<void> {
  const status = expected === 'content-type' ? c.profile.http.contentTypeStatus : expected === '4xx' ? a.status : expected;
  expect(a.status, a.text.slice(0, 200)).toBeGreaterThanOrEqual(400);
  expect(a.status).toBeLessThan(500);
  expectErrorShape(c.profile, a, status);
}

for (const name of PROFILE_NAMES) {
  describe(`profile ${name}: refuses what the catalogue wants refused`, () => {
    let c: ProfileClient;
    beforeAll(async () => {
      c = await profileClient(name);
    });
    afterAll(() => c.close());

    for (const op of ['order-status', 'customer', 'report'] as const) {
      it(`answers every near-miss of a valid token with 403 on ${op} (AUTH-1..8), and the valid token not with 403 (AUTH-3)`, async () => {
        for (const [id, what, opts, path] of AUTH_REFUSALS) {
          const a = await sendValid[op](c, opts, path);
          expect(a.status, `${id} ${what}`).toBe(403);
          expectErrorShape(c.profile, a, 403);
        }
        expect((await sendValid[op](c, {})).status).not.toBe(403);
      });
    }

    it('refuses every invalid order status update, customer and report with the status its requirement names', async () => {
      for (const [id, what, send, expected] of CASES) {
        const a = await send(c);
        await expect(expectAnswer(c, a, expected), `${id} ${what}`).resolves.toBeUndefined();
      }
    });

    it('answers limit and offset at their edges with at most limit items or a 4xx, and an unknown id with none (RP-19, RP-20)', async () => {
      const whole = (await c.report({ limit: 0 })).json.response.totalCount as number;
      for (const [limit, offset] of [
        [0, 0],
        [1, 0],
        [1, whole - 1],
        [5, whole],
        [3, whole + 100],
        [Number.MAX_SAFE_INTEGER, 0],
        [1, Number.MAX_SAFE_INTEGER],
      ]) {
        const a = await c.report({ limit, offset });
        if (a.status !== 200) {
          expectErrorShape(c.profile, a, a.status);
          continue;
        }
        const items = a.json.response.items as unknown[];
        expect(items.length, `limit ${limit} offset ${offset}`).toBeLessThanOrEqual(Math.min(limit, Math.max(0, whole - offset)));
        expect(a.json.response.totalCount).toBe(whole);
      }
      const unknown = await c.report({ recipeIds: '99999', limit: 10 });
      if (unknown.status === 200) expect(unknown.json.response).toEqual({ totalCount: 0, items: [] });
      else expect(unknown.status).toBeLessThan(500);
    });

    it('accepts valid customers: empty "may be empty" fields, five addresses, any script and long text (CU-1, CU-3, CU-7, CU-13)', async () => {
      const bodies = [
        c.customer({ lastName: '', companyName: '', email: '', telephone: '', panNo: '', remark: '', dateOfBirth: '', anniversaryDate: '' }),
        c.customer({ contactAddressDTO: [0, 1, 2, 3, 4].map((i) => c.address({ isDefault: i === 2 ? 1 : 0, addressLine1: `line ${i}` })) }),
        c.customer({ firstName: 'आशा', lastName: 'ராவ்', companyName: 'রাও ট্রেডার্স', remark: 'مرحبا 👋🏽 é'.repeat(100) }),
        c.customer({ contactAddressDTO: [c.address({ addressLine1: 'x'.repeat(10_000) })] }),
      ];
      for (const body of bodies) {
        const a = await c.save(body);
        expect(a.status, a.text.slice(0, 200)).toBe(200);
        expect(a.json).toMatchObject({ status: true, code: '200' });
        expect(['number', 'bigint']).toContain(typeof a.json.response.contactId);
      }
    });
  });
}
