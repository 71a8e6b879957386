// The index's Sales operations beyond 4.1 (section 1: Sales), on the same vouchers (store.ts) the
// order status update changes, so Get Sales Data By Id shows what Update Order Status did and
// nothing else (4.1: "Only the order status changes; all other voucher data stays unchanged").
// Paths: the production deployment's where published (GET /api/v1/sales/{id}, POST
// /api/v1/sales/get-all-sales-orders with list key salesDataListDTOList, page cap 100); the
// reference's own elsewhere (each under /api/v1/sales/{salesId}/... with ?branch_id= as 4.1).
// "Order Status" (GET) is served by reads.ts at the profile's path.
import { idKey, queryParam } from '../body.ts';
import type { Ctx, Req } from '../context.ts';
import { DATA_FIRST_DAY, DAY_MS } from '../data.ts';
import { indexData } from '../index-data.ts';
import { invalid, success } from '../respond.ts';
import type { Voucher } from '../store.ts';
import { branchOf, count, jsonBody, listReply, type IndexRoute } from './index-list.ts';

/** The voucher `idText` in the branch of ?branch_id= (4.1 rule 1 read for every voucher operation). */
function voucherIn(ctx: Ctx, req: Req, idText: string): Voucher {
  const key = idKey(idText);
  if (key === null) invalid('salesId must be a positive integer');
  const branchId = branchOf(queryParam(req, 'branch_id'), 'branch_id');
  const v = ctx.store.vouchers.get(key);
  if (!v || v.branchId !== branchId) invalid(`salesId ${key} does not exist in branch ${branchId}`);
  return v;
}

/** The whole voucher as Get Sales Data By Id shows it: fixed fields derived from its number, and its state. */
export function voucherView(ctx: Ctx, v: Voucher) {
  const n = Number((BigInt(v.salesId) - ctx.profile.ids.base) % 1_000_000n);
  const products = indexData(ctx.data.seed).products;
  const p = products[n % products.length]!;
  return {
    salesId: v.salesId,
    branchId: v.branchId,
    invoiceNo: `SO-${String(n).padStart(6, '0')}`,
    invoiceDate: new Date(DATA_FIRST_DAY + (n % 120) * DAY_MS).toISOString().slice(0, 10),
    contactId: 1001 + (n % 40) * 3 + ((v.branchId - 1) % 3),
    items: [{ productId: p.productId, productName: p.productName, qty: String((n % 5) + 1), sellingPrice: p.sellingPrice }],
    orderStatus: v.orderStatus,
    paymentStatus: v.paymentStatus,
    dueDate: v.dueDate ?? '',
    remark: v.remark ?? '',
    shippingDetail: v.shipping ?? null,
  };
}

const text = (body: Record<string, unknown>, name: string, re: RegExp): string => {
  const v = body[name];
  if (typeof v !== 'string' || !re.test(v)) invalid(`${name} must be a string matching ${re.source}`);
  return v;
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const WORD = /^[\w .-]{1,60}$/;
const REMARK_MAX = 250;

export const salesRoutes: IndexRoute[] = [
  // Published: "POST /api/v1/sales/get-all-sales-orders (list key salesDataListDTOList)", cap 100 as in production.
  {
    name: 'get-all-sales-data',
    method: 'POST',
    path: '/api/v1/sales/get-all-sales-orders',
    body: { branchId: '{branchId}', limit: '{limit}', offset: '{offset}' },
    list: 'response.salesDataListDTOList',
    paged: true,
    handle: (ctx, req) => {
      const body = jsonBody(ctx, req);
      const branchId = branchOf(body.branchId, 'branchId');
      const rows = [...ctx.store.vouchers.values()].filter((v) => v.branchId === branchId).map((v) => voucherView(ctx, v));
      return listReply(ctx, 'Sales data list', rows, { key: 'salesDataListDTOList', cap: 100 }, { limit: body.limit, offset: body.offset });
    },
  },
  // The reference's choice: {contactId, items: [{productId, qty}], paymentStatus?, remark?} -> {salesId}; the remark is kept.
  {
    name: 'order-create',
    method: 'POST',
    path: '/api/v1/sales/order-create',
    query: { branch_id: '{branchId}' },
    writes: true,
    created: 'response.salesId',
    body: { contactId: 1001, paymentStatus: 'unpaid', items: [{ productId: 101, qty: 1 }] },
    handle: (ctx, req) => {
      const branchId = branchOf(queryParam(req, 'branch_id'), 'branch_id');
      const body = jsonBody(ctx, req);
      count(body.contactId, 'contactId', 0);
      if (!Array.isArray(body.items) || body.items.length === 0) invalid('items must be a non-empty array of {productId, qty}');
      const paid =
        body.paymentStatus === undefined || body.paymentStatus === 'unpaid'
          ? 'unpaid'
          : body.paymentStatus === 'paid'
            ? 'paid'
            : invalid('paymentStatus must be paid or unpaid');
      const remark =
        body.remark === undefined
          ? undefined
          : typeof body.remark === 'string' && body.remark.length <= REMARK_MAX
            ? body.remark
            : invalid(`remark must be a string of at most ${REMARK_MAX} characters`);
      const v = ctx.store.newVoucher(branchId, paid);
      if (remark !== undefined) v.remark = remark;
      return success(ctx, 'Order created', { salesId: v.salesId });
    },
  },
  {
    name: 'update-payment-status',
    method: 'POST',
    path: '/api/v1/sales/{salesId}/update-payment-status',
    query: { branch_id: '{branchId}' },
    // {paymentStatus}: "unpaid" in the index checks (voucher 4001 stays unpaid), the paid value where a run makes a voucher for Delivered.
    body: { paymentStatus: '{paymentStatus}' },
    writes: true,
    params: { salesId: 4001, paymentStatus: 'unpaid' },
    handle: (ctx, req, id) => {
      const v = voucherIn(ctx, req, id);
      // The reference's choice: paid, unpaid or partial in any case (its Order Status read writes the profile's paidValue, e.g. PAID).
      const raw = jsonBody(ctx, req).paymentStatus;
      const s = typeof raw === 'string' ? raw.toLowerCase() : raw;
      if (s !== 'paid' && s !== 'unpaid' && s !== 'partial') invalid('paymentStatus must be paid, unpaid or partial');
      v.paymentStatus = s;
      if (s === 'paid') v.everPaid = true;
      return success(ctx, 'Payment status updated', null);
    },
  },
  {
    name: 'update-due-date',
    method: 'POST',
    path: '/api/v1/sales/{salesId}/update-due-date',
    query: { branch_id: '{branchId}' },
    body: { dueDate: '2026-06-30' },
    writes: true,
    params: { salesId: 4002 },
    handle: (ctx, req, id) => {
      const v = voucherIn(ctx, req, id);
      v.dueDate = text(jsonBody(ctx, req), 'dueDate', DATE);
      return success(ctx, 'Due date updated', null);
    },
  },
  {
    name: 'update-shipping-detail',
    method: 'POST',
    path: '/api/v1/sales/{salesId}/update-shipping-detail',
    query: { branch_id: '{branchId}' },
    body: { transporterId: 801, trackingNo: 'TRK-1', shippingDate: '2026-06-01' },
    writes: true,
    params: { salesId: 4003 },
    handle: (ctx, req, id) => {
      const v = voucherIn(ctx, req, id);
      const body = jsonBody(ctx, req);
      v.shipping = {
        transporterId: count(body.transporterId, 'transporterId', 0),
        trackingNo: text(body, 'trackingNo', WORD),
        shippingDate: text(body, 'shippingDate', DATE),
      };
      return success(ctx, 'Shipping detail updated', null);
    },
  },
  {
    name: 'shipping-details',
    method: 'GET',
    path: '/api/v1/sales/{salesId}/shipping-details',
    query: { branch_id: '{branchId}' },
    handle: (ctx, req, id) => success(ctx, 'Shipping details', voucherIn(ctx, req, id).shipping ?? {}),
  },
  // Published: "GET /api/v1/sales/{id} (one invoice)".
  {
    name: 'get-sales-data-by-id',
    method: 'GET',
    path: '/api/v1/sales/{salesId}',
    query: { branch_id: '{branchId}' },
    handle: (ctx, req, id) => {
      const v = voucherIn(ctx, req, id);
      // A vendor that shows how often a voucher was viewed (a field that changes with no write).
      if (ctx.profile.index?.viewCount) return success(ctx, 'Sales data', { ...voucherView(ctx, v), viewCount: (v.views = (v.views ?? 0) + 1) });
      return success(ctx, 'Sales data', voucherView(ctx, v));
    },
  },
];
