// RP-2 on how a walk ended: a later page with items that equals an earlier one is a finding with
// the repeated page as its evidence; the other ends are not judged here.
import { describe, expect, it } from 'vitest';
import { pageDigest, walkEndsObserved, walkPagesDistinct, type WalkEnd } from '../../../contract/checks/report-walk.ts';
import { idsPage } from '../report-exchanges.ts';

describe('pageDigest', () => {
  it('is the same for the same ids in the same order, and differs otherwise; empty for a page without items', () => {
    expect(pageDigest(idsPage([1, 2, 3], 9))).toBe(pageDigest(idsPage([1, 2, 3], 12)));
    expect(pageDigest(idsPage([1, 2, 3], 9))).not.toBe(pageDigest(idsPage([3, 2, 1], 9)));
    expect(pageDigest(idsPage([1, 2], 9))).not.toBe(pageDigest(idsPage([1, 2, 3], 9)));
    expect(pageDigest(idsPage([], 9))).toBe('');
  });
});

describe('walkPagesDistinct', () => {
  const repeated = idsPage([1, 2], 10);
  it('finds a page that repeats an earlier one, with that page as evidence', () => {
    const end: WalkEnd = { reason: 'repeat', pages: 2, offset: 2, repeats: 0, exchange: repeated };
    const r = walkPagesDistinct('the fixture range', end);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ checkId: 'report.walk-page-repeats', requirementId: 'RP-2', exchange: repeated });
    expect(r.evidence).toEqual([{ requirementId: 'RP-2', n: 1, via: 'report.walk-page-repeats' }]);
  });
  it('judges no other end, and a walk of one page not at all', () => {
    for (const reason of ['total', 'empty', 'cap', 'refused'] as const) expect(walkPagesDistinct('q', { reason, pages: 3, offset: 4 }).findings).toEqual([]);
    expect(walkPagesDistinct('q', { reason: 'total', pages: 1, offset: 0 })).toEqual({ findings: [], evidence: [] });
  });
});

describe('walkEndsObserved', () => {
  it('counts the ends by reason and names the first walk the cap cut', () => {
    const ends = [
      { label: 'a', end: { reason: 'total', pages: 2, offset: 20 } },
      { label: 'b', end: { reason: 'cap', pages: 25, offset: 480 } },
      { label: 'c', end: { reason: 'cap', pages: 25, offset: 960 } },
    ] satisfies Array<{ label: string; end: WalkEnd }>;
    expect(walkEndsObserved(ends)).toEqual({ byReason: { total: 1, cap: 2 }, firstCapped: 'b: 25 pages, the last at offset 480' });
  });
});
