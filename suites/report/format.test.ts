// 2.5 and 4.3: every page of every report query has the 2.5 shape and formats, and its
// transactions are dated inside the requested range.
import fc from 'fast-check';
import { itemsInRange, pageWithinLimit, reportPageChecks, TIME_ZONE_SHIFT_MS } from '../../contract/checks/report.ts';
import { dateRange, rangeExamples } from '../../generators/date-range.ts';
import { pageRequest } from '../../generators/page-request.ts';
import { middayRange } from '../../generators/report-range.ts';
import { verifies } from '../../runtime/verifies.ts';
import { capRefused, fitLimit, fixtureQuery, needsTransactions, page, type Query } from './query.ts';

/** The same in every run: the whole range, both modules, the largest page; its first day, one module, from offset 1; its last second. */
function formatExamples(q: Query) {
  const { whole, firstDay, lastSecond } = rangeExamples(q);
  return [
    { range: whole, page: { limit: 60, offset: 0 }, modules: ['bom', 'mc'] },
    { range: firstDay, page: { limit: 1, offset: 1 }, modules: ['mc'] },
    { range: lastSecond, page: { limit: 1, offset: 0 }, modules: undefined },
  ];
}

verifies(
  'format/RP-7+RP-3+RP-3b+RP-4+RP-5+RP-6+RP-1+RP-2',
  ['RP-7', 'RP-3', 'RP-3b', 'RP-4', 'RP-5', 'RP-6', 'RP-1', 'RP-2'],
  'Every page of a random report query has well-formed transactions dated inside the requested range',
  async (h) => {
    const q = fixtureQuery(h);
    // RP-7 holds of an empty page too; the item formats need items.
    const some = await needsTransactions(h, ['RP-3', 'RP-3b', 'RP-4', 'RP-5', 'RP-6', 'RP-1', 'RP-2']);
    const query = fc.record({
      // Ends at mid-day UTC make RP-1 exact (a reading in another time zone cannot move them to
      // another day); ends at any instant, often around midnight, are judged beyond such a reading.
      range: fc.oneof(dateRange(q), middayRange(q)),
      page: pageRequest({ maxLimit: 60, maxOffset: 600 }),
      modules: fc.option(fc.subarray(['bom', 'mc'], { minLength: 1 }), { nil: undefined }),
    });
    await h.property(
      query,
      async ({ range, page: p, modules }) => {
        // 8 rule 2: "the maximum value of limit: not shown" - the vendor's own cap is respected.
        const limit = await fitLimit(h, p.limit);
        const ex = await page(h, { ...q, ...range, ...(modules ? { moduleName: modules } : {}) }, limit, p.offset);
        if (await capRefused(h, ex, limit)) return [];
        return [
          ...reportPageChecks.flatMap((check) => h.applied(check(ex, undefined))),
          ...h.applied(itemsInRange(ex, { ...range, shiftMs: TIME_ZONE_SHIFT_MS })),
          ...h.applied(pageWithinLimit(ex, { limit })),
        ];
      },
      { ...(some ? {} : { numRuns: 5 }), examples: formatExamples(q) },
    );
  },
);
