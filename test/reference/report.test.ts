// 2.5, 4.3 Consumption Production Report, 8 rules 2-3. The oracle is the reference's own data.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDayMonthYear, ISO_UTC } from '../../core/formats.ts';
import { reportItem, reportSuccess } from '../../contract/schemas/report.ts';
import { DAY_MS, referenceData, type Transaction } from '../../reference/data.ts';
import { strictInstant } from '../../reference/report-query.ts';
import { MAX_LIMIT } from '../../reference/routes/report.ts';
import { startReference, type ReferenceServer } from '../../reference/server.ts';
import { allPages, expectedError, postReport } from './helpers.ts';

let ref: ReferenceServer;
beforeAll(async () => {
  ref = await startReference({ port: 0 });
});
afterAll(() => ref.close());

const data = referenceData(42);
const iso = (t: number) => new Date(t).toISOString().replace('.000Z', 'Z');
const count = async (overrides: Record<string, unknown>) => {
  const a = await postReport(ref.url, { limit: 0, ...overrides });
  expect(a.status, a.text).toBe(200);
  return a.json.response.totalCount as number;
};
const ids = (items: Array<{ transactionId: number }>) => items.map((i) => i.transactionId);
const inBranches = (branches: number[]) => (tx: Transaction) => branches.includes(tx.branchId);

describe('4.3 success', () => {
  it('answers 200 with the report envelope and 2.5 items', async () => {
    const a = await postReport(ref.url);
    expect(a.status).toBe(200);
    expect(reportSuccess.parse(a.json)).toMatchObject({ status: true, message: 'Consumption production report list', code: '200' });
    expect(a.json.response.items).toHaveLength(20);
    for (const item of a.json.response.items) expect(reportItem.parse(item)).toBeTruthy();
  });

  it('writes moduleName Recipe for bom and Material Creation for mc, and dates as the dd/mm/yyyy of the UTC day', async () => {
    const { items } = await allPages(ref.url, { branchList: '1,2,3' });
    const byId = new Map(data.transactions.map((tx) => [tx.transactionId, tx]));
    for (const item of items) {
      expect(item.moduleName).toBe(item.module === 'bom' ? 'Recipe' : 'Material Creation');
      expect(item.date).toBe(formatDayMonthYear(byId.get(item.transactionId)!.t));
    }
  });
});

describe('4.3 rule 2: pagination', () => {
  it('returns disjoint pages whose union is the whole, with a constant totalCount', async () => {
    const whole = data.transactions.filter(inBranches([1, 2]));
    const seen: number[] = [];
    for (let offset = 0; offset < whole.length + 20; offset += 37) {
      const a = await postReport(ref.url, { limit: 37, offset });
      expect(a.json.response.totalCount).toBe(whole.length);
      seen.push(...ids(a.json.response.items));
    }
    expect(seen).toEqual(ids(whole));
  });

  it('keeps the same order with other page sizes', async () => {
    const small = await allPages(ref.url, {}, 50);
    const large = await allPages(ref.url, {}, 200);
    expect(ids(small.items)).toEqual(ids(large.items));
    expect(small.totalCount).toBe(large.totalCount);
  });

  it(`caps limit at ${MAX_LIMIT} silently and answers limit 0 with no items`, async () => {
    for (const limit of [201, 500, 100_000]) expect((await postReport(ref.url, { limit })).json.response.items).toHaveLength(MAX_LIMIT);
    const zero = await postReport(ref.url, { limit: 0 });
    expect(zero.json.response.items).toEqual([]);
    expect(zero.json.response.totalCount).toBeGreaterThan(1000);
  });

  it('answers an offset past the end with no items and the same totalCount', async () => {
    const a = await postReport(ref.url, { offset: 10_000 });
    expect(a.json.response.items).toEqual([]);
    expect(a.json.response.totalCount).toBe(data.transactions.filter(inBranches([1, 2])).length);
  });
});

describe('4.3 rule 1, 8 rule 3: the date range, in UTC, inclusive at both ends', () => {
  const lateTx = data.transactions.find((tx) => new Date(tx.t).getUTCHours() === 23 && new Date(tx.t).getUTCMinutes() === 59 && tx.branchId === 1)!;
  const earlyTx = data.transactions.find((tx) => tx.t % DAY_MS < 60_000 && tx.branchId === 1)!;

  it('includes a transaction at exactly dateTo and excludes it one second earlier', async () => {
    const at = await allPages(ref.url, { branchList: '1', dateFrom: iso(lateTx.t - DAY_MS), dateTo: iso(lateTx.t) });
    expect(ids(at.items)).toContain(lateTx.transactionId);
    const before = await allPages(ref.url, { branchList: '1', dateFrom: iso(lateTx.t - DAY_MS), dateTo: iso(lateTx.t - 1000) });
    expect(ids(before.items)).not.toContain(lateTx.transactionId);
  });

  it('includes a transaction at exactly dateFrom and excludes it one second later', async () => {
    const at = await allPages(ref.url, { branchList: '1', dateFrom: iso(earlyTx.t), dateTo: iso(earlyTx.t + DAY_MS) });
    expect(ids(at.items)).toContain(earlyTx.transactionId);
    const after = await allPages(ref.url, { branchList: '1', dateFrom: iso(earlyTx.t + 1000), dateTo: iso(earlyTx.t + DAY_MS) });
    expect(ids(after.items)).not.toContain(earlyTx.transactionId);
  });

  it('returns for a one-day range exactly the transactions of that UTC day, those at 00:00 and 23:59 included', async () => {
    const day = Math.floor(lateTx.t / DAY_MS) * DAY_MS;
    const expected = data.transactions.filter((tx) => tx.branchId !== 3 && tx.t >= day && tx.t < day + DAY_MS);
    const got = await allPages(ref.url, { dateFrom: iso(day), dateTo: iso(day + DAY_MS - 1000) });
    expect(ids(got.items)).toEqual(ids(expected));
    expect(new Set(got.items.map((i) => i.date))).toEqual(new Set([formatDayMonthYear(day)]));
    expect(expected.some((tx) => tx.t % DAY_MS >= DAY_MS - 60_000)).toBe(true);
    // With fractional seconds the end of the day is the same range.
    expect(await count({ dateFrom: iso(day), dateTo: `${iso(day).slice(0, 10)}T23:59:59.999Z` })).toBe(expected.length);
  });

  it('never holds more transactions in a narrower range than in a wider one', async () => {
    const wide = await count({ dateFrom: '2026-02-01T00:00:00Z', dateTo: '2026-02-28T23:59:59Z' });
    const narrow = await count({ dateFrom: '2026-02-10T00:00:00Z', dateTo: '2026-02-12T23:59:59Z' });
    expect(narrow).toBeLessThan(wide);
    expect(await count({ dateFrom: '2026-02-10T00:00:00Z', dateTo: '2026-02-10T00:00:00Z' })).toBeLessThanOrEqual(narrow);
  });
});

describe('4.3 filters', () => {
  it('filters by module: bom plus mc is the whole, and an empty list filters nothing', async () => {
    const all = await count({});
    const bom = await allPages(ref.url, { moduleName: ['bom'] });
    const mc = await allPages(ref.url, { moduleName: ['mc'] });
    expect(bom.items.every((i) => i.module === 'bom')).toBe(true);
    expect(mc.items.every((i) => i.module === 'mc')).toBe(true);
    expect(bom.totalCount + mc.totalCount).toBe(all);
    expect(bom.totalCount).toBeGreaterThan(0);
    expect(await count({ moduleName: ['bom', 'mc'] })).toBe(all);
    expect(await count({ moduleName: [] })).toBe(all);
  });

  it('adds up branches: a report over a,b holds the transactions of a plus those of b', async () => {
    const [b1, b2, b3] = [await count({ branchList: '1' }), await count({ branchList: '2' }), await count({ branchList: '3' })];
    expect(b1 * b2 * b3).toBeGreaterThan(0);
    expect(await count({ branchList: '1,2' })).toBe(b1 + b2);
    expect(await count({ branchList: '2,3,1' })).toBe(b1 + b2 + b3);
    expect(await count({ branchList: '1,1' })).toBe(b1);
    expect(await count({ branchList: '1,999' })).toBe(b1);
    expect(await count({ branchList: '999' })).toBe(0);
  });

  it('answers a filter that keeps everything exactly like no filter (the pre-written and the computed pages agree)', async () => {
    const everything = { productIds: data.products.map((p) => p.id).join(',') };
    for (const page of [
      { limit: 20, offset: 0 },
      { limit: 200, offset: 150 },
      { limit: 7, offset: 1000 },
    ]) {
      const [plain, filtered] = [await postReport(ref.url, page), await postReport(ref.url, { ...page, ...everything })];
      expect(filtered.text).toBe(plain.text);
    }
  });

  it('filters by recipe, product and product group, with comma-separated ids', async () => {
    const all = data.transactions.filter(inBranches([1, 2]));
    const lines = (tx: Transaction) => [...tx.consumed, ...tx.produced];
    const [r1, r2] = [data.recipes[0]!.id, data.recipes[1]!.id];
    const p = data.products[3]!;
    const cases: Array<[Record<string, string>, (tx: Transaction) => boolean]> = [
      [{ recipeIds: `${r1}` }, (tx) => tx.recipeId === r1],
      [{ recipeIds: `${r1},${r2}` }, (tx) => tx.recipeId === r1 || tx.recipeId === r2],
      [{ productIds: `${p.id}` }, (tx) => lines(tx).some((l) => l.product.id === p.id)],
      [{ categoryIds: `${p.categoryId}` }, (tx) => lines(tx).some((l) => l.product.categoryId === p.categoryId)],
      [{ subCategoryIds: `${p.subCategoryId}` }, (tx) => lines(tx).some((l) => l.product.subCategoryId === p.subCategoryId)],
      [{ brandIds: `${p.brandId}, ${p.brandId + 1}` }, (tx) => lines(tx).some((l) => [p.brandId, p.brandId + 1].includes(l.product.brandId))],
      [{ subBrandIds: `${p.subBrandId}` }, (tx) => lines(tx).some((l) => l.product.subBrandId === p.subBrandId)],
      [
        { departmentIds: `${p.departmentId}`, categoryIds: `${p.categoryId}` },
        (tx) => lines(tx).some((l) => l.product.departmentId === p.departmentId) && lines(tx).some((l) => l.product.categoryId === p.categoryId),
      ],
      [{ recipeIds: '', productIds: '', categoryIds: '' }, () => true],
    ];
    for (const [filter, keep] of cases) {
      const expected = all.filter(keep);
      expect(expected.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(ids((await allPages(ref.url, filter)).items), JSON.stringify(filter)).toEqual(ids(expected));
    }
  });
});

describe('4.3 invalid requests (400)', () => {
  const bad: Array<[string, Record<string, unknown>, RegExp]> = [
    ['a date without trailing Z', { dateFrom: '2026-01-01T00:00:00' }, /dateFrom/],
    ['a date only', { dateTo: '2026-04-30' }, /dateTo/],
    ['a date with an offset', { dateFrom: '2026-01-01T00:00:00+05:30' }, /dateFrom/],
    ['a day/month/year date', { dateFrom: '01/01/2026' }, /dateFrom/],
    ['a day that does not exist', { dateFrom: '2026-02-30T00:00:00Z' }, /dateFrom/],
    ['an hour 24', { dateTo: '2026-04-30T24:00:00Z' }, /dateTo/],
    ['dateFrom after dateTo', { dateFrom: '2026-03-01T00:00:00Z', dateTo: '2026-02-01T00:00:00Z' }, /dateFrom/],
    ['a missing branchList', { branchList: undefined }, /branchList/],
    ['a branchList that is not ids', { branchList: '1,,2' }, /branchList/],
    ['a negative limit', { limit: -1 }, /limit/],
    ['a fractional offset', { offset: 1.5 }, /offset/],
    ['a limit written as text', { limit: '20' }, /limit/],
    ['an unknown module', { moduleName: ['xx'] }, /moduleName/],
    ['a moduleName that is not a list', { moduleName: 'bom' }, /moduleName/],
    ['a filter that is not ids', { productIds: 'abc' }, /productIds/],
    ['a filter that is not a string', { recipeIds: [1] }, /recipeIds/],
  ];
  for (const [what, patch, field] of bad) {
    it(`refuses ${what} naming the field`, async () => {
      const a = await postReport(ref.url, patch);
      expect(a.status).toBe(400);
      expect(a.json).toMatchObject(expectedError(400));
      expect(a.json.message).toMatch(field);
    });
  }
});

describe('4.3 dates: "ISO 8601 in UTC (trailing Z)", real days and times only', () => {
  it('reads an instant like Date.parse when its fields are a real date and time, and refuses it otherwise', () => {
    const digits = (n: number) => fc.integer({ min: 0, max: 10 ** n - 1 }).map((v) => String(v).padStart(n, '0'));
    const text = fc
      .tuple(fc.integer({ min: 1900, max: 2100 }), digits(2), digits(2), digits(2), digits(2), fc.option(digits(2)), fc.option(digits(4)))
      .map(([y, mo, d, h, mi, s, f]) => `${y}-${mo}-${d}T${h}:${mi}${s === null ? '' : `:${s}${f === null ? '' : `.${f}`}`}Z`);
    fc.assert(
      fc.property(text, (t) => {
        const [y, mo, d, h, mi, s] = t.split(/[-T:.Z]/).map(Number) as number[];
        const back = new Date(Date.parse(t));
        const real =
          ISO_UTC.test(t) &&
          back.getUTCFullYear() === y &&
          back.getUTCMonth() === mo! - 1 &&
          back.getUTCDate() === d &&
          back.getUTCHours() === h &&
          back.getUTCMinutes() === mi &&
          (Number.isNaN(s!) || back.getUTCSeconds() === s);
        expect(strictInstant(t)).toBe(real ? Date.parse(t) : null);
      }),
      { numRuns: 2000 },
    );
    expect(strictInstant('2024-02-29T12:00:00Z')).toBe(Date.parse('2024-02-29T12:00:00Z'));
    expect(strictInstant('2023-02-29T12:00:00Z')).toBeNull();
    expect(strictInstant('2026-01-01T00:00:00.1239Z')).toBe(Date.parse('2026-01-01T00:00:00.123Z'));
  });
});
