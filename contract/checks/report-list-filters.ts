// 4.3 id filters read with the index's lists (section 1: Get Product List, Get All Recipe): a
// report filtered by category X holds only transactions with a product of category X; by product
// P, only transactions of P; by recipe R, only transactions with a product of R. The report names
// its products (2.5 "consumedProduct | comma-joined product names"), the product list gives each
// name its ids: a transaction is judged only when each of its names is one product of the list
// (a name the list does not hold, or holds twice, or that holds a comma, leaves it unjudged).
import type { FilterKey } from '../../config/schema.ts';
import type { Exchange, Finding } from '../../core/types.ts';
import { evidence, toFinding, type CheckResult } from './finding.ts';
import { pageItems } from './report.ts';
import { showIds } from './report-sets.ts';

/** A product of the product list: its id and the ids of the filters of 4.3 it belongs to. */
export type ListProduct = { name: string } & Partial<
  Record<'productIds' | 'categoryIds' | 'subCategoryIds' | 'brandIds' | 'subBrandIds' | 'departmentIds', string>
>;

export interface MasterLists {
  /** Products by name (only names the list holds once). */
  byName: ReadonlyMap<string, ListProduct>;
  /** Recipe id -> the ids of its products (consumed and produced), where the recipe list gives them. */
  recipes: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The product names of a transaction (2.5: comma-joined, consumed then produced). */
export function productNames(item: unknown): string[] {
  const it = item as { consumedProduct?: unknown; producedProduct?: unknown };
  return [it?.consumedProduct, it?.producedProduct].flatMap((v) => (typeof v === 'string' && v.trim() !== '' ? v.split(',').map((s) => s.trim()) : []));
}

/** The products of a transaction, or null when one of its names is not a single product of the list. */
export function productsOf(item: unknown, lists: MasterLists): ListProduct[] | null {
  const names = productNames(item);
  if (names.length === 0) return null;
  const out: ListProduct[] = [];
  for (const n of names) {
    const p = lists.byName.get(n);
    if (!p) return null;
    out.push(p);
  }
  return out;
}

/** Does a transaction of these products match filter `key` = `id`? */
export function matches(key: FilterKey, id: string, products: ListProduct[], lists: MasterLists): boolean | null {
  if (key === 'recipeIds') {
    const of = lists.recipes.get(id);
    if (!of || of.size === 0) return null;
    return products.some((p) => p.productIds !== undefined && of.has(p.productIds));
  }
  if (products.some((p) => p[key] === undefined)) return null;
  return products.some((p) => p[key] === id);
}

/**
 * RP-19c: every transaction of the report filtered by `key` = `id` that the lists can judge holds
 * that id. Returns the findings and how many transactions were judged.
 */
export function filterMatchesLists(key: FilterKey, id: string, pages: Exchange[], lists: MasterLists): CheckResult & { judged: number } {
  let judged = 0;
  const wrong: string[] = [];
  let at: Exchange | undefined;
  for (const ex of pages) {
    for (const item of pageItems(ex)) {
      const ps = productsOf(item, lists);
      const m = ps === null ? null : matches(key, id, ps, lists);
      if (m === null) continue;
      judged++;
      if (!m) {
        wrong.push(`${String((item as { transactionId?: unknown }).transactionId)} (${productNames(item).join(', ')})`);
        at ??= ex;
      }
    }
  }
  const seen = evidence('RP-19c', judged, 'report.filter-matches-lists');
  if (wrong.length === 0) return { findings: [], evidence: seen, judged };
  const what =
    key === 'recipeIds' ? `a product of recipe ${id}` : key === 'productIds' ? `product ${id}` : `a product whose ${key.replace(/Ids$/, 'Id')} is ${id}`;
  return {
    judged,
    evidence: seen,
    findings: [
      toFinding(
        'report.filter-matches-lists',
        'RP-19c',
        {
          title: `The ${key} filter returned transactions without the id it filters by`,
          received: `${wrong.length} of ${judged} transaction(s) of ${key} "${id}" hold no ${what.replace(/^a /, '')} by the product and recipe lists: ${showIds(wrong)}`,
          expected: `only transactions holding ${what} (as the index's lists relate the report's product names to ids)`,
        },
        at,
      ),
    ],
  };
}
