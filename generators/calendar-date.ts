// 2.3 dateOfBirth / anniversaryDate: a day written in the target's format, or "" ("empty string when absent").
import fc from 'fast-check';

export type DateFormat = 'YYYY-MM-DD' | 'DD-MM-YYYY' | 'DD/MM/YYYY';

export function formatDate(t: Date, format: DateFormat): string {
  const y = String(t.getUTCFullYear());
  const m = String(t.getUTCMonth() + 1).padStart(2, '0');
  const d = String(t.getUTCDate()).padStart(2, '0');
  return format === 'YYYY-MM-DD' ? `${y}-${m}-${d}` : format === 'DD-MM-YYYY' ? `${d}-${m}-${y}` : `${d}/${m}/${y}`;
}

/** A past calendar day in `format`, or "" when format is null (the target takes no dates). */
export function calendarDate(constraints: { format: DateFormat | null; min?: Date; max?: Date }): fc.Arbitrary<string> {
  if (constraints.format === null) return fc.constant('');
  const format = constraints.format;
  const min = constraints.min ?? new Date('1940-01-01T00:00:00Z');
  const max = constraints.max ?? new Date('2008-12-31T00:00:00Z');
  return fc.date({ min, max, noInvalidDate: true }).map((t) => formatDate(t, format));
}
