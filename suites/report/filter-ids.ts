// The ids the report's id filters are tried with (4.3 recipeIds ... departmentIds), and the index's
// lists that say what those ids are (section 1: Get Product List, Get All Recipe, category, brand,
// department). The lists are read once per run, one request each (the run's state); the
// ids come from fixtures.report.filterIds, else from the lists: those of the products the fixture
// range's transactions name (its walk is cached: no report request more), else the lists' first.
import fc from 'fast-check';
import { readList } from '../../client/index-lists.ts';
import { FIELDS, idText } from '../../contract/list-fields.ts';
import { FILTER_KEYS, type FilterKey } from '../../config/schema.ts';
import type { MasterLists } from '../../contract/checks/report-list-filters.ts';
import { idsHeld, masterListsOf } from '../../contract/checks/report-list-ids.ts';
import { pageItems } from '../../contract/checks/report.ts';
import type { Harness } from '../../runtime/harness.ts';
import { defineRunState } from '../../runtime/run-state.ts';
import { fixtureQuery } from './query.ts';
import { walk, type Walk } from './walk.ts';

/** The list of section 1 each filter's ids come from, and the field a product row keeps it under. */
const LIST_OF: Record<FilterKey, { op: string; fields: readonly string[] }> = {
  productIds: { op: 'get-product-list', fields: FIELDS.product },
  categoryIds: { op: 'category', fields: FIELDS.category },
  subCategoryIds: { op: 'sub-category', fields: FIELDS.subCategory },
  brandIds: { op: 'brand', fields: FIELDS.brand },
  subBrandIds: { op: 'sub-brand', fields: FIELDS.subBrand },
  departmentIds: { op: 'department', fields: FIELDS.department },
  recipeIds: { op: 'get-all-recipe', fields: FIELDS.recipe },
};

/** The run's lists, read once: the product and recipe lists (section 1), and the first ids each id filter's own list gives (category, brand ...). */
const listsRun = defineRunState('report-lists', () => ({
  lists: undefined as Promise<MasterLists | string> | undefined,
  listIds: {} as Partial<Record<string, Promise<string[]>>>,
}));

/** The product and recipe lists of the run (read once), or why there are none. */
export function masterLists(h: Harness): Promise<MasterLists | string> {
  const run = listsRun(h);
  run.lists ??= (async () => {
    const [products, recipes] = await Promise.all([readList(h.client, h.config, 'get-product-list'), readList(h.client, h.config, 'get-all-recipe')]);
    if (!products.items) return `the product list: ${products.why}`;
    return masterListsOf(products.items, recipes.items);
  })();
  return run.lists;
}

/** The ids of `key` the fixture range's transactions hold, most frequent first (by the lists). */
async function occurring(h: Harness, key: FilterKey): Promise<string[]> {
  const lists = await masterLists(h);
  if (typeof lists === 'string') return [];
  const whole = await walk(h, fixtureQuery(h));
  const counts = new Map<string, number>();
  for (const ids of idsHeld(whole.pages.flatMap(pageItems), lists, key)) for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([id]) => id);
}

/** The first ids a filter's own list gives (one request, once per run), when it is configured. */
async function listed(h: Harness, key: FilterKey): Promise<string[]> {
  const { op, fields } = LIST_OF[key];
  const cache = listsRun(h).listIds;
  cache[key] ??= readList(h.client, h.config, op).then((r) =>
    (r.items ?? []).map((row) => idText(row, fields)).filter((x): x is string => !!x && /^\d+$/.test(x)),
  );
  return (await cache[key]).slice(0, 3);
}

/** The ids tried per filter: fixtures.report.filterIds, else ids the lists give, else 1, 2 and one drawn from the seed. */
export async function idsToTry(h: Harness, key: FilterKey): Promise<string[]> {
  const given = h.config.fixtures.report.filterIds?.[key] ?? [];
  if (given.length >= 2) return given.slice(0, 3);
  let fromLists = await occurring(h, key);
  if (fromLists.length === 0 && h.config.operations?.[LIST_OF[key].op as never]) fromLists = await listed(h, key);
  const ids = [...new Set([...given, ...fromLists])];
  if (ids.length >= 2) return ids.slice(0, 3);
  const drawn = fc.sample(fc.integer({ min: 3, max: 99 }), { seed: h.ctx.seed + FILTER_KEYS.indexOf(key), numRuns: 1 })[0]!;
  return [...new Set([...ids, '1', '2', String(drawn)])].slice(0, 3);
}

/** The single-id walks of one filter that answered (shared between the tests through the request cache). */
export async function singleIds(h: Harness, key: FilterKey, max = 3): Promise<Array<{ id: string; walk: Walk }>> {
  const q = fixtureQuery(h);
  const out = await Promise.all((await idsToTry(h, key)).slice(0, max).map(async (id) => ({ id, walk: await walk(h, { ...q, [key]: id }) })));
  return out.filter((x) => x.walk.answered);
}
