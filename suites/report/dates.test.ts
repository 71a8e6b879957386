// 4.3 rule 1 "The report contains transactions between dateFrom and dateTo" and 8 rule 3 "Dates
// of the report are interpreted in UTC", where time of day matters: every whole UTC day of the
// range, ranges split at instants with random milliseconds, and nested ranges.
import fc from 'fast-check';
import { parseIsoUtc, utcDay } from '../../core/formats.ts';
import { dayFacts, daySweepOf, daysNotMore, idsByDay, itemDay } from '../../contract/checks/report-dates.ts';
import { pageItemsExact, totalsRelation } from '../../contract/checks/report-relations.ts';
import { partitionOf, subsetOf } from '../../contract/checks/report-sets.ts';
import type { Finding } from '../../core/types.ts';
import { dateRange, rangeExamples, shortRange } from '../../generators/date-range.ts';
import { isoInstant, splitRange, type SplitRange } from '../../generators/report-range.ts';
import type { RoundHarness } from '../../runtime/held-round.ts';
import { verifies } from '../../runtime/verifies.ts';
import { sized } from '../../runtime/scarce.ts';
import { describeQuery, fixtureQuery, needsTransactions, total, type Query } from './query.ts';
import { idSet, walk, type Walk } from './walk.ts';
import { onStill } from './still.ts';
import { suiteSays } from '../../core/words/suites.ts';

const DAY = 86_400_000;
/** One-day ranges sent at most: a fixture range of more days is swept on a sample of them. */
const MAX_SWEEP_DAYS = 200;
/** ... and where the report quota is scarce (runtime/scarce.ts): the days of the sample. */
const SCARCE_SWEEP_DAYS = 8;

/** The days of `days`, or a sample of `max` of them drawn from the run's seed. */
function sample(days: number[], max: number, seed: number): number[] {
  if (days.length <= max) return days;
  return fc.sample(fc.shuffledSubarray(days, { minLength: max, maxLength: max }), { seed, numRuns: 1 })[0]!.sort((a, b) => a - b);
}

verifies(
  'dates/RP-17+RP-11+RP-1+RP-10',
  ['RP-17', 'RP-11', 'RP-1', 'RP-10'],
  'Every whole UTC day of the range, asked as [D 00:00:00Z, D 23:59:59Z], holds exactly the transactions dated D',
  async (h) => {
    const ids = ['RP-17', 'RP-11', 'RP-1', 'RP-10'];
    if (!(await needsTransactions(h, ids))) return;
    const q = fixtureQuery(h);
    // The days against the range read earlier: judged on data that stayed still.
    await onStill(h, ids, (h) => sweep(h, ids, q));
  },
);

/** RP-17, RP-11, RP-1, RP-10 on one reading: the days of the range against the range. */
async function sweep(h: RoundHarness, ids: string[], q: Query): Promise<void> {
  // The wider range: the fixture range, read whole (shared with the other report tests).
  const whole = await walk(h, q);
  const wider = idsByDay(whole.pages);
  if (wider.size === 0) {
    h.inconclusive(ids, suiteSays('rpNoDayFirstDate'));
    return;
  }
  // Each day's last second is the end of one range: a vendor that drops the time of dateTo, or
  // reads it as exclusive, misses the transactions of that day's end (RP-17).
  const days = sample(
    [...wider.keys()].sort((a, b) => a - b),
    sized(h, 'report', MAX_SWEEP_DAYS, SCARCE_SWEEP_DAYS, 'whole UTC days asked'),
    h.ctx.seed,
  );
  // Each day's walk is reduced to what the sweep compares as it ends: a sweep of many days holds
  // the pages of the days under way, not of every day (a day's page is kept only as evidence).
  const swept = await h.parallel(days, async (day) => {
    const w = await walk(h, { ...q, dateFrom: isoInstant(day), dateTo: isoInstant(day + DAY - 1000) });
    const facts = dayFacts({ day, pages: w.pages, exhausted: w.answered && w.exhausted }, wider);
    return { day, facts, stable: w.stable, total: w.total, keepsToDays: keepsToDays(w) };
  });
  h.add(
    h.applied(
      daySweepOf(
        swept.map((d) => d.facts),
        wider,
      ),
    ),
  );
  // RP-10: the days inside the range together hold no more than it - judged on totals that count
  // what the answers list, where every day keeps to its day (else RP-1, RP-11 or RP-2 report it).
  const [from, to] = [parseIsoUtc(q.dateFrom)!, parseIsoUtc(q.dateTo)!];
  const inside = swept.filter((d) => d.day >= from && d.day + DAY - 1000 <= to);
  if (!whole.stable || !inside.every((d) => d.stable)) h.inconclusive('RP-10', suiteSays('rpTotalsMoved'));
  else if (whole.total !== undefined && inside.every((d) => d.total !== undefined && d.keepsToDays)) {
    h.add(
      h.applied(
        daysNotMore(
          inside.map((d) => ({ day: utcDay(d.day), total: d.total! })),
          { label: describeQuery(q), total: whole.total, ...(whole.pages[0] ? { exchange: whole.pages[0] } : {}) },
        ),
      ),
    );
  }
}

/** The walk's items are dated within the UTC days of its range (or carry no date: RP-4's). */
function keepsToDays(w: Walk): boolean {
  const from = utcDay(parseIsoUtc(w.query.dateFrom)!);
  const to = utcDay(parseIsoUtc(w.query.dateTo)!);
  return w.pages.flatMap(pageItemsExact).every((item) => {
    const day = itemDay(item);
    return day === null || (day >= from && day <= to);
  });
}

const info = (requirementId: string, checkId: string, title: string, expected: string) => ({ checkId, requirementId, title, expected });

/** The split the examples phase sends in every run: the fixture range's first three days, cut at mid-day of the first with 499 ms. */
function splitExample(q: Query): SplitRange {
  const from = parseIsoUtc(q.dateFrom)!;
  const to = Math.min(parseIsoUtc(q.dateTo)!, utcDay(from) + 3 * DAY - 1000);
  const s = Math.min(to - 2, Math.max(from, utcDay(from) + DAY / 2) + 499);
  const whole = { dateFrom: q.dateFrom, dateTo: isoInstant(to) };
  return { whole, first: { dateFrom: whole.dateFrom, dateTo: isoInstant(s) }, second: { dateFrom: isoInstant(s + 1), dateTo: whole.dateTo } };
}

verifies(
  'dates/RP-18+RP-10',
  ['RP-18', 'RP-10'],
  'A range split at an instant with random milliseconds gives two disjoint parts that together are the range',
  async (h) => {
    if (!(await needsTransactions(h, ['RP-18', 'RP-10']))) return;
    const q = fixtureQuery(h);
    const dated = idsByDay((await walk(h, q)).pages);
    await h.property(
      splitRange(q),
      async ({ whole, first, second }) =>
        // Three ranges read at different moments: judged on data that stayed still.
        onStill(h, ['RP-18', 'RP-10'], async (h) => {
          // A first part that runs on past s to the end of the next day (RP-1: "between dateFrom and
          // dateTo") shows as transactions of that day: where that day holds none (the end of the data)
          // it cannot be told from parts that overlap, and the split is not judged.
          if (!dated.has(utcDay(parseIsoUtc(first.dateTo)!) + DAY)) return [];
          const [w, a, b] = await Promise.all([whole, first, second].map((r) => walk(h, { ...q, ...r })));
          const walks = [w!, a!, b!];
          // Relations between ranges are judged on answers read to their end that keep to their own
          // range days: a part holding other days is RP-1's or RP-11's (the one-day sweep reports it).
          if (!walks.every((x) => x.answered && x.exhausted && keepsToDays(x))) return [];
          const [W, A, B] = walks.map((x) => idSet(describeQuery(x.query), x));
          const sides = walks.map((x) => ({ label: describeQuery(x.query), exchanges: x.pages }));
          const partInWhole = info(
            'RP-10',
            'report.part-within-whole',
            'A part of a range holds transactions the range does not',
            'every transaction of [from, s] and of [s + 1 ms, to] in [from, to]',
          );
          const must: Finding[] = [
            ...h.applied(subsetOf(partInWhole, A!, W!)),
            ...h.applied(subsetOf(partInWhole, B!, W!)),
            ...(walks.every((x) => x.stable)
              ? h.applied(
                  totalsRelation(
                    info(
                      'RP-10',
                      'report.parts-not-more',
                      'Two adjacent ranges hold more than the range they make up',
                      'totalCount([from, s]) + totalCount([s + 1 ms, to]) <= totalCount([from, to])',
                    ),
                    [sides[1]!, sides[2]!, sides[0]!],
                    ([x, y, z]) => x! + y! <= z!,
                  ),
                )
              : []),
          ];
          if (must.length > 0) return must;
          return [
            ...h.applied(
              partitionOf(
                info(
                  'RP-18',
                  'report.split-partition',
                  'The parts of a split range are not disjoint, or not together the range',
                  '[from, s] and [s + 1 ms, to] disjoint, together exactly the transactions of [from, to]',
                ),
                [A!, B!],
                W!,
              ),
            ),
            // Totals add up where each answer's totalCount counts the transactions it lists (else RP-2/RP-10 report it).
            ...(walks.every((x) => x.counted)
              ? h.applied(
                  totalsRelation(
                    info(
                      'RP-18',
                      'report.split-totals',
                      'The totalCounts of the parts of a split range do not add up',
                      'totalCount([from, s]) + totalCount([s + 1 ms, to]) = totalCount([from, to])',
                    ),
                    [sides[1]!, sides[2]!, sides[0]!],
                    ([x, y, z]) => x! + y! === z!,
                  ),
                )
              : []),
          ];
        }),
      { numRuns: sized(h, 'report', Math.max(8, Math.floor(h.ctx.numRuns / 4)), 3, 'ranges split'), examples: [splitExample(q)] },
    );
  },
);

verifies('dates/RP-10', ['RP-10'], 'A narrower date range never holds more transactions than the range around it', async (h) => {
  if (!(await needsTransactions(h, ['RP-10']))) return;
  const q = fixtureQuery(h);
  // Inner ranges are often a single day or a few hours: short ranges are where paging and
  // de-duplication bugs hide.
  const nested = dateRange(q).chain((outer) => fc.oneof(dateRange(outer), shortRange(outer)).map((inner) => [outer, inner] as const));
  await h.property(
    nested,
    async ([outer, inner]) =>
      onStill(h, ['RP-10'], async (h) => {
        const o: Query = { ...q, ...outer };
        const i: Query = { ...q, ...inner };
        const sides = [
          { label: describeQuery(o), exchanges: [(await total(h, o)).ex] },
          { label: describeQuery(i), exchanges: [(await total(h, i)).ex] },
        ];
        return h.applied(
          totalsRelation(
            info('RP-10', 'report.narrower-not-more', 'A narrower range holds more transactions', 'totalCount(inner range) <= totalCount(outer range)'),
            sides,
            ([x, y]) => y! <= x!,
          ),
        );
      }),
    {
      numRuns: Math.max(5, Math.floor(h.ctx.numRuns / 2)),
      // The same in every run: a range in itself, its first whole day, its last second.
      examples: (({ whole, firstDay, lastSecond }) => [whole, firstDay, lastSecond].map((inner) => [whole, inner] as const))(rangeExamples(q)),
    },
  );
});
