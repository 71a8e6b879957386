// Probes of the faults of lists, branchList text, the body's branch and Retry-After: a customer
// body carrying a branchId, a branchList that is no list of ids, the customer list's count, a
// Retry-After in milliseconds.
import { expect } from 'vitest';
import { EMPTY_BRANCH_ID } from '../../reference/constants.ts';
import { paths, validCustomer } from './helpers.ts';
import { customer, P, report, RL_LIMIT, type Probe } from './probe-kit.ts';

/** The rate-limit probe's own token (fault-probes.ts RL_TOKENS holds it). */
export const RL_MS_TOKEN = 'rl-token-5';

export const PART_D_PROBES: Probe[] = [
  // 4.2: created in the query's branch 1; the body's branchId 2 is refused as an unknown field, or moves it under the fault.
  P(
    'cu-branch-from-body',
    'customer',
    async (s) => {
      const made = await customer(s, { ...validCustomer(), branchId: 2 }, 1);
      const id = made.json?.response?.contactId ?? 0;
      return [made, await s(paths.contact(id, 2), {}, 'GET')];
    },
    (c, f) => {
      expect(c.map((x) => x.status)).toEqual([400, 400]);
      expect(f.map((x) => x.status)).toEqual([200, 200]);
    },
  ),
  // 4.3: "4 OR 4=4" is no list of ids (refused); pasted into SQL it selects every branch. "1'" is an SQL syntax error under the other fault.
  P(
    'rp-branchlist-injection',
    'report',
    async (s) => [await report(s, { branchList: `${EMPTY_BRANCH_ID} OR ${EMPTY_BRANCH_ID}=${EMPTY_BRANCH_ID}`, limit: 1 })],
    (c, f) => {
      expect(c[0]!.status).toBe(400);
      expect(f[0]!.status).toBe(200);
      expect((f[0]!.body as { response: { totalCount: number } }).response.totalCount).toBeGreaterThan(0);
    },
  ),
  P(
    'rp-branchlist-500',
    'report',
    async (s) => [await report(s, { branchList: "1'", limit: 1 })],
    (c, f) => {
      expect(c[0]!.status).toBe(400);
      expect(f[0]!.status).toBe(500);
    },
  ),
  // Section 1, Get Customer List W Branch Id: branch 3's page (no probe creates a customer there), every branch's count.
  P(
    'ix-customer-count-all-branches',
    'index',
    async (s) => [await s('/api/v1/customers?branch_id=3&limit=1&offset=0', {}, 'GET')],
    (c, f) => {
      const total = (x: (typeof c)[number]) => (x.body as { response: { totalCount: number } }).response.totalCount;
      expect(c[0]!.status).toBe(200);
      expect(f[0]!.status).toBe(200);
      expect(total(f[0]!)).toBeGreaterThan(total(c[0]!));
      expect((f[0]!.body as { response: unknown }).response).toMatchObject({
        customerList: (c[0]!.body as { response: { customerList: unknown } }).response.customerList,
      });
    },
  ),
  // RFC 9110 10.2.3: delay-seconds; under the fault the same wait in milliseconds.
  P(
    'rl-retry-after-ms',
    'rate-limit',
    async (s) => {
      for (let n = 0; n < RL_LIMIT.limit; n++) await s(paths.customer(1), { body: {}, token: RL_MS_TOKEN });
      return [await s(paths.customer(1), { body: {}, token: RL_MS_TOKEN })];
    },
    (c, f) => {
      expect(c[0]!.status).toBe(429);
      expect({ ...f[0]!, retryAfter: 0 }).toEqual({ ...c[0]!, retryAfter: 0 });
      expect(f[0]!.retryAfter! % 1000).toBe(0);
      expect(f[0]!.retryAfter! / 1000).toBeGreaterThanOrEqual(c[0]!.retryAfter! - 5);
      expect(f[0]!.retryAfter! / 1000).toBeLessThanOrEqual(c[0]!.retryAfter! + 5);
    },
  ),
];
