// The quick set and the whole set (test/full-set.ts): a table's cases are all run in the whole set;
// the quick set runs its part and lists the others as skipped, never drops them silently.
import { describe, expect, it } from 'vitest';
import { casesOf, isFullSet, quickCases } from './full-set.ts';

const ALL = ['a', 'b', 'c'];
const QUICK = { ERP_FULL_MATRIX: '' };
const FULL = { ERP_FULL_MATRIX: '1' };

describe('the quick set and the whole set', () => {
  it('is the whole set with ERP_FULL_MATRIX=1 or true only', () => {
    expect(isFullSet(FULL)).toBe(true);
    expect(isFullSet({ ERP_FULL_MATRIX: 'true' })).toBe(true);
    expect(isFullSet(QUICK)).toBe(false);
    expect(isFullSet({ ERP_FULL_MATRIX: '0' })).toBe(false);
  });

  it('takes every case in the whole set and the quick ones, in table order, in the quick set', () => {
    expect(casesOf(ALL, ['c', 'a'], FULL)).toEqual(ALL);
    expect(casesOf(ALL, ['c', 'a'], QUICK)).toEqual(['a', 'c']);
  });

  describe('quickCases in the quick set', () => {
    const run = quickCases(ALL, ['a'], 'case %s (CI: the whole set)', QUICK);
    it('returns the quick cases (the others are listed as skipped tests beside this one)', () => {
      expect(run).toEqual(['a']);
    });
  });

  describe('quickCases in the whole set', () => {
    const run = quickCases([['x', 1] as const, ['y', 2] as const], [], 'tuple %s (never listed)', FULL);
    it('returns every case and lists none as skipped', () => {
      expect(run.map(([name]) => name)).toEqual(['x', 'y']);
    });
  });
});
