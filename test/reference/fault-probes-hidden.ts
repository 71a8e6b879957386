// Probes of the faults that hide behind an answer: a refusal that still writes, a parser that
// guesses, filters that lie, silent changes on save. Each is a request (or a few) whose answers
// differ between the clean reference and the reference with that fault on.
import { expect } from 'vitest';
import { UNPAID_VOUCHERS } from '../../reference/constants.ts';
import { paths, validAddress, validCustomer } from './helpers.ts';
import { customer, os, P, readBack, report, statusFlip, type Probe, type Seen } from './probe-kit.ts';

const total = (s: Seen) => s.body.response.totalCount as number;

export const HIDDEN_PROBES: Probe[] = [
  // ---- order status ----
  P(
    'os-refusal-writes',
    'order-status',
    async (s) => [
      await os(s, UNPAID_VOUCHERS[50]!, { orderStatus: 'Confirmed', reason: 'damaged' }),
      await s(paths.orderRead(UNPAID_VOUCHERS[50]!), {}, 'GET'),
    ],
    (c, f) => {
      expect([c.map((x) => x.status), f.map((x) => x.status)]).toEqual([
        [400, 200],
        [400, 200],
      ]);
      expect([c[1]!.body.response.orderStatus, f[1]!.body.response.orderStatus]).toEqual(['Pending', 'Confirmed']);
    },
  ),
  P(
    'os-cancel-not-stored',
    'order-status',
    async (s) => [await os(s, UNPAID_VOUCHERS[52]!, { orderStatus: 'Cancelled' }), await s(paths.orderRead(UNPAID_VOUCHERS[52]!), {}, 'GET')],
    (c, f) => {
      expect([c.map((x) => x.status), f.map((x) => x.status)]).toEqual([
        [200, 200],
        [200, 200],
      ]);
      expect([c[1]!.body.response.orderStatus, f[1]!.body.response.orderStatus]).toEqual(['Cancelled', 'Pending']);
    },
  ),
  P(
    'os-salesid-prefix',
    'order-status',
    async (s) => [await s(paths.orderStatus(`${UNPAID_VOUCHERS[51]!}abc`), { body: { orderStatus: 'Confirmed' } })],
    statusFlip(400, 200),
  ),
  // ---- customer ----
  P(
    'cu-two-defaults-kept',
    'customer',
    async (s) => {
      const a = await customer(
        s,
        validCustomer({ contactAddressDTO: [validAddress({ isDefault: 1 }), validAddress({ cityCode: 'DEL', stateCode: '07', isDefault: 1 })] }),
      );
      return a.status === 200 ? [a, await readBack(s, a)] : [a];
    },
    (c, f) => {
      expect(c.map((x) => x.status)).toEqual([400]);
      expect(f.map((x) => x.status)).toEqual([200, 200]);
      expect(f[1]!.body.response.contactAddressDTO.map((x: any) => x.isDefault)).toEqual([1, 1]);
    },
  ),
  // ---- report ----
  P(
    'rp-500-long-digits',
    'report',
    // 4301 digits: refused as an id (400) by the clean reference, 500 from a Python int() parse; 4300 still 400 under both.
    async (s) => [await report(s, { brandIds: '7'.repeat(4301), limit: 1 }), await report(s, { brandIds: '7'.repeat(4300), limit: 1 })],
    (c, f) => {
      expect(c.map((x) => x.status)).toEqual([400, 400]);
      expect(f.map((x) => x.status)).toEqual([500, 400]);
    },
  ),
  P(
    'rp-empty-filter-nothing',
    'report',
    // Then the same query without the filter, the count filter-relations.test.ts holds it to.
    async (s) => [await report(s, { productIds: '', limit: 1 }), await report(s, { limit: 1 })],
    (c, f) => {
      expect(total(c[0]!)).toBeGreaterThan(0);
      expect(total(f[0]!)).toBe(0);
    },
  ),
  P(
    'rp-filters-or',
    'report',
    async (s) => [await report(s, { moduleName: ['mc'], recipeIds: '1', limit: 1 })],
    (c, f) => {
      // recipeIds select bom transactions: with mc, none (AND); a transaction of either (OR).
      expect(total(c[0]!)).toBe(0);
      expect(total(f[0]!)).toBeGreaterThan(0);
    },
  ),
  P(
    'rp-module-unknown-dropped',
    'report',
    async (s) => [await report(s, { moduleName: ['xyz'], limit: 1 }), await report(s, { limit: 1 })],
    (c, f) => {
      // The clean reference refuses a module outside bom/mc; the faulty one takes it and drops the filter.
      expect([c[0]!.status, f[0]!.status]).toEqual([400, 200]);
      expect(total(f[0]!)).toBe(total(f[1]!));
    },
  ),
  P(
    'rp-branch-ignored',
    'report',
    async (s) => [await report(s, { branchList: '1', limit: 1 }), await report(s, { branchList: '1,2', limit: 1 })],
    (c, f) => {
      expect(total(c[0]!)).toBeLessThan(total(c[1]!));
      expect(total(f[0]!)).toBe(total(f[1]!));
      expect(total(f[1]!)).toBeGreaterThanOrEqual(total(c[1]!));
    },
  ),
  P(
    'rp-transactionid-string',
    'report',
    async (s) => [await report(s, { limit: 2, offset: 3 })],
    (c, f) => {
      expect(c[0]!.body.response.items.map((i: any) => typeof i.transactionId)).toEqual(['number', 'number']);
      expect(f[0]!.body.response.items.map((i: any) => i.transactionId)).toEqual(c[0]!.body.response.items.map((i: any) => String(i.transactionId)));
    },
  ),
];
