// The index's reports beyond 4.3 (section 1: Report): POST, a date range and branches, paged with
// limit and offset as 4.3 is. Rows come from the same data set: sales items from the vouchers,
// purchase items from the products the report's transactions consume, stock from the products.
// Paths and fields: the production deployment's for the sales item register (POST
// /api/v1/report/sales-item-register/invoice: branch_list, from_date, to_date, limit, offset; list
// key salesItemRegisterData; cap 500); the reference's own for the others (cap 500).
import type { Ctx } from '../context.ts';
import type { Line, Transaction } from '../data.ts';
import { strictInstant } from '../report-query.ts';
import { indexData } from '../index-data.ts';
import { invalid } from '../respond.ts';
import { voucherView } from './index-sales.ts';
import { branchListOf, jsonBody, listReply, type IndexRoute } from './index-list.ts';

/** The date range of a report body: ISO 8601 UTC instants (8 rule 3: "Dates of the report are interpreted in UTC"). */
function range(body: Record<string, unknown>, from: string, to: string): [number, number] {
  const a = typeof body[from] === 'string' ? strictInstant(body[from] as string) : null;
  const b = typeof body[to] === 'string' ? strictInstant(body[to] as string) : null;
  if (a === null || b === null) invalid(`${from} and ${to} must be ISO 8601 UTC instants (trailing Z)`);
  if (a > b) invalid(`${from} is after ${to}`);
  return [a, b];
}

const STD_BODY = { branchList: '{branchList}', dateFrom: '{dateFrom}', dateTo: '{dateTo}', limit: '{limit}', offset: '{offset}' };

/** One consumed line of a transaction: a row of the purchase register (made for the page answered only). */
type PurchaseLine = readonly [Transaction, Line];

/** The purchase lines of the transactions in range at the branches, in the data's order. */
function purchases(ctx: Ctx, branches: number[], [a, b]: [number, number]): PurchaseLine[] {
  const lines: PurchaseLine[] = [];
  for (const t of ctx.data.transactions) if (branches.includes(t.branchId) && t.t >= a && t.t <= b) for (const l of t.consumed) lines.push([t, l]);
  return lines;
}

const purchaseRow = ([t, l]: PurchaseLine) => ({
  purchaseNo: `PU-${t.transactionId}`,
  date: new Date(t.t).toISOString(),
  branchId: t.branchId,
  productId: l.product.id,
  qty: l.qtyText,
  amount: (l.landingCents / 100).toFixed(2),
});

// Every tenth purchase line is a transfer to the next branch (the reference's choice of data).
const transferRow = ([t, l]: PurchaseLine) => ({
  transferNo: `ST-${t.transactionId}`,
  date: new Date(t.t).toISOString(),
  fromBranchId: t.branchId,
  toBranchId: (t.branchId % 4) + 1,
  productId: l.product.id,
  qty: l.qtyText,
});

export const reportRoutes: IndexRoute[] = [
  {
    name: 'get-sales-item-register-data',
    method: 'POST',
    path: '/api/v1/report/sales-item-register/invoice',
    body: { branch_list: '{branchList}', from_date: '{dateFrom}', to_date: '{dateTo}', limit: '{limit}', offset: '{offset}' },
    list: 'response.salesItemRegisterData',
    paged: true,
    handle: (ctx, req) => {
      const body = jsonBody(ctx, req);
      const branches = branchListOf(body.branch_list, 'branch_list');
      const [a, b] = range(body, 'from_date', 'to_date');
      const rows = [...ctx.store.vouchers.values()]
        .filter((v) => branches.includes(v.branchId))
        .map((v) => voucherView(ctx, v))
        .filter((v) => {
          const t = Date.parse(`${v.invoiceDate}T00:00:00Z`);
          return t >= a && t <= b;
        })
        .flatMap((v) => v.items.map((i) => ({ salesId: v.salesId, invoiceNo: v.invoiceNo, invoiceDate: v.invoiceDate, branchId: v.branchId, ...i })));
      return listReply(ctx, 'Sales item register', rows, { key: 'salesItemRegisterData', cap: 500 }, { limit: body.limit, offset: body.offset });
    },
  },
  {
    name: 'purchase-item-register-report',
    method: 'POST',
    path: '/api/v1/report/purchase-item-register',
    body: STD_BODY,
    list: 'response.items',
    paged: true,
    handle: (ctx, req) => {
      const body = jsonBody(ctx, req);
      const lines = purchases(ctx, branchListOf(body.branchList, 'branchList'), range(body, 'dateFrom', 'dateTo'));
      return listReply(ctx, 'Purchase item register', lines, { key: 'items', cap: 500 }, { limit: body.limit, offset: body.offset }, purchaseRow);
    },
  },
  {
    name: 'stock-summary-report',
    method: 'POST',
    path: '/api/v1/report/stock-summary',
    body: STD_BODY,
    list: 'response.items',
    paged: true,
    handle: (ctx, req) => {
      const body = jsonBody(ctx, req);
      const branches = branchListOf(body.branchList, 'branchList');
      range(body, 'dateFrom', 'dateTo');
      const rows = branches.flatMap((branchId) =>
        indexData(ctx.data.seed).products.map((p) => ({
          branchId,
          productId: p.productId,
          productName: p.productName,
          closingQty: String(((p.productId * 7 + branchId * 13) % 50) + 5),
        })),
      );
      return listReply(ctx, 'Stock summary', rows, { key: 'items', cap: 500 }, { limit: body.limit, offset: body.offset });
    },
  },
  {
    name: 'stock-transfer-item-register-report',
    method: 'POST',
    path: '/api/v1/report/stock-transfer-item-register',
    body: STD_BODY,
    list: 'response.items',
    paged: true,
    handle: (ctx, req) => {
      const body = jsonBody(ctx, req);
      const lines = purchases(ctx, branchListOf(body.branchList, 'branchList'), range(body, 'dateFrom', 'dateTo')).filter((_, i) => i % 10 === 0);
      return listReply(ctx, 'Stock transfer item register', lines, { key: 'items', cap: 500 }, { limit: body.limit, offset: body.offset }, transferRow);
    },
  },
];
