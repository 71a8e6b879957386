// 4.3 rule 2: "Pagination uses limit and offset for large result sets."
import fc from 'fast-check';
import { walkHoldsTotal } from '../../contract/checks/report-count.ts';
import { pagesPartitionWhole, totalCountStable } from '../../contract/checks/report-relations.ts';
import { pageItems, pageWithinLimit } from '../../contract/checks/report.ts';
import { dateRange, rangeExamples, type DateRange } from '../../generators/date-range.ts';
import { pageRequest } from '../../generators/page-request.ts';
import { verifies } from '../../runtime/verifies.ts';
import { sized } from '../../runtime/scarce.ts';
import { capRefused, describeQuery, fitLimit, fixtureQuery, needsTransactions, page, total } from './query.ts';
import { pagesDistinct, walk } from './walk.ts';
import { walkEndsObserved, type WalkEnd } from '../../contract/checks/report-walk.ts';
import { onStill } from './still.ts';
import { suiteSays } from '../../core/words/suites.ts';

/** Pages walked at most per query: a query is paged with a limit that reaches its end in about this many. */
const MAX_PAGES = 25;
/** ... where the report quota is scarce (runtime/scarce.ts). */
const SCARCE_PAGES = 6;

verifies('pagination/RP-2/disjoint-pages', ['RP-2'], 'Consecutive pages are disjoint and together hold totalCount transactions', async (h) => {
  if (!(await needsTransactions(h, ['RP-2']))) return;
  const q = fixtureQuery(h);
  let incomplete = 0;
  // How each walk of the first reading ended: what it states, an empty page, a repeat, the cap.
  // Kept without their pages: a reason, a count and an offset each.
  const ends: Array<{ label: string; end: WalkEnd }> = [];
  const pages = sized(h, 'report', MAX_PAGES, SCARCE_PAGES, 'pages walked per query');
  // Small limits over random ranges: each run reads a query to its end (a few hundred requests
  // at 100 runs: one run in eight).
  await h.property(
    fc.tuple(dateRange(q), fc.integer({ min: 1, max: 60 })),
    async ([range, limit]) =>
      // The pages of one walk are read at different moments: judged on data that stayed still.
      onStill(h, ['RP-2'], async (h) => {
        const sub = { ...q, ...range };
        const { total: t } = await total(h, sub);
        if (t === undefined) return []; // RP-7 reports it
        // A limit that reaches the end in about four fifths of the pages allowed.
        const reach = Math.max(1, pages - Math.ceil(pages / 5));
        const w = await walk(h, sub, { limit: await fitLimit(h, Math.max(limit, Math.ceil(t / reach))), maxPages: pages });
        // 8 rule 2: a limit above the vendor's own cap, refused: its choice, not a pagination defect.
        if (!w.answered && (await capRefused(h, w.pages[w.pages.length - 1]!, w.limit))) return [];
        if (h.readRound === 0) ends.push({ label: describeQuery(sub), end: { reason: w.end.reason, pages: w.end.pages, offset: w.end.offset } });
        if (!w.exhausted && h.readRound === 0) incomplete++;
        // Pages' union = totalCount = the walk, on a walk read to its end (report.count-is-walk); the
        // cover of pages whose totalCount changed is pagesPartitionWhole's.
        return [
          ...h.applied(totalCountStable(w.pages)),
          ...h.applied(pagesPartitionWhole(w.pages, undefined, { complete: w.reachedTotal && !w.stable })),
          ...h.applied(walkHoldsTotal({ label: describeQuery(sub), pages: w.pages, exhausted: w.exhausted, stable: w.stable })),
          ...h.applied(pagesDistinct(w)),
        ];
      }),
    {
      numRuns: Math.max(5, Math.floor(h.ctx.numRuns / 8)),
      // The same in every run: the whole range at the smallest page its walk allows, one day at one item a page.
      examples: [[rangeExamples(q).whole, 1] as [DateRange, number], [rangeExamples(q).firstDay, 1] as [DateRange, number]],
    },
  );
  h.observe('queriesNotPagedToTheEnd', incomplete);
  h.observe('walkEnds', walkEndsObserved(ends));
});

verifies('pagination/RP-2/same-total', ['RP-2'], 'totalCount is the same whatever limit and offset, and a page never exceeds limit', async (h) => {
  if (!(await needsTransactions(h, ['RP-2']))) return;
  const q = fixtureQuery(h);
  const first = await total(h, q);
  if (first.total === undefined) return;
  await h.property(
    pageRequest({ maxLimit: 100, maxOffset: first.total + 50 }),
    async (p) =>
      // The page against the count read earlier: judged on data that stayed still.
      onStill(h, ['RP-2'], async (h) => {
        const base = await total(h, q);
        const limit = await fitLimit(h, p.limit);
        const ex = await page(h, q, limit, p.offset);
        if (await capRefused(h, ex, limit)) return [];
        return [...h.applied(totalCountStable([base.ex, ex])), ...h.applied(pageWithinLimit(ex, { limit }))];
      }),
    {
      numRuns: Math.max(5, Math.floor(h.ctx.numRuns / 2)),
      // The same in every run: the first item alone, the last item, the first offset past the end, the largest page.
      examples: [
        { limit: 1, offset: 0 },
        { limit: 1, offset: Math.max(0, first.total - 1) },
        { limit: 10, offset: first.total },
        { limit: 100, offset: 0 },
      ],
    },
  );
});

verifies('pagination/RP-2/past-end', ['RP-2'], 'An offset at or past the end gives no items', async (h) => {
  if (!(await needsTransactions(h, ['RP-2']))) return;
  const q = fixtureQuery(h);
  // An offset past the count read earlier: judged on data that stayed still.
  await onStill(h, ['RP-2'], async (h) => {
    const base = await total(h, q);
    if (base.total === undefined) return;
    for (const offset of [base.total, base.total + 1, base.total + 1000]) {
      const ex = await page(h, q, 10, offset);
      if (ex.response?.status !== 200) continue;
      h.note('RP-2');
      const n = pageItems(ex).length;
      if (n > 0) h.fail('RP-2', 'An offset past the end still returned items', `${n} items at offset ${offset} of totalCount ${base.total}`, 'no items', ex);
    }
  });
});

verifies(
  'pagination/RP-2/read-to-end',
  ['RP-2'],
  'The fixture range read to its end with the largest page holds exactly totalCount transactions, whatever the page size',
  async (h) => {
    if (!(await needsTransactions(h, ['RP-2']))) return;
    const q = fixtureQuery(h);
    // Answers the other report tests fetched already (the walk of the fixture range at the largest
    // limit the target takes, its totalCount at limit 1): no request of its own on a full run.
    await onStill(h, ['RP-2'], async (h) => {
      const w = await walk(h, q);
      const one = await total(h, q);
      h.add(h.applied(walkHoldsTotal({ label: describeQuery(q), pages: w.pages, exhausted: w.exhausted, stable: w.stable })));
      h.add(h.applied(pagesDistinct(w)));
      // The same count at limit 1 as at the walk's limit: totalCount counts transactions, not pages or rows.
      h.add(h.applied(totalCountStable([...w.pages, one.ex].filter((ex) => ex.response?.status === 200))));
      // A walk that stopped at a page read before is judged by pagesDistinct (a finding), not left unread.
      if (w.end.reason === 'cap') h.inconclusive('RP-2', suiteSays('rpWalkNotEnded', { pages: w.pages.length, limit: w.limit }));
      if (w.end.reason === 'refused') h.inconclusive('RP-2', suiteSays('rpWalkBadPage', { offset: w.end.offset }));
    });
  },
);
