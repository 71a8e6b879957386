// 4.3 rule 2: "Pagination uses limit and offset for large result sets."
import fc from 'fast-check';
import { pagesPartitionWhole, totalCountStable } from '../../contract/checks/report-relations.ts';
import { pageItems, pageTotal, pageWithinLimit } from '../../contract/checks/report.ts';
import { dateRange } from '../../generators/date-range.ts';
import { pageRequest } from '../../generators/page-request.ts';
import { verifies } from '../support/harness.ts';
import { allPages, fixtureQuery, page, total } from './query.ts';

/** Pages walked at most per query: a server capping limit low is paged only this far. */
const MAX_PAGES = 40;

verifies(['RP-2'], 'Consecutive pages are disjoint and together hold totalCount transactions', async (h) => {
  const q = fixtureQuery(h);
  let incomplete = 0;
  await h.property(fc.tuple(dateRange(q), fc.integer({ min: 1, max: 60 })), async ([range, limit]) => {
    const sub = { ...q, ...range };
    const { total: t } = await total(h, sub);
    if (t === undefined) return []; // RP-7 reports it
    const { pages, complete } = await allPages(h, sub, Math.max(limit, Math.ceil(t / (MAX_PAGES - 5))), MAX_PAGES);
    if (!complete) incomplete++;
    const partition = pagesPartitionWhole(pages);
    return [...totalCountStable(pages), ...(complete ? partition : partition.filter((f) => f.checkId === 'report.pages-disjoint'))];
  }, { numRuns: Math.max(5, Math.floor(h.ctx.numRuns / 4)) });
  h.observe('queriesNotPagedToTheEnd', incomplete);
});

verifies(['RP-2'], 'totalCount is the same whatever limit and offset, and a page never exceeds limit', async (h) => {
  const q = fixtureQuery(h);
  const base = await total(h, q);
  if (base.total === undefined) return;
  await h.property(pageRequest({ maxLimit: 100, maxOffset: base.total + 50 }), async ({ limit, offset }) => {
    const ex = await page(h, q, limit, offset);
    return [...totalCountStable([base.ex, ex]), ...pageWithinLimit(ex, { limit })];
  });
});

verifies(['RP-2'], 'An offset at or past the end gives no items', async (h) => {
  const q = fixtureQuery(h);
  const base = await total(h, q);
  if (base.total === undefined) return;
  for (const offset of [base.total, base.total + 1, base.total + 1000]) {
    const ex = await page(h, q, 10, offset);
    const n = pageItems(ex).length;
    if (n > 0) h.fail('RP-2', 'An offset past the end still returned items', `${n} items at offset ${offset} of totalCount ${base.total}`, 'no items', ex);
  }
});

verifies(['RP-13'], 'The largest limit the target honours is recorded', async (h) => {
  const q = fixtureQuery(h);
  const observed: Record<string, unknown> = {};
  for (const limit of [100, 500, 1000, 10_000]) {
    const ex = await page(h, q, limit, 0);
    observed[String(limit)] = { status: ex.response?.status ?? ex.failure?.kind, items: pageItems(ex).length, totalCount: pageTotal(ex) };
  }
  h.observe('limitHonoured', observed);
});
