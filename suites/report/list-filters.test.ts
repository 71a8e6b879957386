// 4.3 id filters against the index's lists (section 1): "filter by category ids" read as what it
// says, a report filtered by category X holds only transactions with a product of category X
// (RP-19c). The product list relates the report's product names (2.5) to their product,
// category, brand and department ids, the recipe list a recipe to its products. It rides on the
// single-id walks RP-19 sends (cached): no report request of its own.
import { FILTER_KEYS } from '../../config/schema.ts';
import { filterMatchesLists } from '../../contract/checks/report-list-filters.ts';
import { verifies } from '../../runtime/verifies.ts';
import { masterLists, singleIds } from './filter-ids.ts';
import { needsTransactions } from './query.ts';
import { suiteSays } from '../../core/words/suites.ts';

verifies(
  'list-filters/RP-19c',
  ['RP-19c'],
  'A report filtered by a product, category, brand, department or recipe id holds only transactions with that id, by the lists',
  async (h, t) => {
    if (!h.config.operations?.['get-product-list']) h.skip(suiteSays('rpNoProductList'), t);
    if (!(await needsTransactions(h, ['RP-19c']))) return;
    const lists = await masterLists(h);
    if (typeof lists === 'string') return h.inconclusive('RP-19c', suiteSays('rpListsUnrelated', { lists }));
    let judged = 0;
    const seen: Record<string, string> = {};
    await h.parallel([...FILTER_KEYS], async (key) => {
      for (const { id, walk } of await singleIds(h, key)) {
        const r = filterMatchesLists(key, id, walk.pages, lists);
        judged += r.judged;
        seen[`${key}=${id}`] = `${r.judged} transaction(s) judged${r.findings.length ? ', some without the id' : ''}`;
        h.add(r);
      }
    });
    h.observe('filterIdsByLists', Object.fromEntries(Object.entries(seen).sort()));
    if (judged === 0) h.inconclusive('RP-19c', suiteSays('rpNothingRelated'));
  },
);
