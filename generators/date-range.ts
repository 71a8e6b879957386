// 4.3 dateFrom/dateTo: a sub-range of a range, ISO 8601 in UTC with trailing Z; bounds are often
// put on or one second around UTC midnight, where a time-zone mistake shows (8 rule 3).
import fc from 'fast-check';
import { parseIsoUtc, utcDay } from '../core/formats.ts';

export interface DateRange {
  dateFrom: string;
  dateTo: string;
}

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().replace('.000Z', 'Z');

function instant(min: number, max: number): fc.Arbitrary<number> {
  return fc
    .oneof(
      fc.integer({ min, max }).map((t) => Math.floor(t / 1000) * 1000),
      fc.integer({ min, max }).chain((t) => fc.constantFrom(0, -1000, 1000, DAY - 1000).map((d) => utcDay(t) + d)),
    )
    .map((t) => Math.min(max, Math.max(min, t)));
}

/** A sub-range [from, to] of `within`, from <= to. */
export function dateRange(within: DateRange): fc.Arbitrary<DateRange> {
  const min = parseIsoUtc(within.dateFrom);
  const max = parseIsoUtc(within.dateTo);
  if (min === null || max === null || min > max) throw new Error(`dateRange(): bad range ${within.dateFrom} .. ${within.dateTo}`);
  return fc.tuple(instant(min, max), instant(min, max)).map(([a, b]) => ({ dateFrom: iso(Math.min(a, b)), dateTo: iso(Math.max(a, b)) }));
}

/** A range holding exactly one whole UTC day of `within`: [D 00:00:00Z, D 23:59:59Z]. */
export function oneDay(within: DateRange): fc.Arbitrary<DateRange> {
  const min = utcDay(parseIsoUtc(within.dateFrom)!);
  const max = utcDay(parseIsoUtc(within.dateTo)!);
  return fc.integer({ min: 0, max: Math.floor((max - min) / DAY) }).map((k) => ({ dateFrom: iso(min + k * DAY), dateTo: iso(min + k * DAY + DAY - 1000) }));
}

/** A short sub-range of `within`: from one second to three days long, clipped to `within`. */
export function shortRange(within: DateRange): fc.Arbitrary<DateRange> {
  const min = parseIsoUtc(within.dateFrom)!;
  const max = parseIsoUtc(within.dateTo)!;
  return fc.tuple(instant(min, max), fc.integer({ min: 1, max: 3 * 86_400 })).map(([start, seconds]) => ({
    dateFrom: iso(start),
    dateTo: iso(Math.min(max, start + seconds * 1000)),
  }));
}

/**
 * The boundary ranges of `within` (a property's examples: the same in every run, whatever the
 * seed): the whole range, its first whole UTC day (clipped to it), and its last second.
 */
export function rangeExamples(within: DateRange): { whole: DateRange; firstDay: DateRange; lastSecond: DateRange } {
  const min = parseIsoUtc(within.dateFrom)!;
  const max = parseIsoUtc(within.dateTo)!;
  const dayEnd = Math.min(max, utcDay(min) + DAY - 1000);
  return {
    whole: { dateFrom: within.dateFrom, dateTo: within.dateTo },
    firstDay: { dateFrom: iso(min), dateTo: iso(dayEnd) },
    lastSecond: { dateFrom: iso(Math.max(min, Math.floor(max / 1000) * 1000 - 1000)), dateTo: iso(max) },
  };
}
