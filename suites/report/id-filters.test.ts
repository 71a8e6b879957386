// 4.3 id filters (recipeIds, productIds, categoryIds, subCategoryIds, brandIds, subBrandIds,
// departmentIds): "filter by ... ids", in a list format that is "not shown". A filter never adds a
// transaction, an id that matches nothing returns none (RP-19); a list of ids the target accepts
// is never narrower than one of its ids, and its ids together hold it (RP-19b); any text is
// any text is answered, its statuses recorded (RP-16), a 5xx to it ENV-6's alone, whatever was sent;
// the list formats accepted and the item order are observed (RP-14).
import { FILTER_KEYS } from '../../config/schema.ts';
import { pagesPartitionWhole, pageIds, totalCountStable } from '../../contract/checks/report-relations.ts';
import { pageTotal } from '../../contract/checks/report.ts';
import { coveredBy, subsetOf } from '../../contract/checks/report-sets.ts';
import { itemDay } from '../../contract/checks/report-dates.ts';
import { pageItemsExact } from '../../contract/checks/report-relations.ts';
import { anyFilter, anyFilterExamples } from '../../generators/filter-text.ts';
import type { Harness } from '../../runtime/harness.ts';
import { verifies } from '../../runtime/verifies.ts';
import { singleIds } from './filter-ids.ts';
import { sized } from '../../runtime/scarce.ts';
import { fixtureQuery, needsTransactions, page } from './query.ts';
import { idSet, pagesDistinct, walk, type Walk } from './walk.ts';
import { onStill } from './still.ts';
import { suiteSays } from '../../core/words/suites.ts';

const info = (requirementId: string, checkId: string, title: string, expected: string) => ({ checkId, requirementId, title, expected });

/** An id no ERP of this kind has: nine digits, drawn from the run's seed. */
const unknownId = (h: Harness) => String(900_000_000 + (Math.abs(h.ctx.seed) % 99_999_999));

verifies(
  'id-filters/RP-19+RP-2',
  ['RP-19', 'RP-2'],
  'An id filter never adds a transaction, and an id that matches nothing returns none (or a 4xx)',
  async (h) => {
    if (!(await needsTransactions(h, ['RP-19', 'RP-2']))) return;
    const q = fixtureQuery(h);
    const nothing = unknownId(h);
    // Where reports are scarce, one id that occurs per filter (RP-19b, a SHOULD, asks for the others later).
    const tried = sized(h, 'report', 3, 1, 'ids tried per filter');
    // Each filter's reports against the whole read at another moment: judged on data that stayed
    // still, a filter at a time (a shorter reading is likelier to be still).
    await h.parallel([...FILTER_KEYS], (key) =>
      onStill(h, ['RP-19', 'RP-2'], async (h) => {
        const whole = await walk(h, q);
        if (!whole.exhausted) h.inconclusive('RP-19', suiteSays('rpRangeNotEnded'));
        // An id that matches nothing: none, or a 4xx. A proper part of the range means the id exists.
        const ex = await page(h, { ...q, [key]: nothing }, whole.limit, 0);
        const s = ex.response?.status;
        if (s !== undefined && s >= 400 && s < 500 && s !== 429) h.note('RP-19');
        if (s === 200 && pageTotal(ex) !== undefined) {
          h.note('RP-19');
          const ids = pageIds(ex);
          if (ids.length > 0 && (pageTotal(ex) === whole.total || (whole.exhausted && ids.some((id) => !whole.ids.has(id))))) {
            h.fail(
              'RP-19',
              `${key} with an id that matches nothing returned transactions`,
              `${key} "${nothing}": totalCount ${pageTotal(ex)}, ${ids.length} items (without the filter: totalCount ${whole.total})`,
              'no transactions, or a 4xx',
              ex,
            );
          }
        }
        // Ids that occur: the filtered transactions are transactions of the range.
        for (const { id, walk: w } of await singleIds(h, key, tried)) {
          if (whole.exhausted)
            h.add(
              h.applied(
                subsetOf(
                  info(
                    'RP-19',
                    'report.filter-never-adds',
                    `The ${key} filter added transactions`,
                    'every transaction of the filtered report in the unfiltered one',
                  ),
                  idSet(`${key} "${id}"`, w),
                  idSet('no filter', whole),
                ),
              ),
            );
          h.add([
            ...h.applied(totalCountStable(w.pages)),
            ...h.applied(pagesPartitionWhole(w.pages, undefined, { complete: w.reachedTotal })),
            ...h.applied(pagesDistinct(w)),
          ]);
        }
      }),
    );
  },
);

verifies(
  'id-filters/RP-19b',
  ['RP-19b'],
  'Widening an id filter never removes a transaction, and its ids together hold every transaction of the list',
  async (h) => {
    if (!(await needsTransactions(h, ['RP-19b']))) return;
    const q = fixtureQuery(h);
    let usable = 0;
    let refused = 0;
    // A list against its ids read at other moments: judged on data that stayed still.
    await h.parallel([...FILTER_KEYS], (key) =>
      onStill(h, ['RP-19b'], async (h) => {
        const parts = (await singleIds(h, key)).filter((x) => x.walk.exhausted && x.walk.ids.size > 0);
        if (parts.length < 2) return;
        usable++;
        const lists = [parts.slice(0, 2), ...(parts.length > 2 ? [parts] : [])];
        for (const list of lists) {
          const text = list.map((p) => p.id).join(',');
          const w = await walk(h, { ...q, [key]: text });
          const s = w.pages[0]?.response?.status;
          if (s !== 200) {
            if (s !== undefined && s >= 400 && s < 500) refused++;
            continue; // the list format is not shown (RP-14): only lists the target accepted are judged
          }
          if (!w.answered || !w.exhausted) continue;
          const whole = idSet(`${key} "${text}"`, w);
          const sets = list.map((p) => idSet(`${key} "${p.id}"`, p.walk));
          h.add([
            ...sets.flatMap((part) =>
              h.applied(
                subsetOf(
                  info(
                    'RP-19b',
                    'report.filter-widening',
                    `Widening the ${key} filter removed transactions`,
                    `every transaction of each id in the report for "${text}"`,
                  ),
                  part,
                  whole,
                ),
              ),
            ),
            ...h.applied(
              coveredBy(
                info(
                  'RP-19b',
                  'report.filter-parts',
                  `A transaction of the ${key} list matches none of its ids`,
                  `every transaction of "${text}" in the report of one of its ids`,
                ),
                sets,
                whole,
              ),
            ),
          ]);
        }
      }),
    );
    if (usable === 0) h.inconclusive('RP-19b', suiteSays('rpNoTwoIdFilter'));
    else if (refused > 0) h.inconclusive('RP-19b', suiteSays('rpIdListRefused'));
  },
);

verifies(
  'id-filters/RP-16',
  ['RP-16'],
  'What a report with unusual filter text (any script, long values, odd separators) is answered is recorded; a 5xx to it is ENV-6',
  async (h) => {
    const q = fixtureQuery(h);
    const answers: Record<string, Record<string, number>> = {};
    // The examples go first in every run (whatever the seed), among them a number past what
    // Python's int() reads. A 5xx is ENV-6 (SHOULD) whatever was sent, never a guess of the
    // vendor's parser: the harness files it on every exchange, and the property runs on.
    await h.property(
      anyFilter,
      async ({ field, value }) => {
        const ex = await page(h, { ...q, [field]: value }, 5, 0);
        const said = String(ex.response?.status ?? ex.failure?.kind ?? 'not sent');
        (answers[field] ??= {})[said] = (answers[field]![said] ?? 0) + 1;
        return [];
      },
      { examples: anyFilterExamples },
    );
    h.observe('filterTextAnswers', answers);
  },
);

/** The order of the items over the walk: by date, by transactionId, or neither (RP-14). */
function orderOf(w: Walk): Record<string, string> {
  const items = w.pages.flatMap(pageItemsExact);
  const trend = (values: number[]) => {
    const up = values.every((v, i) => i === 0 || v >= values[i - 1]!);
    const down = values.every((v, i) => i === 0 || v <= values[i - 1]!);
    return up && down ? 'all equal' : up ? 'ascending' : down ? 'descending' : 'neither';
  };
  const days = items.map(itemDay).filter((d): d is number => d !== null);
  const ids = items.map((it) => Number((it as { transactionId?: unknown }).transactionId)).filter((n) => Number.isFinite(n));
  return { items: String(items.length), byDate: trend(days), byTransactionId: trend(ids) };
}

verifies('id-filters/RP-14', ['RP-14'], 'Which id list formats the filters take, and the order of the items, are recorded', async (h) => {
  const q = fixtureQuery(h);
  const observed: Record<string, unknown> = {};
  for (const [field, value] of [
    ['productIds', ''],
    ['productIds', '1'],
    ['productIds', '1,2'],
    ['productIds', '1, 2'],
    ['categoryIds', '1,2'],
    ['recipeIds', '1,2'],
  ] as const) {
    const ex = await page(h, { ...q, [field]: value }, 1, 0);
    observed[`${field}=${JSON.stringify(value)}`] = { status: ex.response?.status ?? ex.failure?.kind, totalCount: pageTotal(ex) };
  }
  h.observe('idFilterFormats', observed);
  h.observe('itemOrder', orderOf(await walk(h, q)));
});
