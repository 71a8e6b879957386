// 4.3 moduleName and branchList, as metamorphic relations between the transactions of related
// queries: each value alone, several together, the whole. Every query is read to its end, so the
// relations compare transaction ids, not only totals, and each walk is also held to RP-2.
import fc from 'fast-check';
import { pagesPartitionWhole, totalCountStable, totalsRelation } from '../../contract/checks/report-relations.ts';
import { moduleFilterStrays } from '../../contract/checks/report-filter-rules.ts';
import { itemModules } from '../../contract/checks/report.ts';
import { partitionOf, subsetOf } from '../../contract/checks/report-sets.ts';
import type { Finding } from '../../core/types.ts';
import { dateRange, rangeExamples, type DateRange } from '../../generators/date-range.ts';
import type { Harness } from '../../runtime/harness.ts';
import { verifies } from '../../runtime/verifies.ts';
import { sized } from '../../runtime/scarce.ts';
import { describeQuery, fixtureQuery, needsTransactions, type Query } from './query.ts';
import { idSet, pagesDistinct, walk, type Walk } from './walk.ts';
import { onStill } from './still.ts';
import { suiteSays } from '../../core/words/suites.ts';

/** A sub-range of the fixture range, or the fixture range itself. */
const someRange = (q: Query) => fc.oneof(dateRange(q), fc.constant({ dateFrom: q.dateFrom, dateTo: q.dateTo }));

/** RP-2 under every filter combination tried: each walk's pages are disjoint and hold totalCount. */
const paged = (h: Harness, walks: Walk[]): Finding[] =>
  walks.flatMap((w) => [
    ...h.applied(totalCountStable(w.pages)),
    ...h.applied(pagesPartitionWhole(w.pages, undefined, { complete: w.reachedTotal })),
    ...h.applied(pagesDistinct(w)),
  ]);

const info = (requirementId: string, checkId: string, title: string, expected: string) => ({ checkId, requirementId, title, expected });

verifies(
  'filters/RP-8+RP-5+RP-2',
  ['RP-8', 'RP-5', 'RP-2'],
  'The bom and mc module filters return only their module, together the whole, and both at once the whole',
  async (h) => {
    if (!(await needsTransactions(h, ['RP-8', 'RP-5', 'RP-2']))) return;
    const q = fixtureQuery(h);
    await h.property(
      someRange(q),
      async (range) =>
        // Four queries read at different moments: judged on data that stayed still.
        onStill(h, ['RP-8', 'RP-5', 'RP-2'], async (h) => {
          const all: Query = { ...q, ...range };
          const [bom, mc, both, none] = await Promise.all([['bom'], ['mc'], ['bom', 'mc'], undefined].map((m) => walk(h, m ? { ...all, moduleName: m } : all)));
          const walks = [bom!, mc!, both!, none!];
          if (!walks.every((w) => w.answered)) return []; // RP-7 reports it
          const wrongModule = [bom!, mc!].flatMap((w, i) => {
            const want = i === 0 ? 'bom' : 'mc';
            if (w.ids.size > 0) h.note('RP-8', w.ids.size);
            return moduleFilterStrays(want, w.pages);
          });
          const sets = walks.map((w) => idSet(describeQuery(w.query), w));
          const sides = walks.map((w) => ({ label: describeQuery(w.query), exchanges: w.pages }));
          const stable = walks.every((w) => w.stable);
          return [
            ...wrongModule,
            ...[...bom!.pages, ...mc!.pages].flatMap((ex) => h.applied(itemModules(ex, undefined))),
            ...(walks.every((w) => w.exhausted)
              ? [
                  ...h.applied(
                    partitionOf(
                      info(
                        'RP-8',
                        'report.module-filter-partition',
                        'bom and mc are not together the whole',
                        'the transactions of bom and of mc disjoint, together those of no module filter',
                      ),
                      [sets[0]!, sets[1]!],
                      sets[3]!,
                    ),
                  ),
                  ...h.applied(
                    partitionOf(
                      info('RP-8', 'report.module-filter-both', 'moduleName ["bom","mc"] is not the whole', 'the same transactions as no module filter'),
                      [sets[2]!],
                      sets[3]!,
                    ),
                  ),
                ]
              : []),
            ...(stable
              ? h.applied(
                  totalsRelation(
                    info(
                      'RP-8',
                      'report.module-filter-additive',
                      'bom plus mc is not the whole',
                      'totalCount(bom) + totalCount(mc) = totalCount(["bom","mc"]) = totalCount(no filter)',
                    ),
                    sides,
                    ([b, m, bm, a]) => b! + m! === a! && bm === a,
                  ),
                )
              : []),
            ...paged(h, walks),
          ];
        }),
      // The same in every run: the range's first whole day (a short range, read whole by each module).
      { numRuns: sized(h, 'report', Math.max(4, Math.floor(h.ctx.numRuns / 8)), 2, 'ranges read by module'), examples: [rangeExamples(q).firstDay] },
    );
  },
);

/** RP-9 (MUST) then RP-9b (SHOULD): a,b holds a and b; exactly a plus b. */
function branchRelations(h: Harness, parts: Walk[], together: Walk): Finding[] {
  if (!together.exhausted || !parts.every((p) => p.exhausted)) return [];
  const sets = parts.map((p) => idSet(`branchList ${p.query.branchList}`, p));
  const whole = idSet(`branchList ${together.query.branchList}`, together);
  const must = sets.flatMap((s) =>
    h.applied(
      subsetOf(
        info(
          'RP-9',
          'report.branch-within-list',
          'A report over several branches misses transactions of one of them',
          'every transaction of each branch in the report over the list',
        ),
        s,
        whole,
      ),
    ),
  );
  if (must.length > 0) return must;
  const sides = [...parts, together].map((w) => ({ label: `branchList ${w.query.branchList}`, exchanges: w.pages }));
  return [
    ...h.applied(
      partitionOf(
        info(
          'RP-9b',
          'report.branch-partition',
          'A report over several branches is not exactly the transactions of each',
          'the transactions of a,b = those of a plus those of b, none in two branches',
        ),
        sets,
        whole,
      ),
    ),
    ...([...parts, together].every((w) => w.stable)
      ? h.applied(
          totalsRelation(
            info(
              'RP-9b',
              'report.branch-additive',
              'The totalCount over several branches is not the sum over each',
              'totalCount(a,b) = totalCount(a) + totalCount(b)',
            ),
            sides,
            (t) => t[t.length - 1] === t.slice(0, -1).reduce((x, y) => x + y, 0),
          ),
        )
      : []),
  ];
}

async function emptyBranch(h: Harness, q: Query, empty: number) {
  const [list, withEmpty] = await Promise.all([walk(h, q), walk(h, { ...q, branchList: `${q.branchList},${empty}` })]);
  if (!list.answered || !withEmpty.answered) return;
  const relation = branchRelations(h, [list], withEmpty);
  if (relation.some((f) => f.requirementId === 'RP-9')) return h.add(relation);
  // RP-9b: a branch without transactions adds none.
  h.add([
    ...h.applied(
      partitionOf(
        info(
          'RP-9b',
          'report.empty-branch',
          'A branch without transactions added some',
          `the same transactions with and without branch ${empty} (fixtures.report.emptyBranchId)`,
        ),
        [idSet(`branchList ${q.branchList}`, list)],
        idSet(`branchList ${withEmpty.query.branchList}`, withEmpty),
      ),
    ),
    ...paged(h, [list, withEmpty]),
  ]);
}

verifies(
  'filters/RP-9+RP-9b+RP-2',
  ['RP-9', 'RP-9b', 'RP-2'],
  'A report over branches a,b holds the transactions of a plus those of b, and a branch without transactions adds none',
  async (h, t) => {
    if (!(await needsTransactions(h, ['RP-9', 'RP-9b', 'RP-2']))) return;
    const q = fixtureQuery(h);
    const branches = q.branchList.split(',');
    const empty = h.config.fixtures.report.emptyBranchId;
    if (branches.length < 2 && empty === undefined) h.skip(suiteSays('rpOneBranchNoEmpty'), t);
    if (empty !== undefined) await onStill(h, ['RP-9', 'RP-9b', 'RP-2'], (h) => emptyBranch(h, q, empty));
    if (branches.length < 2) return;
    await h.property(
      fc.tuple(someRange(q), fc.integer({ min: 1, max: branches.length - 1 })),
      async ([range, cut]) =>
        // Three queries read at different moments: judged on data that stayed still.
        onStill(h, ['RP-9', 'RP-9b', 'RP-2'], async (h) => {
          const all: Query = { ...q, ...range };
          const lists = [branches.slice(0, cut).join(','), branches.slice(cut).join(','), q.branchList];
          const walks = await Promise.all(lists.map((b) => walk(h, { ...all, branchList: b })));
          if (!walks.every((w) => w.answered)) return [];
          const relation = branchRelations(h, walks.slice(0, 2), walks[2]!);
          return relation.some((f) => f.requirementId === 'RP-9') ? relation : [...relation, ...paged(h, walks)];
        }),
      { numRuns: Math.max(4, Math.floor(h.ctx.numRuns / 8)), examples: [[rangeExamples(q).firstDay, 1] as [DateRange, number]] },
    );
  },
);
