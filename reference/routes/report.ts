// 4.3 Consumption Production Report: POST /api/v1/report/consumption-production-report
import { z } from 'zod';
import { formatDayMonthYear } from '../../core/formats.ts';
import { MODULE_NAMES, reportRequest, type ReportRequest } from '../../contract/schemas/report.ts';
import { describeIssue, parseJson, requireJsonContentType } from '../body.ts';
import { pause, type Ctx, type Reply, type Req } from '../context.ts';
import { DAY_MS, type Line, type Transaction } from '../data.ts';
import type { FaultName } from '../faults.ts';
import { defaultProfile } from '../profiles/index.ts';
import type { Profile } from '../profiles/types.ts';
import { select } from '../report-query.ts';
import { ENDLESS_TOTAL, endlessItems } from '../hostile.ts';
import { invalid, RawJson, success } from '../respond.ts';

/** rp-date-local-day: the business day of India (UTC+05:30). */
const IST_OFFSET_MS = 5.5 * 3_600_000;

/** 8 rule 2: "the maximum value of limit: not shown". The default vendor's choice: larger limits
 *  are capped at 200 silently (RP-2 allows a server to return fewer than limit). */
export const MAX_LIMIT = defaultProfile.report.maxLimit!;

type Faults = ReadonlySet<FaultName>;

/** The report request as the profile reads it (RP-15: Z-less dates, numbers written as text, a negative offset). */
export function reportSchema(profile: Profile, faults: Faults): z.ZodType<ReportRequest> {
  const r = profile.report;
  const asNumber = (v: unknown) => (typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : v);
  const number = (s: z.ZodType<number>) => (r.numberText === 'coerce' ? z.preprocess(asNumber, s) : s);
  let schema = reportRequest.extend({
    limit: number(z.number().int().nonnegative()),
    offset: number(
      r.negativeOffset === 'clamp'
        ? z
            .number()
            .int()
            .transform((v) => Math.max(0, v))
        : faults.has('rp-negative-offset-from-end')
          ? z.number().int()
          : z.number().int().nonnegative(),
    ),
  });
  // 4.3: dateFrom/dateTo "ISO 8601 in UTC (trailing Z)" (RP-12: other strings are refused, by select()).
  if (faults.has('rp-accepts-bad-dates') || r.zlessDates === 'utc') schema = schema.extend({ dateFrom: z.string(), dateTo: z.string() });
  // 4.3 moduleName "values bom, mc": another value is refused (RP-24); the fault takes it, then drops the filter (select()).
  if (faults.has('rp-module-unknown-dropped')) schema = schema.extend({ moduleName: z.array(z.string()).optional() }) as unknown as typeof schema;
  // 4.3 branchList "comma-separated branch ids": other text is refused; the SQL-built faults take it (RP-26, ENV-6; select()).
  if (faults.has('rp-branchlist-injection') || faults.has('rp-branchlist-500')) schema = schema.extend({ branchList: z.string() });
  return schema as unknown as z.ZodType<ReportRequest>;
}
/** The faults that change how an item is written. */
const RENDER_FAULTS: FaultName[] = [
  'rp-date-iso',
  'rp-date-local-day',
  'rp-qty-mismatch',
  'rp-amount-decimals',
  'rp-module-name-swap',
  'rp-transactionid-string',
];

/** 2.5: "comma-joined amounts with two decimals" (hundredths in, text out). */
function amount(faults: Faults, cents: number): string {
  // 2.5: "amounts with two decimals" (RP-6).
  if (faults.has('rp-amount-decimals')) return String(cents / 100);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function joined(lines: Line[], pick: (l: Line) => string): string {
  let out = '';
  for (let i = 0; i < lines.length; i++) out += (i > 0 ? ',' : '') + pick(lines[i]!);
  return out;
}
function amounts(faults: Faults, lines: Line[], cents: (l: Line) => number): string {
  let out = '';
  for (let i = 0; i < lines.length; i++) out += (i > 0 ? ',' : '') + amount(faults, cents(lines[i]!));
  return out;
}
function productName(l: Line): string {
  return l.product.name;
}
function qty(l: Line): string {
  return l.qtyText;
}
function unit(l: Line): string {
  return l.product.measurementCode;
}
function landing(l: Line): number {
  return l.landingCents;
}
function selling(l: Line): number {
  return l.sellingCents;
}
function margin(l: Line): number {
  return l.sellingCents - l.landingCents;
}

/** A 2.5 transaction object. */
export function renderItem(faults: Faults, tx: Transaction) {
  // 2.5: values "joined by a comma, in the same order across the consumed group" (RP-3).
  const consumed = faults.has('rp-qty-mismatch') ? tx.consumed.slice(0, -1) : tx.consumed;
  // 2.5: "moduleName | display name of the module: Recipe for bom, Material Creation for mc" (RP-5).
  const swapped = faults.has('rp-module-name-swap');
  return {
    // 2.5: "transactionId | integer" (RP-7).
    transactionId: faults.has('rp-transactionid-string') ? String(tx.transactionId) : tx.transactionId,
    transactionNo: tx.transactionNo,
    // 2.5: "date | day/month/year, two-digit day and month, four-digit year" (RP-4).
    // 8 rule 3: "Dates of the report are interpreted in UTC" - the UTC day of the transaction (RP-11).
    date: faults.has('rp-date-iso')
      ? new Date(tx.t).toISOString().slice(0, 10)
      : formatDayMonthYear(faults.has('rp-date-local-day') ? tx.t + IST_OFFSET_MS : tx.t),
    module: tx.module,
    moduleName: MODULE_NAMES[swapped ? (tx.module === 'bom' ? 'mc' : 'bom') : tx.module],
    consumedProduct: joined(tx.consumed, productName),
    consumedQty: joined(consumed, qty),
    consumedMeasurementCode: joined(tx.consumed, unit),
    consumedLandingCost: amounts(faults, tx.consumed, landing),
    producedProduct: joined(tx.produced, productName),
    producedQty: joined(tx.produced, qty),
    producedMeasurementCode: joined(tx.produced, unit),
    producedLandingCost: amounts(faults, tx.produced, landing),
    producedSellingPrice: amounts(faults, tx.produced, selling),
    producedMargin: amounts(faults, tx.produced, margin),
  };
}

/** An item's JSON; a vendor with 64-bit ids adds `base` to the transactionId, written as its exact digits. */
function itemText(faults: Faults, tx: Transaction, base: bigint): string {
  const item = renderItem(faults, tx);
  if (base === 0n) return JSON.stringify(item);
  const { transactionId: _t, ...rest } = item;
  return `{"transactionId":${base + BigInt(tx.transactionId)},${JSON.stringify(rest).slice(1)}`;
}

/** The data never changes: while no fault alters items, each item's JSON is written once (per id base). */
const itemJson = new Map<bigint, WeakMap<Transaction, Buffer>>();
function cleanJson(tx: Transaction, base = 0n): Buffer {
  let cache = itemJson.get(base);
  if (!cache) itemJson.set(base, (cache = new WeakMap()));
  let bytes = cache.get(tx);
  if (bytes === undefined) cache.set(tx, (bytes = Buffer.from(itemText(NO_FAULTS, tx, base))));
  return bytes;
}
const NO_FAULTS: Faults = new Set();
const cleanDefaultJson = (tx: Transaction): Buffer => cleanJson(tx);
const END = Buffer.from(']}');

/** The items of a page as JSON joined by commas. */
function writeItems(faults: Faults, page: Transaction[], base: bigint): Buffer {
  const rendered = RENDER_FAULTS.some((name) => faults.has(name));
  return Buffer.from(page.map((tx) => (rendered ? itemText(faults, tx, base) : cleanJson(tx, base).toString('utf8'))).join(','));
}

/** 8 rule 2 (RP-13): the profile's maximum limit - capped silently, or refused with 400. */
function effectiveLimit(profile: Profile, limit: number): number {
  const max = profile.report.maxLimit;
  if (max === null || limit <= max) return limit;
  if (profile.report.aboveMax === 'refuse') invalid(`limit must be at most ${max}`);
  return max;
}

export function report(ctx: Ctx, req: Req): Reply | Promise<Reply> {
  const f = ctx.faults;
  requireJsonContentType(ctx, req);
  // 4.3: "dateFrom | string | yes | start of range, ISO 8601 in UTC (trailing Z)" (RP-12).
  const parsed = ctx.schemas.report.safeParse(parseJson(ctx, req));
  if (!parsed.success) invalid(describeIssue(parsed.error));
  const q = parsed.data as ReportRequest;
  const selection = select(f, ctx.profile, ctx.data, q);
  const base = ctx.profile.ids.base;

  // 4.3 rule 2: "Pagination uses limit and offset" (RP-2: at most limit items).
  let limit = f.has('rp-limit-ignored') ? 500 : effectiveLimit(ctx.profile, q.limit);
  // 4.3: "limit | number of records to return" - 0 returns none (RP-20).
  if (limit === 0 && f.has('rp-limit-zero-all')) limit = selection.total;
  // 4.3 rule 2: "Pagination uses limit and offset" (RP-2: pages are disjoint).
  let start = f.has('rp-offset-overlap') && q.offset > 0 ? q.offset - 1 : q.offset;
  // 4.3: "offset | number of records to skip" - past the end, nothing is left (RP-20, RP-2).
  if (start >= selection.total && f.has('rp-offset-wraps')) start = 0;
  // 4.3: "offset | number of records to skip" - not counted from the end, as a slice in Python is (items[offset:][:limit], RP-20).
  if (start < 0) start = Math.max(0, selection.total + start);
  // 4.3: "offset | number of records to skip" - a server that skips none answers the first page to every offset (RP-2).
  if (f.has('rp-offset-ignored')) start = 0;
  // ... or one that skips modulo twice the limit: the third page is the first again (RP-2, RP-20).
  if (f.has('rp-pages-repeat') && limit > 0) start %= 2 * limit;
  // Hostile (hostile.ts): a report that never ends, every page full.
  if (ctx.hostile === 'endless-report' && start >= 0)
    return answer(
      ctx,
      ENDLESS_TOTAL,
      endlessItems(selection, start, limit, (tx) => renderItem(f, tx)),
    );
  let totalCount = selection.total;
  let page: Transaction[];
  // 4.3 rule 1: a narrower range holds no more transactions than a wider one (RP-10).
  const narrowRepeats = f.has('rp-narrow-more') && selection.rangeMs < 7 * DAY_MS;
  if (narrowRepeats) {
    const doubled = selection.page(0, selection.total).flatMap((tx) => [tx, tx]);
    totalCount = doubled.length;
    page = doubled.slice(start, start + limit);
  } else page = selection.page(start, limit);
  // The same page as pre-written bytes, unless a fault changes the items or how they are written.
  const rendered = RENDER_FAULTS.some((name) => f.has(name));
  const items = (!narrowRepeats && !rendered && base === 0n && selection.pageJson(start, limit, cleanDefaultJson)) || writeItems(f, page, base);

  // 4.3: a transaction belongs to one branch; a report over a,b holds those of a plus those of b (RP-9b).
  if (f.has('rp-branch-double-count') && selection.listedBranches > 1) totalCount *= 2;
  // 4.3 rule 2: totalCount is the count of transactions, independent of limit and offset (RP-2).
  if (f.has('rp-totalcount-page')) totalCount = page.length;
  // 4.3: "totalCount | count of transactions" - not of the rows of transactions joined with their product lines (RP-2).
  if (f.has('rp-total-counts-join-rows')) totalCount = joinRows(selection.page(0, selection.total));
  // 4.3 rule 2: totalCount is the count of transactions, not how far the caller has read: a reader
  // never reaches a count that grows by the offset it asks (RP-2).
  if (f.has('rp-totalcount-endless')) totalCount += q.offset;
  if (f.has('rp-parallel-disagree') && q.offset === 0) return disagreeWhenParallel(ctx, req.body, totalCount, items);
  return answer(ctx, totalCount, items);
}

/** rp-total-counts-join-rows: the rows of SELECT ... FROM transaction JOIN line (one per consumed or produced product). */
function joinRows(txs: Transaction[]): number {
  return txs.reduce((n, tx) => n + tx.consumed.length + tx.produced.length, 0);
}

function answer(ctx: Ctx, totalCount: number, items: Buffer): Reply {
  // 4.3: "totalCount | integer | count of transactions" (RP-7).
  const total = ctx.faults.has('rp-totalcount-string') ? `"${totalCount}"` : String(totalCount);
  return success(ctx, ctx.profile.messages.report, new RawJson([Buffer.from(`{"totalCount":${total},"items":[`), items, END]));
}

/** rp-parallel-disagree's slow query: RP-21's copies go out in one turn (a burst's gang, client/scheduler/gang.ts) and meet well inside it. */
const SLOW_QUERY_MS = 100;

/** rp-parallel-disagree: a report's first page (offset 0) is a slow query, the pages after it come
 *  from its result; a first page whose identical twin is in flight (both wait a moment) counts one
 *  transaction more (RP-21: identical requests sent in parallel agree). The moment is shorter than
 *  the other races' (SLOW_QUERY_MS): a walk's first pages wait it one after the other. */
async function disagreeWhenParallel(ctx: Ctx, key: string, totalCount: number, items: Buffer): Promise<Reply> {
  const inFlight = ctx.race.reports;
  inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
  try {
    await pause(SLOW_QUERY_MS);
    return answer(ctx, (inFlight.get(key) ?? 1) > 1 ? totalCount + 1 : totalCount, items);
  } finally {
    const left = (inFlight.get(key) ?? 1) - 1;
    if (left > 0) inFlight.set(key, left);
    else inFlight.delete(key);
  }
}
