// The index's contact reads and GST check (section 1: Contact, GST). The customer list holds the
// customers that exist before any run and the ones contactSave created (4.2) in that branch, so a
// created customer shows up in it. Paths: the production deployment's where published
// (GET /api/v1/customers?branch_id=&limit=&offset=, page cap about 50); the reference's own
// elsewhere. "Get Contact By Id" and contactSave are served by reads.ts and customer-create.ts.
import { queryParam } from '../body.ts';
import type { Ctx, Req } from '../context.ts';
import { isValidGstin } from '../../contract/gstin.ts';
import { indexData } from '../index-data.ts';
import { invalid, success } from '../respond.ts';
import { countOfEveryBranch } from '../customer-count.ts';
import { branchOf, jsonBody, listReply, queryPage, type IndexRoute } from './index-list.ts';

const data = (ctx: Ctx) => indexData(ctx.data.seed);

/** The customers of a branch: the seeded ones, then the created ones in creation order. */
export function customersOf(ctx: Ctx, branchId: number) {
  const seeded = data(ctx).customers.filter((c) => c.branchId === branchId);
  const created = [...ctx.store.contacts.values()]
    .filter((c) => c.branchId === branchId)
    .map((c) => ({ contactId: c.contactId, branchId, firstName: c.firstName, mobNo: c.mobNo, whatsAppNo: c.whatsappNo, gstin: c.gstin }));
  return [...seeded, ...created];
}

function mobile(req: Req): string {
  const v = queryParam(req, 'mobNo');
  if (v === undefined || !/^\+?\d{6,15}$/.test(v)) invalid('mobNo is required: 6 to 15 digits');
  return v;
}

export const contactRoutes: IndexRoute[] = [
  {
    name: 'transporter-contact-list',
    method: 'GET',
    path: '/api/v1/contact/transporter',
    list: 'response',
    handle: (ctx) => listReply(ctx, 'Transporter list', data(ctx).transporters, { key: null }),
  },
  {
    name: 'supplier-party',
    method: 'GET',
    path: '/api/v1/contact/supplier',
    list: 'response',
    handle: (ctx) => listReply(ctx, 'Supplier list', data(ctx).suppliers, { key: null }),
  },
  // Published: "GET /api/v1/customers?branch_id=&limit=&offset= (contactId, mobNo, whatsAppNo, gstin)".
  {
    name: 'get-customer-list-w-branch-id',
    method: 'GET',
    path: '/api/v1/customers',
    query: { branch_id: '{branchId}', limit: '{limit}', offset: '{offset}' },
    list: 'response.customerList',
    paged: true,
    handle: (ctx, req) =>
      listReply(
        ctx,
        'Customer list',
        customersOf(ctx, branchOf(queryParam(req, 'branch_id'), 'branch_id')),
        { key: 'customerList', cap: 50, ...countOfEveryBranch(ctx, customersOf) },
        queryPage(req),
      ),
  },
  {
    name: 'get-contact-by-mobile-no',
    method: 'GET',
    path: '/api/v1/contact/by-mobile',
    query: { branch_id: '{branchId}', mobNo: '{mobNo}' },
    params: { mobNo: '9710000000' },
    handle: (ctx, req) => {
      const branchId = branchOf(queryParam(req, 'branch_id'), 'branch_id');
      const m = mobile(req);
      return listReply(
        ctx,
        'Contact list',
        customersOf(ctx, branchId).filter((c) => c.mobNo === m),
        { key: null },
      );
    },
  },
  // A check, not a write: the GSTIN's shape and check character (2.3 gstin).
  {
    name: 'verify-gst',
    method: 'POST',
    path: '/api/v1/gst/verify',
    body: { gstin: '{gstin}' },
    params: { gstin: '27AAPFU0939F1ZV' },
    handle: (ctx, req) => {
      const g = jsonBody(ctx, req).gstin;
      if (typeof g !== 'string' || g.length === 0 || g.length > 20) invalid('gstin must be a non-empty string of at most 20 characters');
      return success(ctx, 'GST verified', { gstin: g, valid: isValidGstin(g) });
    },
  },
];

export { queryPage };
