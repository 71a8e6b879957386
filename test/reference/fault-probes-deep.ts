// Probes of the faults of the deeper defect classes: auth variants, the input space, report
// boundaries and filters, customer state, concurrency. Each is a request (or a few) whose answer
// differs between the clean reference and the reference with that fault on. Answers of requests
// sent in parallel are returned in an order that does not depend on timing.
import { expect } from 'vitest';
import { DAY_MS, referenceData } from '../../reference/data.ts';
import { UNPAID_VOUCHERS } from '../../reference/constants.ts';
import { paths, reportBody, TOKEN, validAddress, validCustomer, type Answer } from './helpers.ts';
import { customer, day, os, P, readBack, report, statusFlip, type Probe, type Seen, type Send } from './probe-kit.ts';

const data = referenceData(42);
/** A transaction of branch 1 or 2 away from midnight: a range ending at its exact second holds it. */
const AT = data.transactions.find((tx) => (tx.branchId === 1 || tx.branchId === 2) && tx.t % DAY_MS > 3_600_000 && tx.t > Date.UTC(2026, 2, 1))!;
const iso = (t: number) => new Date(t).toISOString().replace('.000Z', 'Z');
const LOST = [UNPAID_VOUCHERS[54]!, UNPAID_VOUCHERS[55]!]; // 1055, 1056: no other probe uses them
/** One voucher per overlap fault, updated twice at once: no other probe uses them. */
const OVERLAP = { 'os-overlap-deadlock': UNPAID_VOUCHERS[53]!, 'os-overlap-lost': UNPAID_VOUCHERS[58]! }; // 1054, 1059
/** Confirmed sent twice at once to one Pending voucher, then the voucher read. */
const twiceAtOnce = (id: number) => async (s: Send) => [
  ...(await Promise.all([0, 1].map(() => os(s, id, { orderStatus: 'Confirmed' })))),
  await s(paths.orderRead(id), {}, 'GET'),
];
/** The statuses of the two updates, in an order that does not depend on which came first. */
const bothStatuses = (seen: Seen[]) =>
  seen
    .slice(0, 2)
    .map((x) => x.status)
    .sort();

const okThen = (status: number) => statusFlip(200, status);
const total = (s: Seen) => s.body.response.totalCount as number;
const byContactId = (answers: Answer[]) => [...answers].sort((a, b) => Number(a.json?.response?.contactId) - Number(b.json?.response?.contactId));

export const DEEP_PROBES: Probe[] = [
  // ---- authentication variants (5) ----
  P('auth-prefix-compare', 'report', async (s) => [await report(s, { limit: 1 }, { token: `${TOKEN}-extra` })], statusFlip(403, 200), { token: 'invalid' }),
  P('auth-case-insensitive', 'report', async (s) => [await report(s, { limit: 1 }, { token: TOKEN.toUpperCase() })], statusFlip(403, 200), {
    token: 'invalid',
  }),
  P('auth-empty-accepted', 'report', async (s) => [await report(s, { limit: 1 }, { token: '' })], statusFlip(403, 200), { token: 'empty' }),
  P(
    'auth-duplicate-unchecked',
    'report',
    async (s) => [await report(s, { limit: 1 }, { tokens: ['not-a-valid-token', 'another-invalid-token'] })],
    statusFlip(403, 200),
    { token: 'twice' },
  ),
  P(
    'auth-query-token',
    'report',
    async (s) => [await s(`${paths.report}?api-token=${TOKEN}`, { body: reportBody({ limit: 1 }), token: null })],
    statusFlip(403, 200),
    { token: 'elsewhere' },
  ),
  P(
    'auth-bearer-accepted',
    'report',
    async (s) => [await report(s, { limit: 1 }, { token: null, headers: { authorization: `Bearer ${TOKEN}` } })],
    statusFlip(403, 200),
    { token: 'elsewhere' },
  ),
  // ---- order status: parallel updates of two vouchers ----
  P(
    'os-parallel-lost-update',
    'order-status',
    async (s) => {
      const updates = await Promise.all(LOST.map((id) => os(s, id, { orderStatus: 'Confirmed' })));
      return [...updates, ...(await Promise.all(LOST.map((id) => s(paths.orderRead(id), {}, 'GET'))))];
    },
    (c, f) => {
      expect(c.slice(0, 2).map((x) => x.status)).toEqual([200, 200]);
      expect(f.slice(0, 2).map((x) => x.status)).toEqual([200, 200]);
      expect(c.slice(2).map((x) => x.body.response.orderStatus)).toEqual(['Confirmed', 'Confirmed']);
      expect(
        f
          .slice(2)
          .map((x) => x.body.response.orderStatus)
          .sort(),
      ).toEqual(['Confirmed', 'Pending']);
    },
  ),
  // ---- order status: two updates of one voucher at once ----
  P('os-overlap-deadlock', 'order-status', twiceAtOnce(OVERLAP['os-overlap-deadlock']), (c, f) => {
    expect(bothStatuses(c)).not.toContain(500);
    expect(bothStatuses(f)).toEqual([200, 500]);
    expect([c[2]!.body.response.orderStatus, f[2]!.body.response.orderStatus]).toEqual(['Confirmed', 'Confirmed']);
  }),
  P('os-overlap-lost', 'order-status', twiceAtOnce(OVERLAP['os-overlap-lost']), (c, f) => {
    expect(bothStatuses(f)).toEqual([200, 200]);
    expect([c[2]!.body.response.orderStatus, f[2]!.body.response.orderStatus]).toEqual(['Confirmed', 'Pending']);
  }),
  // ---- customer: the input space, state, concurrency ----
  P(
    'cu-500-non-latin',
    'customer',
    async (s) => [await customer(s, validCustomer({ firstName: 'आशा', lastName: 'ராவ்', companyName: 'রাও ট্রেডার্স' }))],
    okThen(500),
  ),
  P(
    'cu-500-long-text',
    'customer',
    async (s) => [await customer(s, validCustomer({ contactAddressDTO: [validAddress({ addressLine1: 'Plot 12, '.repeat(40) })] }))],
    okThen(500),
  ),
  P(
    'cu-upsert-duplicates',
    'customer',
    async (s) => {
      const a = await customer(s, validCustomer());
      const saved = (await readBack(s, a)).json?.response?.contactAddressDTO?.[0] ?? validAddress();
      await customer(s, validCustomer({ contactId: a.json?.response?.contactId, contactAddressDTO: [{ ...saved, addressLine1: '14 Marine Drive' }] }));
      return [await readBack(s, a)];
    },
    (c, f) => {
      const [clean, faulty] = [c[0]!.body.response.contactAddressDTO, f[0]!.body.response.contactAddressDTO];
      expect(clean.map((a: any) => a.addressLine1)).toEqual(['14 Marine Drive']);
      expect(faulty.map((a: any) => a.addressLine1)).toEqual(['12 Marine Drive', '14 Marine Drive']);
    },
  ),
  P(
    'cu-contactid-race',
    'customer',
    async (s) => byContactId(await Promise.all([1, 2, 3].map(() => customer(s, validCustomer())))),
    (c, f) => {
      const ids = (x: Seen[]) => x.map((a) => a.body.response.contactId);
      expect(new Set(ids(c)).size).toBe(3);
      expect(new Set(ids(f)).size).toBeLessThan(3);
      expect(f.map((a) => a.status)).toEqual([200, 200, 200]);
    },
  ),
  // ---- report: boundaries, filters, concurrency ----
  P(
    'rp-dateto-exclusive',
    'report',
    async (s) => [await report(s, { dateFrom: iso(AT.t - DAY_MS), dateTo: iso(AT.t), limit: 200 })],
    (c, f) => {
      const ids = (x: Seen) => x.body.response.items.map((i: any) => i.transactionId);
      expect(ids(c[0]!)).toContain(AT.transactionId);
      expect(ids(f[0]!)).not.toContain(AT.transactionId);
      expect(ids(c[0]!)).toEqual(expect.arrayContaining(ids(f[0]!)));
    },
  ),
  P(
    'rp-dateto-day-start',
    'report',
    async (s) => [await report(s, { ...day('2026-02-12'), limit: 200 })],
    (c, f) => {
      expect(total(c[0]!)).toBeGreaterThan(5);
      expect(total(f[0]!)).toBeLessThan(total(c[0]!) / 2);
    },
  ),
  P(
    'rp-filter-first-only',
    'report',
    async (s) => [await report(s, { recipeIds: '1,2', limit: 0 }), await report(s, { recipeIds: '1', limit: 0 })],
    (c, f) => {
      expect(total(c[0]!)).toBeGreaterThan(total(c[1]!));
      expect(f[1]).toEqual(c[1]);
      expect(total(f[0]!)).toBe(total(c[1]!));
    },
  ),
  P(
    'rp-filter-ignored',
    'report',
    async (s) => [await report(s, { recipeIds: '3', limit: 0 }), await report(s, { limit: 0 })],
    (c, f) => {
      expect(total(c[0]!)).toBeLessThan(total(c[1]!));
      expect(total(f[0]!)).toBe(total(c[1]!));
    },
  ),
  P(
    'rp-limit-zero-all',
    'report',
    async (s) => [await report(s, { ...day('2026-02-14'), limit: 0 })],
    (c, f) => {
      expect(c[0]!.body.response.items).toEqual([]);
      expect(total(c[0]!)).toBeGreaterThan(0);
      expect(f[0]!.body.response.items).toHaveLength(total(c[0]!));
    },
  ),
  P(
    'rp-offset-wraps',
    'report',
    async (s) => [await report(s, { ...day('2026-02-15'), limit: 3, offset: 10_000 }), await report(s, { ...day('2026-02-15'), limit: 3 })],
    (c, f) => {
      expect(c[0]!.body.response.items).toEqual([]);
      expect(f[1]).toEqual(c[1]);
      expect(f[0]).toEqual(c[1]);
    },
  ),
  P(
    'rp-offset-ignored',
    'report',
    async (s) => [await report(s, { limit: 5, offset: 0 }), await report(s, { limit: 5, offset: 5 })],
    (c, f) => {
      expect(c[1]!.body.response.items[0]).not.toEqual(c[0]!.body.response.items[0]);
      expect(f[0]).toEqual(c[0]);
      expect(f[1]).toEqual(c[0]);
    },
  ),
  P(
    'rp-totalcount-endless',
    'report',
    async (s) => [await report(s, { limit: 5, offset: 0 }), await report(s, { limit: 5, offset: 5 })],
    (c, f) => {
      expect(total(c[1]!)).toBe(total(c[0]!));
      expect(f[0]).toEqual(c[0]);
      expect(f[1]!.body.response.items).toEqual(c[1]!.body.response.items);
      expect(total(f[1]!)).toBe(total(c[0]!) + 5);
    },
  ),
  P(
    'rp-pages-repeat',
    'report',
    async (s) => Promise.all([0, 5, 10].map((offset) => report(s, { limit: 5, offset }))),
    (c, f) => {
      expect(c[2]!.body.response.items[0]).not.toEqual(c[0]!.body.response.items[0]);
      expect(f.slice(0, 2)).toEqual(c.slice(0, 2));
      expect(f[2]).toEqual(c[0]);
    },
  ),
  P(
    'rp-parallel-disagree',
    'report',
    async (s) => Promise.all([1, 2, 3].map(() => report(s, { ...day('2026-02-16'), limit: 5 }))),
    (c, f) => {
      expect(c[1]).toEqual(c[0]);
      expect(c[2]).toEqual(c[0]);
      expect(new Set(f.map(total)).size).toBeGreaterThan(1);
      expect(Math.max(...f.map(total)) - Math.min(...f.map(total))).toBe(1);
    },
  ),
];
