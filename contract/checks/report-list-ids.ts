// The ids of 4.3's filters that transactions of the report hold, read with the index's lists
// (section 1: Get Product List, Get All Recipe). The report names its products (2.5), the product
// list gives each name its ids (product, category, brand, department ...), the recipe list the
// products of each recipe. Shared by the report suite (which ids to try) and the preflight (which
// configured ids one page of the range already shows, so that it need not count them).
import { FIELDS, idText } from '../list-fields.ts';
import { FILTER_KEYS, type FilterKey } from '../../config/schema.ts';
import { productsOf, type ListProduct, type MasterLists } from './report-list-filters.ts';

/** The product ids a recipe row names: arrays under keys holding "product" (ids, or rows with a productId). */
function recipeProducts(row: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(row)) {
    if (!/product/i.test(k) || !Array.isArray(v)) continue;
    for (const x of v) {
      if (typeof x === 'number' || (typeof x === 'string' && /^\d+$/.test(x))) out.add(String(x));
      else if (x && typeof x === 'object') {
        const id = idText(x as Record<string, unknown>, FIELDS.product);
        if (id) out.add(id);
      }
    }
  }
  return out;
}

/** The field of a product row each filter's id is kept under (recipes come from their own list). */
const PRODUCT_FIELDS: Record<Exclude<FilterKey, 'recipeIds'>, readonly string[]> = {
  productIds: FIELDS.product,
  categoryIds: FIELDS.category,
  subCategoryIds: FIELDS.subCategory,
  brandIds: FIELDS.brand,
  subBrandIds: FIELDS.subBrand,
  departmentIds: FIELDS.department,
};

/** The lists as the checks read them: products by name (names the list holds once), recipes by id. */
export function masterListsOf(products: readonly Record<string, unknown>[], recipes: readonly Record<string, unknown>[] = []): MasterLists {
  const byName = new Map<string, ListProduct | null>();
  for (const row of products) {
    const name = idText(row, FIELDS.productName);
    if (!name) continue;
    const p: ListProduct = { name };
    for (const key of FILTER_KEYS) {
      if (key === 'recipeIds') continue;
      const v = idText(row, PRODUCT_FIELDS[key]);
      if (v !== undefined) p[key] = v;
    }
    byName.set(name, byName.has(name) ? null : p);
  }
  const recipeMap = new Map<string, Set<string>>();
  for (const row of recipes) {
    const id = idText(row, FIELDS.recipe);
    if (id) recipeMap.set(id, recipeProducts(row));
  }
  return {
    byName: new Map([...byName].filter((e): e is [string, ListProduct] => e[1] !== null)),
    recipes: recipeMap,
  };
}

/**
 * The ids of `key` each transaction holds, one set per transaction the lists can read (a name the
 * product list does not hold once leaves the transaction out). A recipe is held by a transaction
 * whose every product is one of the recipe's.
 */
export function idsHeld(items: readonly unknown[], lists: MasterLists, key: FilterKey): Set<string>[] {
  const out: Set<string>[] = [];
  for (const item of items) {
    const ps = productsOf(item, lists);
    if (!ps) continue;
    const ids =
      key === 'recipeIds'
        ? [...lists.recipes].filter(([, of]) => of.size > 0 && ps.every((p) => p.productIds !== undefined && of.has(p.productIds))).map(([id]) => id)
        : ps.map((p) => p[key]).filter((x): x is string => x !== undefined);
    out.push(new Set(ids));
  }
  return out;
}
