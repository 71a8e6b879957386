// The report relations judge what a conforming target answers as conforming (noting evidence
// only when they applied to some transaction), and what each report defect answers as a finding
// filed under the requirement that defect breaks - each defect the reference can switch on is
// played here on synthetic exchanges.
import { describe, expect, it } from 'vitest';
import { dayFacts, daySweep, daySweepOf, daysNotMore, idsByDay, type DayAnswer } from '../../../contract/checks/report-dates.ts';
import { edgePage, noEarlierPage } from '../../../contract/checks/report-edges.ts';
import { pageIds, pagesPartitionWhole, totalsRelation } from '../../../contract/checks/report-relations.ts';
import { itemNameCounts, itemsInRange, TIME_ZONE_SHIFT_MS } from '../../../contract/checks/report.ts';
import { answersAgree, coveredBy, partitionOf, subsetOf, type IdSet } from '../../../contract/checks/report-sets.ts';
import { answer, idsPage, reportPage, tx, withEvidence } from '../report-exchanges.ts';
import { reportItem } from '../examples.ts';
import { findingText } from '../../../reports/render/finding.ts';

const set = (label: string, ids: number[]): IdSet => ({ label, ids: new Set(ids.map(String)) });
const info = (requirementId: string) => ({ checkId: 'x', requirementId, title: 't', expected: 'e' });

describe('pages of one query (RP-2)', () => {
  it('finds overlapping pages and pages that do not hold totalCount', () => {
    // rp-offset-overlap: each page starts one item early.
    expect(pagesPartitionWhole([idsPage([1, 2, 3], 5), idsPage([3, 4, 5], 5)]).findings.map((f) => f.checkId)).toEqual(['report.pages-disjoint']);
    // rp-totalcount-page: the walk reads on past the first totalCount.
    expect(pagesPartitionWhole([idsPage([1, 2], 2), idsPage([3, 4], 2)]).findings.map((f) => f.checkId)).toEqual(['report.pages-cover-whole']);
    expect(pagesPartitionWhole([idsPage([1, 2], 4), idsPage([3, 4], 4)]).findings).toEqual([]);
  });
  it('counts a report that repeats a transaction within a page by its entries (RP-10 reports the repeat)', () => {
    // rp-narrow-more: every transaction twice, and totalCount counts both.
    expect(pagesPartitionWhole([idsPage([1, 1, 2, 2], 6), idsPage([3, 3], 6)]).findings).toEqual([]);
    expect(pagesPartitionWhole([idsPage([1, 1, 2], 6), idsPage([2, 3, 3], 6)]).findings).toEqual([]);
    expect(pagesPartitionWhole([idsPage([1, 1, 2], 5)]).findings.map((f) => f.checkId)).toEqual(['report.pages-cover-whole']);
  });
  it('judges the sum only of a walk that reached totalCount, and notes nothing for an empty query', () => {
    expect(pagesPartitionWhole([idsPage([1, 2], 8), idsPage([], 8)], undefined, { complete: false }).findings).toEqual([]);
    expect(withEvidence(() => pagesPartitionWhole([idsPage([], 0)])).evidence).toEqual({});
  });
  it('reads transaction ids past 2^53 digit for digit', () => {
    const ex = answer(
      200,
      '{"status":true,"message":"m","code":"200","response":{"totalCount":2,"items":[{"transactionId":1152921504606846977},{"transactionId":1152921504606846978}]}}',
    );
    expect(pageIds(ex)).toEqual(['1152921504606846977', '1152921504606846978']);
    expect(pagesPartitionWhole([ex]).findings).toEqual([]);
  });
});

describe('relations between totals', () => {
  it('note evidence only when some total is not zero', () => {
    const rel = (a: number, b: number) =>
      withEvidence(() =>
        totalsRelation(
          info('RP-10'),
          [
            { label: 'a', exchanges: [idsPage([], a)] },
            { label: 'b', exchanges: [idsPage([], b)] },
          ],
          ([x, y]) => y! <= x!,
        ),
      );
    expect(rel(0, 0)).toEqual({ result: [], evidence: {} });
    expect(rel(3, 2)).toEqual({ result: [], evidence: { 'RP-10': 1 } });
    expect(findingText(rel(2, 3).result[0]!)).toBe('Received a: totalCount 2; b: totalCount 3\nExpected e');
  });
});

describe('relations between transaction ids', () => {
  it('a filter never adds (RP-19): a filter that leaves the range fails, an empty filter result is no evidence', () => {
    expect(withEvidence(() => subsetOf(info('RP-19'), set('productIds "7"', [1, 2]), set('no filter', [1, 2, 3])))).toEqual({
      result: [],
      evidence: { 'RP-19': 2 },
    });
    expect(findingText(subsetOf(info('RP-19'), set('productIds "7"', [1, 9]), set('no filter', [1, 2])).findings[0]!)).toMatch(
      /1 of the 2 transaction\(s\) of productIds "7" are not in no filter .*: 9/,
    );
    expect(withEvidence(() => subsetOf(info('RP-19'), set('p', []), set('w', [1]))).evidence).toEqual({});
  });
  it('widening a filter never removes, its ids hold the list (RP-19b): rp-filter-first-only is caught', () => {
    const a = set('"101"', [1, 2]);
    const b = set('"102"', [3, 4]);
    // The list "101,102" read as "101" only.
    const firstOnly = set('"101,102"', [1, 2]);
    expect(subsetOf(info('RP-19b'), b, firstOnly).findings).toHaveLength(1);
    expect(subsetOf(info('RP-19b'), a, firstOnly).findings).toEqual([]);
    expect(coveredBy(info('RP-19b'), [a, b], set('"101,102"', [1, 2, 3, 4])).findings).toEqual([]);
    expect(findingText(coveredBy(info('RP-19b'), [a, b], set('"101,102"', [1, 2, 3, 4, 5])).findings[0]!)).toMatch(/in none of "101", "102": 5/);
  });
  it('the parts of a range or of a module filter are disjoint and together the whole (RP-8, RP-9b, RP-18)', () => {
    expect(partitionOf(info('RP-18'), [set('[from, s]', [1, 2]), set('[s+1ms, to]', [3])], set('[from, to]', [1, 2, 3])).findings).toEqual([]);
    // rp-dateto-day-start: the first part ends at 00:00 of its day and misses the rest of it.
    expect(findingText(partitionOf(info('RP-18'), [set('[from, s]', [1]), set('[s+1ms, to]', [3])], set('[from, to]', [1, 2, 3])).findings[0]!)).toMatch(
      /1 transaction\(s\) of \[from, to\] are in no part: 2/,
    );
    // rp-module-filter-ignored: bom and mc both return the whole.
    expect(findingText(partitionOf(info('RP-8'), [set('bom', [1, 2]), set('mc', [1, 2])], set('all', [1, 2])).findings[0]!)).toMatch(/are in both bom and mc/);
    expect(withEvidence(() => partitionOf(info('RP-8'), [set('bom', []), set('mc', [])], set('all', []))).evidence).toEqual({});
  });
  it('identical requests agree (RP-21): rp-parallel-disagree counts one more while a twin is in flight', () => {
    const same = () => idsPage([1, 2], 40);
    expect(withEvidence(() => answersAgree(info('RP-21'), 'offset 0', [same(), same(), same()]))).toEqual({ result: [], evidence: { 'RP-21': 3 } });
    const f = answersAgree(info('RP-21'), 'offset 0', [idsPage([1, 2], 41), idsPage([1, 2], 41), same()]).findings;
    expect(findingText(f[0]!)).toMatch(/2 answered HTTP 200, totalCount 41.*1 answered HTTP 200, totalCount 40/);
    expect(answersAgree(info('RP-21'), 'offset 0', [same(), answer(500, 'oops')]).findings).toHaveLength(1);
    // A 429 says nothing about agreement; empty answers agree trivially.
    expect(answersAgree(info('RP-21'), 'offset 0', [same(), answer(429, '{}')]).findings).toEqual([]);
    expect(withEvidence(() => answersAgree(info('RP-21'), 'offset 0', [idsPage([], 0), idsPage([], 0)])).evidence).toEqual({});
  });
});

describe('the one-day sweep (RP-17, RP-11, RP-1)', () => {
  const D = Date.UTC(2026, 1, 27);
  const day = (d: number, ids: Array<[number, string]>, exhausted = true): DayAnswer => ({
    day: d,
    pages: [reportPage(ids.map(([id, date]) => tx(id, date)))],
    exhausted,
  });
  // The wider range: 1 and 2 dated 26/02, 3, 4 and 5 (the last at 23:59:59) dated 27/02, 6 dated 28/02.
  const wider = idsByDay([
    reportPage([tx(1, '26/02/2026'), tx(2, '26/02/2026'), tx(3, '27/02/2026'), tx(4, '27/02/2026'), tx(5, '27/02/2026'), tx(6, '28/02/2026')]),
  ]);
  const correct = [
    day(D - 86_400_000, [
      [1, '26/02/2026'],
      [2, '26/02/2026'],
    ]),
    day(D, [
      [3, '27/02/2026'],
      [4, '27/02/2026'],
      [5, '27/02/2026'],
    ]),
    day(D + 86_400_000, [[6, '28/02/2026']]),
  ];

  it('finds nothing in a target that keeps to whole UTC days, and notes what it checked', () => {
    expect(withEvidence(() => daySweep(correct, wider))).toEqual({ result: [], evidence: { 'RP-11': 3, 'RP-1': 6, 'RP-17': 6 } });
  });
  it('files a dropped last second (rp-dateto-exclusive) and a dropped time of dateTo (rp-dateto-day-start) under RP-17 only', () => {
    const exclusive = [
      correct[0]!,
      day(D, [
        [3, '27/02/2026'],
        [4, '27/02/2026'],
      ]),
      correct[2]!,
    ];
    expect(daySweep(exclusive, wider).findings.map((f) => [f.requirementId, f.checkId])).toEqual([['RP-17', 'report.day-range-whole']]);
    expect(findingText(daySweep(exclusive, wider).findings[0]!)).toMatch(/27\/02\/2026: misses 5/);
    const dayStart = [day(D - 86_400_000, []), day(D, [[3, '27/02/2026']]), day(D + 86_400_000, [])];
    expect(daySweep(dayStart, wider).findings.map((f) => f.requirementId)).toEqual(['RP-17']);
  });
  it('files a range that reaches into the next day (rp-range-day-after) under RP-1 only', () => {
    const after = [
      day(D - 86_400_000, [
        [1, '26/02/2026'],
        [2, '26/02/2026'],
        [3, '27/02/2026'],
      ]),
      ...correct.slice(1),
    ];
    expect(daySweep(after, wider).findings.map((f) => f.requirementId)).toEqual(['RP-1']);
  });
  it('files a range read in another time zone (rp-local-time) under RP-11 only, even on days it only misses', () => {
    // UTC+05:30: each day holds the evening of the day before and misses its own evening.
    const shifted = [
      day(D - 86_400_000, [[1, '26/02/2026']]),
      day(D, [
        [2, '26/02/2026'],
        [3, '27/02/2026'],
        [4, '27/02/2026'],
      ]),
      day(D + 86_400_000, [[5, '27/02/2026']]),
    ];
    expect(daySweep(shifted, wider).findings.map((f) => f.requirementId)).toEqual(['RP-11']);
  });
  it('finds one-day ranges that together hold more than their range (rp-narrow-more repeats the items of short ranges)', () => {
    const days = [
      { day: D, total: 3 },
      { day: D + 86_400_000, total: 1 },
    ];
    expect(withEvidence(() => daysNotMore(days, { label: 'the range', total: 6 }))).toEqual({ result: [], evidence: { 'RP-10': 1 } });
    const doubled = daysNotMore(
      days.map((d) => ({ ...d, total: 2 * d.total })),
      { label: 'the range', total: 6 },
    ).findings;
    expect(findingText(doubled[0]!)).toMatch(/2 one-day ranges hold 8 transactions in all \(most: 27\/02\/2026: 6, 28\/02\/2026: 2\); the range: totalCount 6/);
    expect(withEvidence(() => daysNotMore([{ day: D, total: 0 }], { label: 'r', total: 0 })).evidence).toEqual({});
  });
  it('does not judge missing transactions of a day whose pages were not read to the end', () => {
    expect(daySweep([day(D, [[3, '27/02/2026']], false)], wider).findings).toEqual([]);
  });
  it("keeps of a day's answer what the sweep compares: no page of a day that kept to it, its first page as evidence of one that did not", () => {
    const exclusive = day(D, [[3, '27/02/2026']]);
    expect(dayFacts(correct[1]!, wider)).toEqual({ day: D, exhausted: true, dated: 3, before: [], after: [], missing: [] });
    expect(dayFacts(exclusive, wider)).toMatchObject({ dated: 1, missing: ['4', '5'], evidence: exclusive.pages[0] });
    // Judged on the facts taken as each walk ended, the sweep finds what it finds on the pages.
    const answers = [correct[0]!, exclusive, correct[2]!];
    const ofFacts = daySweepOf(
      answers.map((a) => dayFacts(a, wider)),
      wider,
    );
    expect(ofFacts).toEqual(daySweep(answers, wider));
    expect(ofFacts.findings[0]!.exchange).toBe(exclusive.pages[0]);
  });
});

describe('limit and offset edges (RP-20)', () => {
  const whole = new Set(['1', '2', '3', '4']);
  const edge = (ex: ReturnType<typeof idsPage>, limit: bigint, offset: bigint) => edgePage(ex, { label: 'edge', limit, offset, total: 4, whole }).findings;
  it('takes a page of at most what was asked for, or a 4xx', () => {
    expect(edge(idsPage([], 4), 0n, 0n)).toEqual([]);
    expect(edge(idsPage([4], 4), 10n, 3n)).toEqual([]);
    expect(edge(idsPage([1, 2, 3, 4], 4), 2n ** 64n, 0n)).toEqual([]);
    expect(edge(answer(400, { status: false, message: 'limit too large', code: '400', response: null }), 2n ** 53n + 1n, 0n)).toEqual([]);
  });
  it('finds limit 0 answered with items (rp-limit-zero-all), an offset past the end that wraps (rp-offset-wraps), a 5xx and foreign items', () => {
    expect(edge(idsPage([1, 2, 3, 4], 4), 0n, 0n)[0]!.title).toMatch(/more items than the request asked for/);
    expect(findingText(edge(idsPage([1, 2], 4), 10n, 4n)[0]!)).toMatch(/2 items \(limit 10, offset 4, totalCount 4\)/);
    expect(edge(idsPage([1, 2], 4), 10n, 2n ** 53n + 1n)).toHaveLength(1);
    expect(edge(answer(500, 'Internal Server Error'), 2n ** 31n - 1n, 0n)[0]!.title).toMatch(/answered 500/);
    expect(edge(idsPage([9], 4), 10n, 0n)[0]!.title).toMatch(/transactions the query does not return/);
  });
  it('finds a page at the last offset that repeats the first', () => {
    expect(noEarlierPage({ label: 'offset 3' }, idsPage([1], 4), idsPage([4], 4)).findings).toEqual([]);
    expect(noEarlierPage({ label: 'offset 3' }, idsPage([1], 4), idsPage([1], 4)).findings[0]!.requirementId).toBe('RP-20');
  });
});

describe('single-page checks', () => {
  it('RP-1 allows a reading of the range up to 10 h off UTC, and judges mid-day ends exactly', () => {
    const page = reportPage([tx(1, '04/01/2026')]);
    expect(itemsInRange(page, { dateFrom: '2026-01-05T00:00:00Z', dateTo: '2026-01-05T23:59:59Z' }).findings).toHaveLength(1);
    expect(itemsInRange(page, { dateFrom: '2026-01-05T00:00:00Z', dateTo: '2026-01-05T23:59:59Z', shiftMs: TIME_ZONE_SHIFT_MS }).findings).toEqual([]);
    expect(
      itemsInRange(reportPage([tx(1, '06/01/2026')]), { dateFrom: '2026-01-05T10:00:00Z', dateTo: '2026-01-05T13:59:59Z', shiftMs: TIME_ZONE_SHIFT_MS })
        .findings,
    ).toHaveLength(1);
  });
  it('RP-3b compares names with quantities only in a group whose quantities keep RP-3', () => {
    const dropped = reportPage([{ ...reportItem, consumedQty: '2.5' }]); // rp-qty-mismatch: one quantity fewer
    expect(itemNameCounts(dropped, undefined).findings).toEqual([]);
    expect(itemNameCounts(reportPage([{ ...reportItem, consumedProduct: 'Flour' }]), undefined).findings).toHaveLength(1);
  });
});
