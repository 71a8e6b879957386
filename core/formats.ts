// Field formats as the spec states them, shared by schemas, checks, generators and the reference.

/** 2.5 date: "day/month/year, two-digit day and month, four-digit year". */
export const DAY_MONTH_YEAR = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** 4.3 dateFrom/dateTo: "ISO 8601 in UTC (trailing Z)". */
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?Z$/;

/** 2.5 "comma-joined amounts with two decimals". */
export const AMOUNT_2DP = /^-?\d+\.\d{2}$/;

/** 2.5 "comma-joined quantities": a decimal number. */
export const QUANTITY = /^-?\d+(\.\d+)?$/;

/** 2.3 opening: "decimal amount as text"; creditLimit: "numeric amount as text". */
export const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** 4.3 branchList: "comma-separated branch ids". */
export const ID_LIST = /^\d+(,\d+)*$/;

/** Splits a comma-joined field into its elements; the empty string holds no element. */
export function splitJoined(value: string): string[] {
  return value === '' ? [] : value.split(',');
}

/** Parses a dd/mm/yyyy date to its UTC day (ms at 00:00Z), or null when it is no calendar day. */
export function parseDayMonthYear(value: string): number | null {
  const m = DAY_MONTH_YEAR.exec(value);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return t;
}

/** Formats an instant as the dd/mm/yyyy of its UTC day. */
export function formatDayMonthYear(t: number): string {
  const d = new Date(t);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/** Parses an ISO 8601 UTC instant with trailing Z, or null. */
export function parseIsoUtc(value: string): number | null {
  if (!ISO_UTC.test(value)) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

/** Start of the UTC day holding t. */
export function utcDay(t: number): number {
  return Math.floor(t / 86_400_000) * 86_400_000;
}
