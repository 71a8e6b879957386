// The report generators make what their names say: mid-day ranges, ranges split at an instant
// with milliseconds into adjacent parts, and filter text across scripts, separators and lengths.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILTER_KEYS } from '../../config/schema.ts';
import { ISO_UTC, parseIsoUtc } from '../../core/formats.ts';
import { anyFilter, filterText, ODD_FILTERS } from '../../generators/filter-text.ts';
import { middayRange, splitRange } from '../../generators/report-range.ts';

const range = { dateFrom: '2026-01-01T00:00:00Z', dateTo: '2026-04-30T23:59:59Z' };
const at = (iso: string) => parseIsoUtc(iso)!;
const hourOf = (iso: string) => new Date(at(iso)).getUTCHours();

describe('middayRange()', () => {
  it('makes ranges of the fixture range whose ends lie between 10:00 and 14:00 UTC', () => {
    fc.assert(
      fc.property(middayRange(range), (r) => {
        expect(r.dateFrom).toMatch(ISO_UTC);
        expect(at(r.dateFrom)).toBeLessThanOrEqual(at(r.dateTo));
        for (const end of [r.dateFrom, r.dateTo]) {
          expect(hourOf(end)).toBeGreaterThanOrEqual(10);
          expect(hourOf(end)).toBeLessThan(14);
          expect(at(end)).toBeGreaterThanOrEqual(at(range.dateFrom));
          expect(at(end)).toBeLessThanOrEqual(at(range.dateTo));
        }
      }),
    );
  });
});

describe('splitRange()', () => {
  it('splits a range of the fixture range at an instant with 1..998 ms into [from, s] and [s + 1 ms, to]', () => {
    fc.assert(
      fc.property(splitRange(range), ({ whole, first, second }) => {
        for (const r of [whole, first, second]) expect(r.dateTo).toMatch(ISO_UTC);
        const s = at(first.dateTo);
        expect(first.dateFrom).toBe(whole.dateFrom);
        expect(second.dateTo).toBe(whole.dateTo);
        expect(at(second.dateFrom)).toBe(s + 1);
        expect(s % 1000).toBeGreaterThanOrEqual(1);
        expect(s % 1000).toBeLessThanOrEqual(998);
        expect(s).toBeGreaterThan(at(whole.dateFrom));
        expect(s + 1).toBeLessThan(at(whole.dateTo));
        expect(at(whole.dateFrom)).toBeGreaterThanOrEqual(at(range.dateFrom));
        expect(at(whole.dateTo)).toBeLessThanOrEqual(at(range.dateTo));
      }),
    );
  });
  it('splits long and short ranges, and in different days as well as in one', () => {
    const samples = fc.sample(splitRange(range), { seed: 7, numRuns: 300 });
    const days = (a: string, b: string) => Math.floor(at(b) / 86_400_000) - Math.floor(at(a) / 86_400_000);
    expect(samples.some((x) => days(x.whole.dateFrom, x.whole.dateTo) > 7)).toBe(true);
    expect(samples.some((x) => at(x.whole.dateTo) - at(x.whole.dateFrom) < 86_400_000)).toBe(true);
    expect(samples.some((x) => days(x.first.dateTo, x.whole.dateTo) > 0)).toBe(true);
  });
});

describe('filterText', () => {
  const samples = fc.sample(filterText, { seed: 3, numRuns: 2000 });
  it('makes odd separators, Indic and right-to-left scripts, emoji, and values of 255, 1,000 and 10,000 characters', () => {
    const lengths = new Set(samples.map((s) => Array.from(s).length));
    for (const n of [255, 1000, 10_000]) expect(lengths.has(n)).toBe(true);
    expect(Math.max(...lengths)).toBe(10_000);
    for (const odd of ['1;2', ' 1 , 2 ', '1,,2', '[1,2]', '-1', '1e3']) expect(ODD_FILTERS).toContain(odd);
    const has = (re: RegExp) => samples.some((s) => re.test(s));
    expect(has(/[\u0900-\u097f]/)).toBe(true); // Devanagari
    expect(has(/[\u0b80-\u0bff]/)).toBe(true); // Tamil
    expect(has(/[\u0980-\u09ff]/)).toBe(true); // Bengali
    expect(has(/[\u0600-\u06ff\u0590-\u05ff]/)).toBe(true); // right to left
    expect(has(/\p{Extended_Pictographic}/u)).toBe(true); // emoji
    expect(has(/[\u0300-\u036f]/)).toBe(true); // combining marks
  });
  it('puts the text into every id filter and into moduleName', () => {
    const fields = new Set(fc.sample(anyFilter, { seed: 5, numRuns: 400 }).map((f) => f.field));
    expect([...fields].sort()).toEqual([...FILTER_KEYS, 'moduleName'].sort());
    for (const f of fc.sample(anyFilter, { seed: 6, numRuns: 50 })) expect(Array.isArray(f.value)).toBe(f.field === 'moduleName');
  });
});
