// 4.3 filters whose answers can lie while looking right: an empty id string ("an empty string
// meaning no filter") taken as "match nothing" (RP-22); several filters combined with OR instead of
// narrowing each other (RP-23: filter(a) AND filter(b) is within filter(a) and within filter(b));
// a moduleName outside bom/mc that drops the filter (RP-24). Each rides on the cached requests of
// the other report tests where it can (the fixture total, RP-14's productIds "", RP-19's walks).
import { FILTER_KEYS, type FilterKey } from '../../config/schema.ts';
import { pageItems, pageTotal } from '../../contract/checks/report.ts';
import { emptyFilterIsNoFilter, unknownModuleReported, usablePage } from '../../contract/checks/report-filter-rules.ts';
import { subsetOf } from '../../contract/checks/report-sets.ts';
import type { Exchange } from '../../core/types.ts';
import type { Harness } from '../../runtime/harness.ts';
import { verifies } from '../../runtime/verifies.ts';
import { describeQuery, fixtureQuery, needsTransactions, page, total, type Query } from './query.ts';
import { idSet, walk } from './walk.ts';
import { onStill } from './still.ts';
import { suiteSays } from '../../core/words/suites.ts';

const info = (requirementId: string, checkId: string, title: string, expected: string) => ({ checkId, requirementId, title, expected });
const refused = (ex: Exchange) => {
  const s = ex.response?.status;
  return s !== undefined && s >= 400 && s < 500 && s !== 429;
};
const usable = usablePage;

verifies('filter-relations/RP-22', ['RP-22'], 'An id filter sent as an empty string is no filter: every transaction of the range is reported', async (h) => {
  if (!(await needsTransactions(h, ['RP-22']))) return;
  const q = fixtureQuery(h);
  // Each filter's count against the count read earlier: judged on data that stayed still.
  await onStill(h, ['RP-22'], async (h) => {
    const whole = await total(h, q);
    if (whole.total === undefined) return;
    await h.parallel([...FILTER_KEYS], async (key: FilterKey) => {
      const ex = await page(h, { ...q, [key]: '' }, 1, 0);
      if (ex.notSent || !ex.response || ex.response.status === 429) return;
      h.note('RP-22', 1, 'report.empty-filter-is-no-filter');
      h.add(emptyFilterIsNoFilter(key, ex, whole.total!));
    });
  });
});

/** The filter pairs tried: the bom module with the first id of each configured filter, and the first two configured filters together. */
function pairs(h: Harness, q: Query): [Query, Query][] {
  const given = Object.entries(h.config.fixtures.report.filterIds ?? {})
    .filter(([, ids]) => ids && ids.length > 0)
    .map(([k, ids]) => ({ [k]: ids![0]! }) as Partial<Query>);
  const bom: Partial<Query> = { moduleName: ['bom'] };
  const out: [Query, Query][] = given.slice(0, 3).map((f) => [
    { ...q, ...bom },
    { ...q, ...f },
  ]);
  if (given.length >= 2)
    out.push([
      { ...q, ...given[0] },
      { ...q, ...given[1] },
    ]);
  return out;
}

verifies('filter-relations/RP-23', ['RP-23'], 'Two filters sent together narrow each other: their report is within the report of each alone', async (h, t) => {
  if (!(await needsTransactions(h, ['RP-23']))) return;
  const q = fixtureQuery(h);
  const tried = pairs(h, q);
  if (tried.length === 0) h.skip(suiteSays('rpNoFilterIds'), t);
  let judged = 0;
  await h.parallel(tried, ([a, b]) =>
    // Three queries read at different moments: judged on data that stayed still.
    onStill(h, ['RP-23'], async (h) => {
      const both = { ...a, ...b };
      const [wa, wb, wab] = await Promise.all([walk(h, a), walk(h, b), walk(h, both)]);
      if (![wa, wb, wab].every((w) => w.answered && w.exhausted)) return;
      // A module filter that does not hold alone is RP-8's failure, not the combination's.
      const ownModule = (w: typeof wa) =>
        !w.query.moduleName || w.pages.every((ex) => pageItems(ex).every((it) => w.query.moduleName!.includes(String((it as { module?: unknown }).module))));
      if (!ownModule(wa) || !ownModule(wb)) return;
      judged++;
      const set = idSet(describeQuery(both), wab);
      h.add(
        [wa, wb].flatMap((w) =>
          h.applied(
            subsetOf(
              info(
                'RP-23',
                'report.filters-narrow',
                'Two filters together reported transactions one of them excludes',
                `every transaction of both filters among those of ${describeQuery(w.query)}`,
              ),
              set,
              idSet(describeQuery(w.query), w),
            ),
          ),
        ),
      );
      if (wab.ids.size === 0) h.note('RP-23', 1, 'report.filters-narrow');
    }),
  );
  if (judged === 0) h.inconclusive('RP-23', suiteSays('rpNoCombinationRead'));
});

verifies('filter-relations/RP-24', ['RP-24'], 'A moduleName value outside bom and mc is refused or matches nothing, never widening the report', async (h) => {
  if (!(await needsTransactions(h, ['RP-24']))) return;
  const q = fixtureQuery(h);
  // ["bom","xyz"] against ["bom"] read at another moment: judged on data that stayed still.
  await onStill(h, ['RP-24'], async (h) => {
    const [unknown, bom, bomAndUnknown] = await Promise.all([['xyz'], ['bom'], ['bom', 'xyz']].map((m) => page(h, { ...q, moduleName: m }, 1, 0)));
    if (refused(unknown!) || usable(unknown!)) h.note('RP-24', 1, 'report.unknown-module-never-widens');
    h.add(unknownModuleReported(unknown!));
    if (!usable(bom!) || !(refused(bomAndUnknown!) || usable(bomAndUnknown!))) return;
    h.note('RP-24', 1, 'report.unknown-module-never-widens');
    if (usable(bomAndUnknown!) && pageTotal(bomAndUnknown!)! > pageTotal(bom!)!) {
      h.fail(
        'RP-24',
        'moduleName ["bom","xyz"] reported more than ["bom"]',
        `totalCount ${pageTotal(bomAndUnknown!)} (["bom"]: ${pageTotal(bom!)})`,
        'a 4xx, or at most the transactions of bom',
        bomAndUnknown,
      );
    }
  });
});
