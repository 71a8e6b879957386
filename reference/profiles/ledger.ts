// "ledger": a vendor with 64-bit ids (contacts, addresses, vouchers and transactions past 2^53),
// RFC 9457 problem details for errors, a token bucket per token with the older draft's
// RateLimit-Limit/Remaining/Reset and Retry-After as an HTTP-date, no maximum limit, newest
// transactions first, free transitions, strict master data, DD/MM/YYYY dates, and the index's other operations at paths of its own
// (/api/v1/erp/...) with every list under response.content and its count under response.total,
// and a voucher's view count in Get Sales Data By Id (it changes on every read, with no write).
import { defaultProfile } from './default.ts';
import { derive, type ProfileDifference } from './derive.ts';
import type { Profile } from './types.ts';

const BIG = 2n ** 60n;

/** What ledger chooses otherwise than the default vendor. */
export const ledgerDifference: ProfileDifference = {
  name: 'ledger',
  summary:
    'ids past 2^53, problem+json errors, token bucket per token (RateLimit-Limit/Remaining/Reset, Retry-After HTTP-date), no max limit, newest first, "1,2" lists only, free transitions, strict master data, DD/MM/YYYY, index at /api/v1/erp/... with lists under response.content, a view count per voucher',
  messages: {
    orderUpdated: 'Order status updated',
    customerCreated: 'Customer created',
    contact: 'Contact',
    orderStatus: 'Sales order status',
    tooMany: 'Too Many Requests',
  },
  http: { errors: 'problem', jsonType: 'application/json', contentTypeStatus: 415 },
  // "counting up from 2^60+1 = 1152921504606846977"
  ids: { base: BIG, firstContactId: BIG + 1n, firstAddressId: BIG + 1n },
  rateLimit: { probe: { algorithm: 'token-bucket' }, headers: 'legacy', retryAfter: 'http-date' },
  report: { maxLimit: null, order: 'time-desc', idList: 'comma', negativeOffset: 'clamp' },
  transitions: 'free',
  customer: { checkPin: true, openingTypes: ['debitAmount'], dateFormat: 'DD/MM/YYYY', enforceContactTypes: true },
  // Section 1 "not shown": the index's other operations under /api/v1/erp/ (a few at paths of
  // their own), every list under response.content and its count under response.total.
  index: {
    prefix: '/api/v1/erp/',
    paths: {
      'branch-list': '/api/v1/erp/branches',
      'get-product-list': '/api/v1/erp/catalogue/products',
      'get-product-by-id': '/api/v1/erp/catalogue/products/{productId}',
      'get-sales-data-by-id': '/api/v1/erp/vouchers/{salesId}',
    },
    listKey: 'content',
    totalKey: 'total',
    viewCount: true,
  },
  readBack: {
    contact: '/api/v1/contacts/{contactId}?branchId={branchId}',
    orderStatus: {
      path: '/api/v1/sales/{salesId}/status?branchId={branchId}',
      orderStatus: 'response.order.status',
      paymentStatus: 'response.payment.state',
      paidValue: 'PAID',
    },
  },
};

export const ledgerProfile: Profile = derive(defaultProfile, ledgerDifference);
