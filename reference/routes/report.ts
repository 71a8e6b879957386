// 4.3 Consumption Production Report: POST /api/v1/report/consumption-production-report
import { z } from 'zod';
import { formatDayMonthYear } from '../../contract/formats.ts';
import { MODULE_NAMES, reportRequest, type ReportRequest } from '../../contract/schemas/report.ts';
import { describeIssue, parseJson, requireJsonContentType } from '../body.ts';
import type { Ctx, Reply, Req } from '../context.ts';
import { DAY_MS, type Line, type Transaction } from '../data.ts';
import type { FaultName } from '../faults.ts';
import { select } from '../report-query.ts';
import { invalid, RawJson, success } from '../respond.ts';

/** 8 rule 2: "the maximum value of limit: not shown". The reference's choice: larger limits are
 *  capped at 200 silently (RP-2 allows a server to return fewer than limit). */
export const MAX_LIMIT = 200;

type Faults = ReadonlySet<FaultName>;
// 4.3: dateFrom/dateTo "ISO 8601 in UTC (trailing Z)" (RP-12: other strings are refused).
const lenientDates = reportRequest.extend({ dateFrom: z.string(), dateTo: z.string() });
/** The faults that change how an item is written. */
const RENDER_FAULTS: FaultName[] = ['rp-date-iso', 'rp-qty-mismatch', 'rp-amount-decimals', 'rp-module-name-swap'];

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
function productName(l: Line): string { return l.product.name; }
function qty(l: Line): string { return l.qtyText; }
function unit(l: Line): string { return l.product.measurementCode; }
function landing(l: Line): number { return l.landingCents; }
function selling(l: Line): number { return l.sellingCents; }
function margin(l: Line): number { return l.sellingCents - l.landingCents; }

/** A 2.5 transaction object. */
export function renderItem(faults: Faults, tx: Transaction) {
  // 2.5: values "joined by a comma, in the same order across the consumed group" (RP-3).
  const consumed = faults.has('rp-qty-mismatch') ? tx.consumed.slice(0, -1) : tx.consumed;
  // 2.5: "moduleName | display name of the module: Recipe for bom, Material Creation for mc" (RP-5).
  const swapped = faults.has('rp-module-name-swap');
  return {
    transactionId: tx.transactionId,
    transactionNo: tx.transactionNo,
    // 2.5: "date | day/month/year, two-digit day and month, four-digit year" (RP-4).
    date: faults.has('rp-date-iso') ? new Date(tx.t).toISOString().slice(0, 10) : formatDayMonthYear(tx.t),
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

/** The data never changes: while no fault alters items, each item's JSON is written once. */
const itemJson = new WeakMap<Transaction, Buffer>();
function cleanJson(tx: Transaction): Buffer {
  let bytes = itemJson.get(tx);
  if (bytes === undefined) itemJson.set(tx, (bytes = Buffer.from(JSON.stringify(renderItem(NO_FAULTS, tx)))));
  return bytes;
}
const NO_FAULTS: Faults = new Set();
const END = Buffer.from(']}');

/** The items of a page as JSON joined by commas. */
function writeItems(faults: Faults, page: Transaction[]): Buffer {
  const rendered = RENDER_FAULTS.some((name) => faults.has(name));
  return Buffer.from(page.map((tx) => (rendered ? JSON.stringify(renderItem(faults, tx)) : cleanJson(tx).toString('utf8'))).join(','));
}

export function report(ctx: Ctx, req: Req): Reply {
  const f = ctx.faults;
  requireJsonContentType(ctx, req);
  // 4.3: "dateFrom | string | yes | start of range, ISO 8601 in UTC (trailing Z)" (RP-12).
  const parsed = (f.has('rp-accepts-bad-dates') ? lenientDates : reportRequest).safeParse(parseJson(ctx, req));
  if (!parsed.success) invalid(describeIssue(parsed.error));
  const q: ReportRequest = parsed.data;
  const selection = select(f, ctx.data, q);

  // 4.3 rule 2: "Pagination uses limit and offset" (RP-2: at most limit items).
  const limit = f.has('rp-limit-ignored') ? 500 : Math.min(q.limit, MAX_LIMIT);
  // 4.3 rule 2: "Pagination uses limit and offset" (RP-2: pages are disjoint).
  const start = f.has('rp-offset-overlap') && q.offset > 0 ? q.offset - 1 : q.offset;
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
  const items = (!narrowRepeats && !rendered && selection.pageJson(start, limit, cleanJson)) || writeItems(f, page);

  // 4.3: a transaction belongs to one branch; a report over a,b holds those of a plus those of b (RP-9b).
  if (f.has('rp-branch-double-count') && selection.listedBranches > 1) totalCount *= 2;
  // 4.3 rule 2: totalCount is the count of transactions, independent of limit and offset (RP-2).
  if (f.has('rp-totalcount-page')) totalCount = page.length;
  // 4.3: "totalCount | integer | count of transactions" (RP-7).
  const total = JSON.stringify(f.has('rp-totalcount-string') ? String(totalCount) : totalCount);
  return success(ctx, 'Consumption production report list', new RawJson([Buffer.from(`{"totalCount":${total},"items":[`), items, END]));
}
