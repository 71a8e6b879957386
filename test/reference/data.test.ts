// The reference data (2.5): enough transactions, the shape the spec states, deterministic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMOUNT_2DP, QUANTITY, splitJoined } from '../../core/formats.ts';
import { CONSUMED_FIELDS, PRODUCED_FIELDS } from '../../contract/schemas/report.ts';
import { DATA_FIRST_DAY, DAY_MS, referenceData } from '../../reference/data.ts';
import { mulberry32 } from '../../reference/random.ts';
import { startReference, type ReferenceServer } from '../../reference/server.ts';
import { allPages } from './helpers.ts';

const data = referenceData(42);
const tx = data.transactions;
const secondOfDay = (t: number) => (t % DAY_MS) / 1000;

describe('reference data', () => {
  it('holds at least 1,000 transactions over 2026-01-01..2026-04-30 in branches 1, 2 and 3', () => {
    expect(tx.length).toBeGreaterThanOrEqual(1000);
    expect(tx.every((x) => x.t >= DATA_FIRST_DAY && x.t <= Date.parse('2026-04-30T23:59:59Z'))).toBe(true);
    for (const b of [1, 2, 3]) expect(tx.filter((x) => x.branchId === b).length).toBeGreaterThan(tx.length / 5);
    expect(new Set(tx.map((x) => x.transactionId)).size).toBe(tx.length);
  });

  it('has 1-4 distinct consumed and 1-3 distinct produced products per transaction', () => {
    for (const x of tx) {
      expect(x.consumed.length).toBeGreaterThanOrEqual(1);
      expect(x.consumed.length).toBeLessThanOrEqual(4);
      expect(x.produced.length).toBeGreaterThanOrEqual(1);
      expect(x.produced.length).toBeLessThanOrEqual(3);
      expect(new Set(x.consumed.map((l) => l.product.id)).size).toBe(x.consumed.length);
      expect(new Set(x.produced.map((l) => l.product.id)).size).toBe(x.produced.length);
    }
  });

  it('puts at least 5% of the transactions at 23:59:xx UTC and 5% at 00:00:xx UTC', () => {
    expect(tx.filter((x) => secondOfDay(x.t) >= 86_340).length).toBeGreaterThanOrEqual(tx.length * 0.05);
    expect(tx.filter((x) => secondOfDay(x.t) < 60).length).toBeGreaterThanOrEqual(tx.length * 0.05);
  });

  it('sorts transactions by time, then transactionId, and numbers them CP-000123', () => {
    for (let i = 1; i < tx.length; i++) {
      const [a, b] = [tx[i - 1]!, tx[i]!];
      expect(a.t < b.t || (a.t === b.t && a.transactionId < b.transactionId)).toBe(true);
    }
    expect(tx.every((x) => x.transactionNo === `CP-${String(x.transactionId).padStart(6, '0')}`)).toBe(true);
  });

  it('gives bom transactions a recipe and mc transactions none, with both modules present', () => {
    expect(tx.every((x) => (x.module === 'bom') === (x.recipeId !== null))).toBe(true);
    expect(tx.filter((x) => x.module === 'mc').length).toBeGreaterThan(tx.length / 5);
  });

  it('names products without commas, with the measurement codes KG, PCS, LTR or GM', () => {
    for (const p of data.products) {
      expect(p.name).not.toContain(',');
      expect(['KG', 'PCS', 'LTR', 'GM']).toContain(p.measurementCode);
      expect(p.sellingCents).toBeGreaterThan(p.landingCents);
    }
  });

  it('is the same for the same seed and differs for another seed', () => {
    const fresh = mulberry32(42);
    const again = mulberry32(42);
    expect([fresh.next(), fresh.next()]).toEqual([again.next(), again.next()]);
    const other = referenceData(7).transactions;
    expect(other.map((x) => x.t)).not.toEqual(tx.map((x) => x.t));
  });
});

describe('reference data as the report writes it (2.5)', () => {
  let ref: ReferenceServer;
  let items: any[] = [];
  beforeAll(async () => {
    ref = await startReference();
    items = (await allPages(ref.url, { branchList: '1,2,3' })).items;
  });
  afterAll(() => ref.close());

  it('reports every transaction', () => {
    expect(items).toHaveLength(tx.length);
  });

  it('writes equal element counts across the consumed group and across the produced group', () => {
    for (const item of items) {
      const consumed = CONSUMED_FIELDS.map((f) => splitJoined(item[f]).length);
      const produced = PRODUCED_FIELDS.map((f) => splitJoined(item[f]).length);
      expect(new Set(consumed).size, item.transactionNo).toBe(1);
      expect(new Set(produced).size, item.transactionNo).toBe(1);
    }
  });

  it('writes decimal quantities and amounts with exactly two decimals, margin = selling - landing', () => {
    for (const item of items) {
      for (const f of ['consumedQty', 'producedQty']) expect(splitJoined(item[f]).every((q) => QUANTITY.test(q))).toBe(true);
      for (const f of ['consumedLandingCost', 'producedLandingCost', 'producedSellingPrice', 'producedMargin'])
        expect(
          splitJoined(item[f]).every((a) => AMOUNT_2DP.test(a)),
          `${item.transactionNo} ${f}`,
        ).toBe(true);
      const [landing, selling, margin] = ['producedLandingCost', 'producedSellingPrice', 'producedMargin'].map((f) => splitJoined(item[f]).map(Number));
      margin!.forEach((m, i) => expect(Math.round((selling![i]! - landing![i]!) * 100)).toBe(Math.round(m * 100)));
    }
    expect(items.some((i) => /\.\d{3}/.test(i.consumedQty))).toBe(true);
  });
});
