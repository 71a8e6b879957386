// RP-19c: a report filtered by an id from the index's lists holds only transactions with that id.
// The check judges what a conforming target answers as conforming, catches a filter matching the
// wrong field, and leaves unjudged what the lists cannot relate (a name not listed, or listed twice).
import { describe, expect, it } from 'vitest';
import { filterMatchesLists, productNames, type ListProduct, type MasterLists } from '../../../contract/checks/report-list-filters.ts';
import { findingText } from '../../../reports/render/finding.ts';
import { reportPage, tx } from '../report-exchanges.ts';

const product = (id: number, name: string, categoryId: number, brandId: number): ListProduct => ({
  name,
  productIds: String(id),
  categoryIds: String(categoryId),
  brandIds: String(brandId),
});
const P = [product(1, 'Flour', 10, 7), product(2, 'Sugar', 20, 7), product(3, 'Cake', 10, 8), product(4, 'Jam', 30, 9)];
const lists: MasterLists = { byName: new Map(P.map((p) => [p.name, p])), recipes: new Map([['5', new Set(['1', '2', '3'])]]) };
const item = (id: number, consumed: string, produced: string) => ({ ...tx(id), consumedProduct: consumed, producedProduct: produced });

function judge(key: Parameters<typeof filterMatchesLists>[0], id: string, items: unknown[]) {
  const r = filterMatchesLists(key, id, [reportPage(items)], lists);
  const evidence = r.evidence.filter((e) => e.requirementId === 'RP-19c').reduce((n, e) => n + e.n, 0);
  return { ...r, evidence };
}

describe('RP-19c: a filter by an id from the lists', () => {
  it('passes transactions holding a product of the id, consumed or produced, and notes them as evidence', () => {
    const r = judge('categoryIds', '10', [item(1, 'Flour,Sugar', 'Cake'), item(2, 'Sugar', 'Cake')]);
    expect(r.findings).toEqual([]);
    expect(r.judged).toBe(2);
    expect(r.evidence).toBe(2);
  });

  it('fails a transaction none of whose products has the id (a filter matching another field)', () => {
    const r = judge('categoryIds', '10', [item(1, 'Flour', 'Cake'), item(2, 'Sugar', 'Jam')]);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]!.requirementId).toBe('RP-19c');
    expect(findingText(r.findings[0]!)).toContain('1 of 2 transaction(s) of categoryIds "10"');
    expect(findingText(r.findings[0]!)).toContain('2 (Sugar, Jam)');
  });

  it('relates a recipe to its products, and a product id to itself', () => {
    expect(judge('recipeIds', '5', [item(1, 'Flour,Sugar', 'Cake')]).findings).toEqual([]);
    expect(judge('recipeIds', '5', [item(2, 'Jam', 'Jam')]).findings).toHaveLength(1);
    expect(judge('productIds', '4', [item(3, 'Jam', 'Cake')]).findings).toEqual([]);
    expect(judge('productIds', '4', [item(4, 'Sugar', 'Cake')]).findings).toHaveLength(1);
  });

  it('leaves unjudged a transaction naming a product the list does not hold, and an id the lists do not relate', () => {
    expect(judge('brandIds', '7', [item(1, 'Salt', 'Cake')])).toMatchObject({ findings: [], judged: 0, evidence: 0 });
    expect(judge('departmentIds', '1', [item(1, 'Flour', 'Cake')])).toMatchObject({ findings: [], judged: 0 });
    expect(judge('recipeIds', '6', [item(1, 'Flour', 'Cake')])).toMatchObject({ findings: [], judged: 0 });
  });

  it('reads the comma-joined names of 2.5, consumed then produced', () => {
    expect(productNames(item(1, 'Flour, Sugar', 'Cake'))).toEqual(['Flour', 'Sugar', 'Cake']);
    expect(productNames({ consumedProduct: '', producedProduct: 7 })).toEqual([]);
  });
});
