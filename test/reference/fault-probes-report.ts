// The probes of the report's faults (reference/faults.ts rp-*), part of fault-probes.ts's table:
// each a request (or a few) whose answer differs between the clean reference and the reference
// with that fault on, in the way the fault's `does` says. Each uses data of its own.
import { expect } from 'vitest';
import { AMOUNT_2DP, splitJoined } from '../../core/formats.ts';
import { amountFields, day, P, report, statusFlip, type Probe } from './probe-kit.ts';

export const REPORT_PROBES: Probe[] = [
  P(
    'rp-date-iso',
    'report',
    async (s) => [await report(s, { limit: 30 })],
    (c, f) => {
      c[0]!.body.response.items.forEach((item: any, i: number) => {
        const [dd, mm, yyyy] = item.date.split('/');
        expect(f[0]!.body.response.items[i]).toEqual({ ...item, date: `${yyyy}-${mm}-${dd}` });
      });
    },
  ),
  P(
    'rp-range-day-after',
    'report',
    async (s) => [await report(s, { ...day('2026-02-10'), limit: 200 })],
    (c, f) => {
      const dates = new Set(f[0]!.body.response.items.map((i: any) => i.date));
      expect(dates).toEqual(new Set(['10/02/2026', '11/02/2026']));
      expect(f[0]!.body.response.items.slice(0, c[0]!.body.response.totalCount)).toEqual(c[0]!.body.response.items);
    },
  ),
  P(
    'rp-local-time',
    'report',
    async (s) => [await report(s, { ...day('2026-02-10'), limit: 200 })],
    (c, f) => {
      const faultyItems = f[0]!.body.response.items;
      expect(new Set(c[0]!.body.response.items.map((i: any) => i.date))).toEqual(new Set(['10/02/2026']));
      expect(faultyItems.some((i: any) => i.date === '09/02/2026')).toBe(true);
      expect(faultyItems).not.toEqual(c[0]!.body.response.items);
    },
  ),
  P(
    'rp-limit-ignored',
    'report',
    async (s) => [await report(s, { limit: 5 })],
    (c, f) => {
      expect(c[0]!.body.response.items).toHaveLength(5);
      expect(f[0]!.body.response.items).toHaveLength(500);
      expect(f[0]!.body.response.items.slice(0, 5)).toEqual(c[0]!.body.response.items);
    },
  ),
  P(
    'rp-offset-overlap',
    'report',
    async (s) => [await report(s, { limit: 10, offset: 0 }), await report(s, { limit: 10, offset: 10 })],
    (c, f) => {
      expect(f[0]).toEqual(c[0]);
      expect(f[1]!.body.response.items[0]).toEqual(c[0]!.body.response.items[9]);
      expect(f[1]!.body.response.items.slice(1)).toEqual(c[1]!.body.response.items.slice(0, 9));
    },
  ),
  P(
    'rp-totalcount-page',
    'report',
    async (s) => [await report(s, { limit: 10, offset: 20 })],
    (c, f) => {
      expect(c[0]!.body.response.totalCount).toBeGreaterThan(1000);
      expect(f[0]!.body.response).toEqual({ ...c[0]!.body.response, totalCount: 10 });
    },
  ),
  P(
    'rp-qty-mismatch',
    'report',
    async (s) => [await report(s, { limit: 20, offset: 40 })],
    (c, f) => {
      c[0]!.body.response.items.forEach((item: any, i: number) =>
        expect(f[0]!.body.response.items[i]).toEqual({ ...item, consumedQty: splitJoined(item.consumedQty).slice(0, -1).join(',') }),
      );
    },
  ),
  P(
    'rp-amount-decimals',
    'report',
    async (s) => [await report(s, { limit: 50, offset: 60 })],
    (c, f) => {
      const [clean, faulty] = [amountFields(c[0]!.body.response.items), amountFields(f[0]!.body.response.items)];
      expect(clean.every((a) => AMOUNT_2DP.test(a))).toBe(true);
      expect(faulty.some((a) => !AMOUNT_2DP.test(a))).toBe(true);
      expect(faulty.map(Number)).toEqual(clean.map(Number));
    },
  ),
  P(
    'rp-module-name-swap',
    'report',
    async (s) => [await report(s, { limit: 20, offset: 80 })],
    (c, f) => {
      c[0]!.body.response.items.forEach((item: any, i: number) =>
        expect(f[0]!.body.response.items[i]).toEqual({ ...item, moduleName: item.module === 'bom' ? 'Material Creation' : 'Recipe' }),
      );
    },
  ),
  P(
    'rp-module-filter-ignored',
    'report',
    async (s) => [await report(s, { limit: 0 }), await report(s, { moduleName: ['bom'], limit: 100 })],
    (c, f) => {
      expect(c[1]!.body.response.items.every((i: any) => i.module === 'bom')).toBe(true);
      expect(f[1]!.body.response.items.some((i: any) => i.module === 'mc')).toBe(true);
      expect(f[1]!.body.response.totalCount).toBe(c[0]!.body.response.totalCount);
    },
  ),
  P(
    'rp-branch-first-only',
    'report',
    async (s) => [await report(s, { branchList: '1', limit: 0 }), await report(s, { branchList: '1,2', limit: 0 })],
    (c, f) => {
      expect(f[0]).toEqual(c[0]);
      expect(c[1]!.body.response.totalCount).toBeGreaterThan(c[0]!.body.response.totalCount);
      expect(f[1]!.body.response.totalCount).toBe(c[0]!.body.response.totalCount);
    },
  ),
  P(
    'rp-branch-double-count',
    'report',
    async (s) => [await report(s, { branchList: '2', limit: 3 }), await report(s, { branchList: '2,3', limit: 3 })],
    (c, f) => {
      expect(f[0]).toEqual(c[0]);
      expect(f[1]!.body.response).toEqual({ ...c[1]!.body.response, totalCount: 2 * c[1]!.body.response.totalCount });
    },
  ),
  P(
    'rp-totalcount-string',
    'report',
    async (s) => [await report(s, { limit: 2, offset: 100 })],
    (c, f) => {
      expect(f[0]!.body.response).toEqual({ ...c[0]!.body.response, totalCount: String(c[0]!.body.response.totalCount) });
    },
  ),
  P(
    'rp-accepts-bad-dates',
    'report',
    // The third is a value of requests.test.ts's own (RP-12: dd/mm/yyyy).
    async (s) => [
      await report(s, { dateFrom: '2026-01-01', limit: 1 }),
      await report(s, { dateTo: '2026-04-30T23:59:59+05:30', limit: 1 }),
      await report(s, { dateFrom: '01/01/2026', limit: 1 }),
    ],
    statusFlip(400, 200),
  ),
  P(
    'rp-narrow-more',
    'report',
    async (s) => [
      await report(s, { dateFrom: '2026-03-01T00:00:00Z', dateTo: '2026-03-03T23:59:59Z', limit: 200 }),
      await report(s, { dateFrom: '2026-03-01T00:00:00Z', dateTo: '2026-03-31T23:59:59Z', limit: 1 }),
    ],
    (c, f) => {
      const items = c[0]!.body.response.items;
      expect(f[0]!.body.response).toEqual({ totalCount: 2 * items.length, items: items.flatMap((i: any) => [i, i]) });
      expect(f[1]).toEqual(c[1]);
    },
  ),
];
