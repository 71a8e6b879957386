// The report's checks on counts and edges: pages' union = totalCount = the walk (report-count.ts),
// and a transaction located at the second t is in [t, t] and dated the UTC day of t
// (report-instant.ts). Synthetic exchanges, as a conforming or a broken target answers.
import { describe, expect, it } from 'vitest';
import { walkHoldsTotal } from '../../../contract/checks/report-count.ts';
import { dateIsUtcDayOf, pointHoldsLocated } from '../../../contract/checks/report-instant.ts';
import { answer, idsPage, reportPage, tx, withEvidence } from '../report-exchanges.ts';
import { findingText } from '../../../reports/render/finding.ts';

const walkOf = (pages: ReturnType<typeof idsPage>[], o: { exhausted?: boolean; stable?: boolean } = {}) => ({
  label: 'q',
  pages,
  exhausted: o.exhausted ?? true,
  stable: o.stable ?? true,
});

describe("pages' union = totalCount = the walk (RP-2)", () => {
  it('passes a walk whose pages hold totalCount distinct transactions, and notes it', () => {
    const { result, evidence } = withEvidence(() => walkHoldsTotal(walkOf([idsPage([1, 2], 3), idsPage([3], 3)])));
    expect(result).toEqual([]);
    expect(evidence).toEqual({ 'RP-2': 1 });
  });
  it('fails a totalCount of join rows: the walk ends at an empty page long before it (rp-total-counts-join-rows)', () => {
    const f = walkHoldsTotal(walkOf([idsPage([1, 2], 7), idsPage([3], 7), idsPage([], 7)])).findings;
    expect(f.map((x) => [x.checkId, x.requirementId])).toEqual([['report.count-is-walk', 'RP-2']]);
    expect(f[0]!.title).toMatch(/counts more transactions than the pages hold/);
    expect(findingText(f[0]!)).toMatch(/totalCount 7; .*empty page at offset 3: 3 distinct transactions/);
  });
  it('counts a transaction repeated across pages once', () => {
    expect(walkHoldsTotal(walkOf([idsPage([1, 2], 4), idsPage([2, 3], 4)])).findings.map((x) => x.checkId)).toEqual(['report.count-is-walk']);
  });
  it('counts a report that repeats transactions within a page by its entries (RP-10 reports the repeat)', () => {
    expect(walkHoldsTotal(walkOf([idsPage([1, 1, 2, 2], 4)])).findings).toEqual([]);
  });
  it('judges only walks read to their end whose pages agree on totalCount, and notes nothing for an empty query', () => {
    expect(withEvidence(() => walkHoldsTotal(walkOf([idsPage([1, 2], 9)], { exhausted: false }))).evidence).toEqual({});
    expect(walkHoldsTotal(walkOf([idsPage([1, 2], 2), idsPage([3], 1)], { stable: false })).findings).toEqual([]);
    expect(withEvidence(() => walkHoldsTotal(walkOf([idsPage([], 0)]))).evidence).toEqual({});
  });
});

describe('[t, t] holds the transaction located at t (RP-25)', () => {
  const t = Date.UTC(2026, 0, 5, 18, 22, 3);
  it('passes a point range that holds it, and notes one case', () => {
    const { result, evidence } = withEvidence(() => pointHoldsLocated({ id: '7', t, point: idsPage([7]) }));
    expect(result).toEqual([]);
    expect(evidence).toEqual({ 'RP-25': 1 });
  });
  it('fails a point range that leaves it out (an exclusive dateTo, or an instant range answered empty)', () => {
    const f = pointHoldsLocated({ id: '7', t, point: idsPage([]) }).findings;
    expect(f.map((x) => [x.checkId, x.requirementId])).toEqual([['report.point-range-holds-located', 'RP-25']]);
    expect(findingText(f[0]!)).toMatch(
      /transaction 7, located at 2026-01-05T18:22:03.000Z .* is not in \[2026-01-05T18:22:03.000Z, 2026-01-05T18:22:03.000Z\]/,
    );
  });
  it('takes a refusal of an instant range, and then judges the one-second range ending at t', () => {
    const refused = answer(400, { status: false, message: 'dateFrom must be before dateTo', code: '400', response: null });
    expect(pointHoldsLocated({ id: '7', t, point: refused, second: idsPage([6, 7]) }).findings).toEqual([]);
    const f = pointHoldsLocated({ id: '7', t, point: refused, second: idsPage([6]) }).findings;
    expect(findingText(f[0]!)).toMatch(/\[2026-01-05T18:22:02.000Z, 2026-01-05T18:22:03.000Z\] \(after \[t, t\] was refused: HTTP 400/);
  });
  it('notes nothing where no answer decides (a 5xx, a quota)', () => {
    expect(withEvidence(() => pointHoldsLocated({ id: '7', t, point: answer(429, 'slow down') })).evidence).toEqual({});
  });
});

describe('the date of a located transaction is the UTC day of its instant (RP-11)', () => {
  const exchange = reportPage([tx(7, '05/01/2026')]);
  it('passes the UTC day, and the next day for a transaction located in the last second (an exclusive dateFrom)', () => {
    expect(dateIsUtcDayOf({ id: '7', t: Date.UTC(2026, 0, 5, 18, 22, 3), date: '05/01/2026', exchange }).findings).toEqual([]);
    expect(dateIsUtcDayOf({ id: '7', t: Date.UTC(2026, 0, 5, 23, 59, 59), date: '06/01/2026', exchange }).findings).toEqual([]);
  });
  it('leaves a date that is no dd/mm/yyyy to RP-4, noting nothing', () => {
    expect(withEvidence(() => dateIsUtcDayOf({ id: '7', t: Date.UTC(2026, 0, 5, 18, 22, 3), date: '2026-01-06', exchange })).evidence).toEqual({});
  });
  it('fails a date of another zone: located at 18:22Z on 5 January, dated the 6th (UTC+05:30)', () => {
    const f = dateIsUtcDayOf({ id: '7', t: Date.UTC(2026, 0, 5, 18, 22, 3), date: '06/01/2026', exchange }).findings;
    expect(f.map((x) => [x.checkId, x.requirementId, findingText(x)])).toEqual([
      [
        'report.located-date-utc',
        'RP-11',
        'Received transaction 7, located at 2026-01-05T18:22:03.000Z by UTC ranges, is dated 06/01/2026\nExpected date 05/01/2026 (the UTC day of its instant)',
      ],
    ]);
  });
});
