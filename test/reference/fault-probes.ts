// One probe per fault of reference/faults.ts: a request (or a few) whose answer differs between
// the clean reference and the reference with that fault on, in the way the fault's `does` says.
// Probes run one after another on one server, so each uses vouchers and data of its own.
import { expect } from 'vitest';
import type { FaultName } from '../../reference/faults.ts';
import { MISSING_VOUCHER, OTHER_BRANCH_VOUCHERS, PAID_VOUCHERS, UNPAID_VOUCHERS } from '../../reference/constants.ts';
import { ACROSS_PROBES } from './fault-probes-across.ts';
import { CUSTOMER_PROBES } from './fault-probes-customer.ts';
import { AUTH_PROBES } from './fault-probes-auth.ts';
import { DEEP_PROBES } from './fault-probes-deep.ts';
import { EDGE_PROBES } from './fault-probes-edges.ts';
import { HIDDEN_PROBES } from './fault-probes-hidden.ts';
import { INDEX_PROBES } from './fault-probes-index.ts';
import { PART_D_PROBES, RL_MS_TOKEN } from './fault-probes-part-d.ts';
import { REPORT_PROBES } from './fault-probes-report.ts';
import { SAVED_PROBES } from './fault-probes-saved.ts';
import { TEXT_PROBES } from './fault-probes-texts.ts';
import { paths, validCustomer } from './helpers.ts';
import { customer, envelopeChange, oneStatus, os, P, report, RL_LIMIT, statusFlip, type Probe } from './probe-kit.ts';

export const RL_TOKENS = ['rl-token-1', 'rl-token-2', 'rl-token-3', 'rl-token-4', RL_MS_TOKEN];
const V = UNPAID_VOUCHERS.slice(30); // 1031..1060, one or two per probe

export const PROBES: Probe[] = [
  // ---- envelope ----
  P(
    'envelope-status-string',
    'report',
    async (s) => [await report(s, { limit: 1 })],
    envelopeChange((b) => ({ ...b, status: 'true' })),
  ),
  P(
    'envelope-no-message',
    'order-status',
    async (s) => [await os(s, V[0]!, { orderStatus: 'Confirmed' })],
    envelopeChange(({ message: _m, ...b }) => b),
  ),
  P(
    'envelope-code-number',
    'customer',
    async (s) => [await customer(s, validCustomer())],
    envelopeChange((b) => ({ ...b, code: 200 })),
  ),
  P(
    'envelope-code-ok',
    'report',
    async (s) => [await report(s, { limit: 1, offset: 5 })],
    envelopeChange((b) => ({ ...b, code: 'OK' })),
  ),
  P(
    'success-status-false',
    'report',
    async (s) => [await report(s, { limit: 1, offset: 9 })],
    envelopeChange((b) => ({ ...b, status: false })),
  ),
  P(
    'error-code-200',
    'report',
    async (s) => [await report(s, { limit: -1 })],
    (c, f) => {
      oneStatus(c, f, 400, 400);
      expect(f[0]!.body).toEqual({ ...c[0]!.body, code: '200' });
    },
  ),
  P(
    'content-type-text',
    'report',
    async (s) => [await report(s, { limit: 2 })],
    (c, f) => {
      expect([c[0]!.type, f[0]!.type]).toEqual(['application/json', 'text/plain']);
      expect(f[0]!.body).toEqual(c[0]!.body);
    },
  ),
  // The report, an index POST operation (Get All Sales Data, IX-5) and the order status update (OS-2e).
  P(
    'crash-on-bad-json',
    'report',
    async (s) => [
      await s(paths.report, { body: '{"limit": 1,' }),
      await s('/api/v1/sales/get-all-sales-orders', { body: '{"limit": 1,' }),
      await os(s, V[16]!, '{"orderStatus":'),
    ],
    statusFlip(400, 500),
    { body: 'not-json' },
  ),
  P(
    'content-type-ignored',
    'order-status',
    async (s) => [await os(s, V[2]!, { orderStatus: 'Confirmed' }, 1, { contentType: 'text/plain' })],
    statusFlip(400, 200),
    { contentType: 'other' },
  ),
  // ---- authentication ----
  P('auth-missing-accepted', 'report', async (s) => [await report(s, { limit: 1 }, { token: null })], statusFlip(403, 200), { token: 'none' }),
  P('auth-any-token', 'report', async (s) => [await report(s, { limit: 1 }, { token: 'not-a-token' })], statusFlip(403, 200), { token: 'invalid' }),
  P(
    'auth-401',
    'order-status',
    async (s) => [await os(s, V[3]!, { orderStatus: 'Confirmed' }, 1, { token: null })],
    (c, f) => {
      oneStatus(c, f, 403, 401);
      expect(f[0]!.body).toEqual({ ...c[0]!.body, code: '401' });
    },
    { token: 'none' },
  ),
  P('auth-skip-order-status', 'order-status', async (s) => [await os(s, V[4]!, { orderStatus: 'Confirmed' }, 1, { token: 'nope' })], statusFlip(403, 200), {
    token: 'invalid',
  }),
  P('auth-rejects-valid', 'report', async (s) => [await report(s, { limit: 1 })], statusFlip(200, 403)),
  // ---- order status ----
  P('os-ignore-branch', 'order-status', async (s) => [await os(s, OTHER_BRANCH_VOUCHERS[5]!, { orderStatus: 'Confirmed' }, 1)], statusFlip(400, 200)),
  P('os-missing-voucher-200', 'order-status', async (s) => [await os(s, MISSING_VOUCHER, { orderStatus: 'Confirmed' })], statusFlip(400, 200)),
  P('os-missing-voucher-404', 'order-status', async (s) => [await os(s, MISSING_VOUCHER, { orderStatus: 'Shipped' })], statusFlip(400, 404)),
  P(
    'os-case-insensitive',
    'order-status',
    async (s) => [await os(s, V[5]!, { orderStatus: 'confirmed' }), await os(s, V[5]!, { orderStatus: 'SHIPPED' })],
    statusFlip(400, 200),
  ),
  P(
    'os-trim-status',
    'order-status',
    async (s) => [await os(s, V[6]!, { orderStatus: ' Confirmed' }), await os(s, V[6]!, { orderStatus: 'Shipped\n' })],
    statusFlip(400, 200),
  ),
  P(
    'os-any-status',
    'order-status',
    async (s) => [
      await os(s, V[7]!, { orderStatus: 'Completed' }),
      await os(s, V[7]!, { orderStatus: 'Dispatched' }),
      await os(s, V[7]!, { orderStatus: ' Shipped' }),
    ],
    statusFlip(400, 200),
  ),
  P('os-non-string-status', 'order-status', async (s) => [await os(s, V[8]!, { orderStatus: ['Confirmed'] })], statusFlip(400, 200)),
  P('os-reject-cancelled', 'order-status', async (s) => [await os(s, V[9]!, { orderStatus: 'Cancelled' })], statusFlip(200, 400)),
  P('os-delivered-unpaid', 'order-status', async (s) => [await os(s, V[10]!, { orderStatus: 'Delivered' })], statusFlip(400, 200)),
  P('os-delivered-never', 'order-status', async (s) => [await os(s, PAID_VOUCHERS[19]!, { orderStatus: 'Delivered' })], statusFlip(200, 400)),
  P(
    'os-reason-unchecked',
    'order-status',
    async (s) => [
      await os(s, V[11]!, { orderStatus: 'Confirmed', reason: 'damaged' }),
      await os(s, V[11]!, { orderStatus: 'Confirmed', reason: [1] }),
      await os(s, V[11]!, { orderStatus: 'Confirmed', reason: 1.5 }),
    ],
    statusFlip(400, 200),
  ),
  P(
    'os-reason-lenient',
    'order-status',
    async (s) => [
      await os(s, V[12]!, { orderStatus: 'Confirmed', reason: 1.5 }),
      await os(s, V[12]!, { orderStatus: 'Confirmed', reason: '2' }),
      await os(s, V[12]!, { orderStatus: 'Confirmed', reason: 'damaged' }),
    ],
    (c, f) => {
      expect(c.map((x) => x.status)).toEqual([400, 400, 400]);
      expect(f.map((x) => x.status)).toEqual([200, 200, 400]);
    },
  ),
  P(
    'os-branch-optional',
    'order-status',
    async (s) => [await os(s, V[13]!, { orderStatus: 'Confirmed' }, null), await os(s, V[13]!, { orderStatus: 'Confirmed' }, 'one')],
    statusFlip(400, 200),
  ),
  P('os-empty-body-ok', 'order-status', async (s) => [await os(s, V[14]!, '')], statusFlip(400, 200), { body: 'not-json' }),
  P(
    'os-response-object',
    'order-status',
    async (s) => [await os(s, V[15]!, { orderStatus: 'Confirmed' })],
    envelopeChange((b) => ({ ...b, response: {} })),
  ),
  // ---- customer (fault-probes-customer.ts) ----
  ...CUSTOMER_PROBES,
  // ---- report (fault-probes-report.ts) ----
  ...REPORT_PROBES,
  // ---- rate limit (limited server; one token each; invalid requests count too) ----
  ...(['rl-retry-after-lies', 'rl-429-status-true', 'rl-503'] as const).map((fault, i) =>
    P(
      fault,
      'rate-limit',
      async (s) => {
        const token = RL_TOKENS[i]!;
        for (let n = 0; n < RL_LIMIT.limit; n++) await s(paths.customer(1), { body: {}, token });
        return [await s(paths.customer(1), { body: {}, token })];
      },
      rlDiffers(fault),
    ),
  ),
  // A burst inside one window: the clean limiter accepts its limit, the leaking one more.
  P(
    'rl-limiter-leaks',
    'rate-limit',
    async (s) => {
      const token = RL_TOKENS[3]!;
      const n = 12 * RL_LIMIT.limit;
      // Connections opened first (reads are not limited), so that the burst's requests arrive together.
      await Promise.all(Array.from({ length: n }, () => s(paths.contact(1), { token }, 'GET')));
      return Promise.all(Array.from({ length: n }, () => s(paths.customer(1), { body: {}, token })));
    },
    (c, f) => {
      const accepted = (list: { status: number }[]) => list.filter((x) => x.status !== 429).length;
      expect(accepted(c)).toBe(RL_LIMIT.limit);
      expect(accepted(f)).toBeGreaterThan(RL_LIMIT.limit);
    },
  ),
  ...DEEP_PROBES,
  ...HIDDEN_PROBES,
  ...EDGE_PROBES,
  ...INDEX_PROBES,
  ...SAVED_PROBES,
  ...TEXT_PROBES,
  ...ACROSS_PROBES,
  ...PART_D_PROBES,
  ...AUTH_PROBES,
];

function rlDiffers(fault: 'rl-retry-after-lies' | 'rl-429-status-true' | 'rl-503'): Probe['differs'] {
  return (c, f) => {
    const [clean, faulty] = [c[0]!, f[0]!];
    expect(clean).toMatchObject({ status: 429, type: 'application/json', body: { status: false, message: 'Too Many Request', code: '429', response: null } });
    expect(clean.retryAfter).toBeGreaterThanOrEqual(RL_LIMIT.windowSeconds - 5);
    if (fault === 'rl-retry-after-lies') {
      expect({ ...faulty, retryAfter: 0 }).toEqual({ ...clean, retryAfter: 0 });
      expect(faulty.retryAfter).toBeLessThanOrEqual(Math.ceil(clean.retryAfter! / 3));
      expect(faulty.retryAfter).toBeGreaterThanOrEqual(Math.floor(clean.retryAfter! / 3) - 2);
    } else if (fault === 'rl-429-status-true') {
      expect(faulty).toMatchObject({ status: 429, type: 'application/json', body: { ...clean.body, status: true } });
      expect(Math.abs(faulty.retryAfter! - clean.retryAfter!)).toBeLessThanOrEqual(5);
    } else {
      expect(faulty).toMatchObject({ status: 503, type: 'application/json', body: { ...clean.body, message: 'Service Unavailable', code: '503' } });
      expect(Math.abs(faulty.retryAfter! - clean.retryAfter!)).toBeLessThanOrEqual(5);
    }
  };
}
