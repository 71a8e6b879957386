// 4.3 dateFrom/dateTo at arbitrary instants: ranges whose ends lie at mid-day (where a reading
// in another time zone cannot move them to another day, so RP-1 judges their exact days), and a
// range split at an instant with random milliseconds into two adjacent parts (RP-18).
import fc from 'fast-check';
import { parseIsoUtc, utcDay } from '../core/formats.ts';
import { dateRange, shortRange, type DateRange } from './date-range.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** ISO 8601 UTC with trailing Z; milliseconds only when there are some. */
export const isoInstant = (t: number) => new Date(t).toISOString().replace('.000Z', 'Z');

function bounds(within: DateRange): [number, number] {
  const min = parseIsoUtc(within.dateFrom);
  const max = parseIsoUtc(within.dateTo);
  if (min === null || max === null || min > max) throw new Error(`bad range ${within.dateFrom} .. ${within.dateTo}`);
  return [min, max];
}

/** An instant between 10:00:00 and 13:59:59 UTC of a day of `within` (clipped to it). */
function midday(min: number, max: number): fc.Arbitrary<number> {
  const days = Math.floor((utcDay(max) - utcDay(min)) / DAY);
  return fc
    .tuple(fc.integer({ min: 0, max: days }), fc.integer({ min: 0, max: 4 * 3600 - 1 }))
    .map(([d, s]) => Math.min(max, Math.max(min, utcDay(min) + d * DAY + 10 * HOUR + s * 1000)));
}

/** A sub-range of `within` whose ends lie at mid-day UTC (from <= to). */
export function middayRange(within: DateRange): fc.Arbitrary<DateRange> {
  const [min, max] = bounds(within);
  return fc.tuple(midday(min, max), midday(min, max)).map(([a, b]) => ({ dateFrom: isoInstant(Math.min(a, b)), dateTo: isoInstant(Math.max(a, b)) }));
}

export interface SplitRange {
  whole: DateRange;
  /** [whole.dateFrom, s] */
  first: DateRange;
  /** [s + 1 ms, whole.dateTo] */
  second: DateRange;
}

/**
 * A sub-range of `within` (long or short) and an instant s inside it (often near an end) with 1..998 milliseconds:
 * the parts [from, s] and [s + 1 ms, to]. Whether dateTo is inclusive and whether transactions
 * carry milliseconds are not shown; no transaction of whole seconds lies at s or s + 1 ms, so
 * every reading gives the same parts.
 */
export function splitRange(within: DateRange): fc.Arbitrary<SplitRange> {
  return fc
    .oneof(dateRange(within), shortRange(within))
    .filter((w) => parseIsoUtc(w.dateTo)! - parseIsoUtc(w.dateFrom)! >= 2000)
    .chain((whole) => {
      const from = parseIsoUtc(whole.dateFrom)!;
      const to = parseIsoUtc(whole.dateTo)!;
      const seconds = Math.floor((to - from) / 1000) - 1;
      // Anywhere, or within three days of either end: short parts of long ranges are where
      // boundary and de-duplication bugs show.
      const near = Math.min(seconds, 3 * 86_400);
      const at = fc.oneof(
        fc.integer({ min: 0, max: seconds }),
        fc.noBias(fc.integer({ min: 0, max: near })),
        fc.noBias(fc.integer({ min: seconds - near, max: seconds })),
      );
      return fc.tuple(at, fc.integer({ min: 1, max: 998 })).map(([k, ms]) => {
        const s = from + k * 1000 + ms;
        return { whole, first: { dateFrom: whole.dateFrom, dateTo: isoInstant(s) }, second: { dateFrom: isoInstant(s + 1), dateTo: whole.dateTo } };
      });
    });
}
