// 4.3: which transactions a report request selects (filters, UTC range) - before pagination.
import type { ReportRequest } from '../contract/schemas/report.ts';
import { DAY_MS, type Product, type ReferenceData, type Transaction } from './data.ts';
import type { FaultName } from './faults.ts';
import { bound, IndexedRange, indexOf } from './report-index.ts';
import { invalid } from './respond.ts';

type Faults = ReadonlySet<FaultName>;
type GroupKey = keyof Pick<Product, 'categoryId' | 'subCategoryId' | 'brandId' | 'subBrandId' | 'departmentId'>;
const IST_OFFSET_MS = 5.5 * 3_600_000;

const ISO_PARTS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?Z$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** An ISO 8601 UTC instant (ISO_UTC of the contract) whose fields are a real date and time, or null. */
export function strictInstant(text: string): number | null {
  const m = ISO_PARTS.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, m[6] === undefined ? 0 : +m[6]];
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = mo === 2 && leap ? 29 : DAYS_IN_MONTH[mo - 1];
  if (days === undefined || d < 1 || d > days || h > 23 || mi > 59 || s > 59) return null;
  // Milliseconds: the first three digits of the fraction (Date.parse truncates the same way).
  const ms = m[7] === undefined ? 0 : +m[7].slice(0, 3).padEnd(3, '0');
  const t = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  // Date.UTC reads years 0-99 as 1900-1999.
  return y < 100 ? new Date(t).setUTCFullYear(y) : t;
}

/** 4.3: "dateFrom | string | yes | start of range, ISO 8601 in UTC (trailing Z)". */
function instant(faults: Faults, name: string, text: string, unbounded: number): number {
  const t = strictInstant(text);
  if (t !== null) return t;
  // 4.3: dateFrom/dateTo are "ISO 8601 in UTC (trailing Z)"; others are refused (RP-12).
  if (faults.has('rp-accepts-bad-dates')) {
    const loose = Date.parse(text);
    return Number.isNaN(loose) ? unbounded : loose;
  }
  invalid(`${name} must be a real ISO 8601 UTC instant with trailing Z, got ${JSON.stringify(text.slice(0, 40))}`);
}

/** 4.3: filter id strings; "" means no filter; otherwise comma-separated ids (14: the reference's reading). */
function idFilter(name: string, text: string | undefined): Set<number> | null {
  if (text === undefined || text.trim() === '') return null;
  const parts = text.split(',').map((p) => p.trim());
  if (!parts.every((p) => /^\d{1,15}$/.test(p))) invalid(`${name} must be comma-separated ids`);
  return new Set(parts.map(Number));
}

export interface Selection {
  total: number;
  /** `count` selected transactions after skipping `start` of them. */
  page(start: number, count: number): Transaction[];
  /** Number of entries in branchList (before removing repeats). */
  listedBranches: number;
  /** Length of the requested range in ms. */
  rangeMs: number;
}

const ALL_MODULES: ReadonlySet<string> = new Set(['bom', 'mc']);

export function select(faults: Faults, data: ReferenceData, q: ReportRequest): Selection {
  let from = instant(faults, 'dateFrom', q.dateFrom, -Infinity);
  let to = instant(faults, 'dateTo', q.dateTo, Infinity);
  if (from > to) invalid('dateFrom must not be after dateTo');
  const rangeMs = to - from;
  // 8 rule 3: "Dates of the report are interpreted in UTC" (RP-11).
  if (faults.has('rp-local-time')) [from, to] = [from - IST_OFFSET_MS, to - IST_OFFSET_MS];
  // 4.3 rule 1: "The report contains transactions between dateFrom and dateTo" (RP-1).
  if (faults.has('rp-range-day-after')) to = Math.max(to, Math.floor(to / DAY_MS) * DAY_MS + 2 * DAY_MS - 1);

  const listed = q.branchList.split(',').map(Number);
  // 4.3: "branchList | comma-separated branch ids" - every listed branch counts (RP-9).
  const branches = new Set(faults.has('rp-branch-first-only') ? listed.slice(0, 1) : listed);
  // 4.3: "moduleName | filter by module" (RP-8).
  const modules = q.moduleName && q.moduleName.length > 0 && !faults.has('rp-module-filter-ignored') ? new Set<string>(q.moduleName) : ALL_MODULES;
  const recipes = idFilter('recipeIds', q.recipeIds);
  const products = idFilter('productIds', q.productIds);
  const groups = (['categoryIds', 'subCategoryIds', 'brandIds', 'subBrandIds', 'departmentIds'] as const)
    .map((name) => [name.slice(0, -1) as GroupKey, idFilter(name, q[name])] as const)
    .filter((g): g is readonly [GroupKey, Set<number>] => g[1] !== null);

  const index = indexOf(data);
  const range = new IndexedRange(data, index, bound(index.times, from, false), bound(index.times, to, true), branches, modules);
  const base = { listedBranches: listed.length, rangeMs };
  if (!recipes && !products && groups.length === 0) {
    return { ...base, total: range.total, page: (start, count) => range.page(start, count) };
  }
  const items = range.page(0, range.total).filter((tx) => {
    // recipeIds: bom transactions of those recipes.
    if (recipes && (tx.recipeId === null || !recipes.has(tx.recipeId))) return false;
    const lines = [...tx.consumed, ...tx.produced];
    // productIds: any consumed or produced product.
    if (products && !lines.some((l) => products.has(l.product.id))) return false;
    // categoryIds ... departmentIds: any product of that group.
    for (const [key, ids] of groups) if (!lines.some((l) => ids.has(l.product[key]))) return false;
    return true;
  });
  return { ...base, total: items.length, page: (start, count) => items.slice(start, start + count) };
}
