// Probes of the report faults on counts and edges: a totalCount of join rows, a range whose ends
// are one instant, a date written in another zone's day. Each is a request whose answer differs
// between the clean reference and the reference with that fault on.
import { expect } from 'vitest';
import { DAY_MS, referenceData } from '../../reference/data.ts';
import { day, P, report, type Probe, type Seen } from './probe-kit.ts';

const data = referenceData(42);
const inBranches = (tx: { branchId: number }) => tx.branchId === 1 || tx.branchId === 2;
/** A transaction of branch 1 or 2 in March, at 20:00Z or later: its day in UTC+05:30 is the next. */
const EVENING = data.transactions.find((tx) => inBranches(tx) && tx.t > Date.UTC(2026, 2, 1) && tx.t % DAY_MS >= 20 * 3_600_000)!;
/** A transaction of branch 1 or 2 in April. */
const APRIL = data.transactions.find((tx) => inBranches(tx) && tx.t > Date.UTC(2026, 3, 2))!;
const iso = (t: number) => new Date(t).toISOString().replace('.000Z', 'Z');
const items = (s: Seen) => s.body.response.items as Array<{ transactionId: number; date: string }>;
const ids = (s: Seen) => items(s).map((i) => i.transactionId);

export const EDGE_PROBES: Probe[] = [
  P(
    'rp-total-counts-join-rows',
    'report',
    async (s) => [await report(s, { ...day('2026-02-20'), limit: 200 })],
    (c, f) => {
      expect(c[0]!.body.response.totalCount).toBe(items(c[0]!).length);
      expect(items(f[0]!)).toEqual(items(c[0]!));
      // Each transaction has at least one consumed and one produced line.
      expect(f[0]!.body.response.totalCount).toBeGreaterThanOrEqual(2 * items(c[0]!).length);
    },
  ),
  P(
    'rp-instant-range-empty',
    'report',
    async (s) => [await report(s, { dateFrom: iso(APRIL.t), dateTo: iso(APRIL.t), limit: 200 })],
    (c, f) => {
      expect(ids(c[0]!)).toContain(APRIL.transactionId);
      expect(f[0]!.body.response).toEqual({ totalCount: 0, items: [] });
    },
  ),
  P(
    'rp-date-local-day',
    'report',
    async (s) => [await report(s, { ...day(new Date(EVENING.t).toISOString().slice(0, 10)), limit: 200 })],
    (c, f) => {
      expect(ids(f[0]!)).toEqual(ids(c[0]!));
      const dateOf = (s: Seen) => items(s).find((i) => i.transactionId === EVENING.transactionId)!.date;
      const [dd, mm, yyyy] = dateOf(c[0]!).split('/');
      expect(`${yyyy}-${mm}-${dd}`).toBe(new Date(EVENING.t).toISOString().slice(0, 10));
      expect(dateOf(f[0]!)).not.toBe(dateOf(c[0]!));
    },
  ),
];
