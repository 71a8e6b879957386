// 4.3: which transactions a report request selects (filters, UTC range) - before pagination.
import type { ReportRequest } from '../contract/schemas/report.ts';
import { DAY_MS, type Product, type ReferenceData, type Transaction } from './data.ts';
import type { FaultName } from './faults.ts';
import { REPORT_ORDERS } from './profiles/strategies.ts';
import type { IdListFormat, Profile } from './profiles/types.ts';
import { branchesOfText } from './branch-list-text.ts';
import { bound, IndexedRange, indexOf } from './report-index.ts';
import { HttpError, invalid } from './respond.ts';
import { PYTHON_INT_MAX_DIGITS, stackId } from './stack-int.ts';

type Faults = ReadonlySet<FaultName>;
type GroupKey = keyof Pick<Product, 'categoryId' | 'subCategoryId' | 'brandId' | 'subBrandId' | 'departmentId'>;
const IST_OFFSET_MS = 5.5 * 3_600_000;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number written by `n` decimal digits at `at`, or -1. */
function digitsAt(text: string, at: number, n: number): number {
  let v = 0;
  for (let i = at; i < at + n; i++) {
    const c = text.charCodeAt(i) - 48;
    if (!(c >= 0 && c <= 9)) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** An ISO 8601 UTC instant of the contract's ISO_UTC shape - YYYY-MM-DDTHH:MM[:SS[.f{1,9}]]Z -
 *  whose fields are a real date and time, or null. (Read by hand: it runs on every report.)
 *  `zOptional`: the same without the trailing Z, read as UTC (8 rule 3). */
export function strictInstant(text: string, zOptional = false): number | null {
  const y = digitsAt(text, 0, 4);
  const mo = digitsAt(text, 5, 2);
  const d = digitsAt(text, 8, 2);
  const h = digitsAt(text, 11, 2);
  const mi = digitsAt(text, 14, 2);
  if (y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || text[4] !== '-' || text[7] !== '-' || text[10] !== 'T' || text[13] !== ':') return null;
  let at = 16;
  let s = 0;
  let ms = 0;
  if (text[at] === ':') {
    s = digitsAt(text, at + 1, 2);
    if (s < 0) return null;
    at += 3;
    if (text[at] === '.') {
      let n = 0;
      while (n < 10 && digitsAt(text, at + 1 + n, 1) >= 0) n++;
      if (n < 1 || n > 9) return null;
      // Milliseconds: the first three digits of the fraction (Date.parse truncates the same way).
      ms = digitsAt(text, at + 1, Math.min(n, 3)) * 10 ** (3 - Math.min(n, 3));
      at += 1 + n;
    }
  }
  const withoutZ = zOptional && text.length === at;
  if (!withoutZ && (text[at] !== 'Z' || text.length !== at + 1)) return null;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = mo === 2 && leap ? 29 : DAYS_IN_MONTH[mo - 1];
  if (days === undefined || d < 1 || d > days || h > 23 || mi > 59 || s > 59) return null;
  const t = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  // Date.UTC reads years 0-99 as 1900-1999.
  return y < 100 ? new Date(t).setUTCFullYear(y) : t;
}

/** 4.3: "dateFrom | string | yes | start of range, ISO 8601 in UTC (trailing Z)". */
function instant(faults: Faults, profile: Profile, name: string, text: string, unbounded: number): number {
  // RP-15: a vendor may read a date without the Z as UTC (8 rule 3: "Dates ... are interpreted in UTC").
  const t = strictInstant(text, profile.report.zlessDates === 'utc');
  if (t !== null) return t;
  // 4.3: dateFrom/dateTo are "ISO 8601 in UTC (trailing Z)"; others are refused (RP-12).
  if (faults.has('rp-accepts-bad-dates')) {
    const loose = Date.parse(text);
    return Number.isNaN(loose) ? unbounded : loose;
  }
  invalid(`${name} must be a real ISO 8601 UTC instant with trailing Z, got ${JSON.stringify(text.slice(0, 40))}`);
}

const ID_LISTS: Record<IdListFormat, { re: RegExp; says: string }> = {
  comma: { re: /^\d{1,15}(,\d{1,15})*$/, says: 'comma-separated ids without spaces, like "1,2"' },
  'comma-spaces': { re: /^\s*\d{1,15}\s*(,\s*\d{1,15}\s*)*$/, says: 'comma-separated ids, like "1, 2"' },
  single: { re: /^\d{1,15}$/, says: 'one id' },
};

/** A stack-shaped vendor's format check: digit runs of any length (its parser reads them after: stack-int.ts). */
const STACK_ID_LISTS: Record<IdListFormat, RegExp> = {
  comma: /^[0-9]+(,[0-9]+)*$/,
  'comma-spaces': /^\s*[0-9]+\s*(,\s*[0-9]+\s*)*$/,
  single: /^[0-9]+$/,
};

/** rp-500-long-digits: a list of digit runs that passed a format check, one of them too long for int(). */
function pythonIntRefuses(text: string): boolean {
  return /^\s*\d+\s*(,\s*\d+\s*)*$/.test(text) && text.split(',').some((p) => p.trim().length > PYTHON_INT_MAX_DIGITS);
}

/** 4.3: filter id strings; "" means no filter; otherwise the profile's list format (RP-14), read by its stack's parser. */
function idFilter(faults: Faults, profile: Profile, name: string, text: string | undefined): Set<number> | null {
  const format = profile.report.idList;
  // 4.3: "an empty string meaning no filter" (RP-22).
  if (text !== undefined && text.trim() === '' && faults.has('rp-empty-filter-nothing')) return new Set();
  if (text === undefined || text.trim() === '') return null;
  if (faults.has('rp-500-long-digits') && pythonIntRefuses(text)) throw new HttpError(500, 'Internal Server Error');
  const stack = profile.stack;
  if (!(stack ? STACK_ID_LISTS[format] : ID_LISTS[format].re).test(text)) invalid(`${name} must be ${ID_LISTS[format].says}`);
  // A stack-shaped vendor parses each id with its language's parser: at its limit, a 500 (stack-int.ts).
  const ids = text.split(',').map((p) => (stack ? stackId(stack, p.trim()) : Number(p.trim())));
  // 4.3 "filter by recipe ids" (RP-19: a filter never adds; RP-19b: every listed id counts).
  if (faults.has('rp-filter-ignored')) return null;
  return new Set(faults.has('rp-filter-first-only') ? ids.slice(0, 1) : ids);
}

const ALL_MODULES = ['bom', 'mc'];
const GROUP_FILTERS = ['categoryIds', 'subCategoryIds', 'brandIds', 'subBrandIds', 'departmentIds'] as const;

/** The transactions a report request selects, in report order. */
export class Selection {
  constructor(
    private readonly source: IndexedRange | Transaction[],
    /** Number of entries in branchList (before removing repeats). */
    readonly listedBranches: number,
    /** Length of the requested range in ms. */
    readonly rangeMs: number,
  ) {}

  get total(): number {
    return Array.isArray(this.source) ? this.source.length : this.source.total;
  }

  /** `count` selected transactions after skipping `start` of them. */
  page(start: number, count: number): Transaction[] {
    return Array.isArray(this.source) ? this.source.slice(start, start + count) : this.source.page(start, count);
  }

  /** The JSON of page(start, count)'s items joined by commas, when the selection keeps it pre-written. */
  pageJson(start: number, count: number, write: (tx: Transaction) => Buffer): Buffer | null {
    return Array.isArray(this.source) ? null : this.source.pageJson(start, count, write);
  }
}

export function select(faults: Faults, profile: Profile, data: ReferenceData, q: ReportRequest): Selection {
  let from = instant(faults, profile, 'dateFrom', q.dateFrom, -Infinity);
  let to = instant(faults, profile, 'dateTo', q.dateTo, Infinity);
  if (from > to) invalid('dateFrom must not be after dateTo');
  const rangeMs = to - from;
  // 4.3 rule 1 (RP-17): a transaction at exactly dateTo is in the range; the time of dateTo counts.
  const toExclusive = faults.has('rp-dateto-exclusive');
  if (faults.has('rp-dateto-day-start')) to = Math.floor(to / DAY_MS) * DAY_MS;
  // 8 rule 3: "Dates of the report are interpreted in UTC" (RP-11).
  if (faults.has('rp-local-time')) {
    from -= IST_OFFSET_MS;
    to -= IST_OFFSET_MS;
  }
  // 4.3 rule 1: "The report contains transactions between dateFrom and dateTo" (RP-1).
  if (faults.has('rp-range-day-after')) to = Math.max(to, Math.floor(to / DAY_MS) * DAY_MS + 2 * DAY_MS - 1);

  const listed = q.branchList.split(',');
  // 4.3: "branchList | comma-separated branch ids" - every listed branch counts (RP-9).
  let branches = (faults.has('rp-branch-first-only') ? listed.slice(0, 1) : listed).map(Number);
  // 4.3: "branch ids" - only the listed branches (RP-9b).
  if (faults.has('rp-branch-ignored')) branches = [...indexOf(data).branchIds];
  // 4.3: branchList "comma-separated branch ids": text that is none selects no other branch (RP-26).
  branches = branchesOfText(faults, q.branchList, branches, indexOf(data).branchIds);
  // 4.3: "moduleName | filter by module" (RP-8).
  let modules = q.moduleName && q.moduleName.length > 0 && !faults.has('rp-module-filter-ignored') ? q.moduleName : ALL_MODULES;
  // 4.3: moduleName "values bom (Recipe), mc (Material Creation)": another value filters, never widens (RP-24).
  if (faults.has('rp-module-unknown-dropped') && modules.some((m) => !ALL_MODULES.includes(m))) modules = ALL_MODULES;
  const moduleFilter = modules === ALL_MODULES ? null : new Set(modules);
  const recipes = idFilter(faults, profile, 'recipeIds', q.recipeIds);
  const products = idFilter(faults, profile, 'productIds', q.productIds);
  const groups: Array<[GroupKey, Set<number>]> = [];
  for (const name of GROUP_FILTERS) {
    const ids = idFilter(faults, profile, name, q[name]);
    if (ids) groups.push([name.slice(0, -1) as GroupKey, ids]);
  }
  // 4.3: each filter narrows the report: several together are combined with AND (RP-23).
  const any = faults.has('rp-filters-or') ? anyOf(moduleFilter, recipes, products, groups) : null;
  if (any) modules = ALL_MODULES;
  const index = indexOf(data);
  const lo = bound(index.times, from, false);
  // 4.3 rule 1: "between dateFrom and dateTo" holds both ends, also where they are one instant (RP-25).
  const hi = faults.has('rp-instant-range-empty') && from >= to ? lo : Math.max(lo, bound(index.times, to, !toExclusive));
  const range = new IndexedRange(index, lo, hi, branches, modules);

  const order = profile.report.order;
  const filtered = recipes || products || groups.length > 0;
  if (any) {
    const picked = range.page(0, range.total).filter(any);
    return new Selection(order === 'time-asc' ? picked : picked.sort(REPORT_ORDERS[order]), listed.length, rangeMs);
  }
  if (!filtered && order === 'time-asc') return new Selection(range, listed.length, rangeMs);
  const all = range.page(0, range.total);
  const items = !filtered
    ? all
    : all.filter((tx) => {
        // recipeIds: bom transactions of those recipes.
        if (recipes && (tx.recipeId === null || !recipes.has(tx.recipeId))) return false;
        // productIds: any consumed or produced product.
        if (products && !anyLine(tx, (l) => products.has(l.product.id))) return false;
        // categoryIds ... departmentIds: any product of that group.
        for (const [key, ids] of groups) if (!anyLine(tx, (l) => ids.has(l.product[key]))) return false;
        return true;
      });
  return new Selection(order === 'time-asc' ? items : items.sort(REPORT_ORDERS[order]), listed.length, rangeMs);
}

/** Any consumed or produced line of the transaction holds (the lines not copied into one list: a report request tests every transaction of its range). */
const anyLine = (tx: Transaction, holds: (l: Transaction['consumed'][number]) => boolean) => tx.consumed.some(holds) || tx.produced.some(holds);

/** rp-filters-or: with two or more filters, a transaction matching any one of them is selected (null: fewer than two). */
function anyOf(
  modules: Set<string> | null,
  recipes: Set<number> | null,
  products: Set<number> | null,
  groups: Array<[GroupKey, Set<number>]>,
): ((tx: Transaction) => boolean) | null {
  const tests: ((tx: Transaction) => boolean)[] = [];
  if (modules) tests.push((tx) => modules.has(tx.module));
  if (recipes) tests.push((tx) => tx.recipeId !== null && recipes.has(tx.recipeId));
  if (products) tests.push((tx) => anyLine(tx, (l) => products.has(l.product.id)));
  for (const [key, ids] of groups) tests.push((tx) => anyLine(tx, (l) => ids.has(l.product[key])));
  return tests.length < 2 ? null : (tx) => tests.some((t) => t(tx));
}
