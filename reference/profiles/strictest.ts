// "strictest": a vendor that makes every strict choice the spec leaves open at once, as real
// stacks do: it refuses unknown body fields, trims (and normalises) what it saves, answers 400
// with the envelope but 403 and 429 with its gateway's own JSON, streams every answer with
// Transfer-Encoding: chunked and closes every connection, refuses a report limit above 25 with
// 400, keeps customer mobile numbers unique per branch (400 "Mobile number already exists"),
// keeps the last of two api-token values (a header map built from the list), moves orders
// forward only, and reads contacts back with fields of its own and the default address first.
import type { Profile } from './types.ts';

export const strictestProfile: Profile = {
  name: 'strictest',
  summary:
    'unknown fields refused, trimming saves, envelope 400 but gateway JSON 403/429, chunked answers + Connection: close, limit > 25 refused, mobile numbers unique per branch, last of two api-tokens kept, forward-only, read-backs with extra fields and the default address first',
  messages: {
    orderUpdated: 'Order status updated successfully',
    customerCreated: 'Customer saved successfully',
    report: 'Consumption production report list',
    contact: 'Contact details',
    orderStatus: 'Order status',
    unauthorized: 'Access denied',
    tooMany: 'Too many requests, retry later',
  },
  http: {
    errors: 'envelope',
    refusalErrors: 'vendor',
    jsonType: 'application/json;charset=UTF-8',
    connectionClose: true,
    chunked: true,
    contentTypeStatus: 415,
    tokenCheck: 'first',
    duplicateToken: 'last',
  },
  ids: { base: 0n, firstContactId: 300001n, firstAddressId: 700001n },
  rateLimit: {
    always: null,
    probe: { limit: 20, windowSeconds: 2, algorithm: 'fixed', scope: 'token' },
    everyRoute: false,
    headers: 'x-ratelimit',
    retryAfter: 'seconds',
  },
  report: { maxLimit: 25, aboveMax: 'refuse', order: 'time-desc', idList: 'single', zlessDates: 'refuse', numberText: 'refuse', negativeOffset: 'refuse' },
  transitions: 'forward',
  customer: {
    strict: true,
    checkPin: true,
    required: 'all',
    unknownFields: 'refuse',
    openingTypes: ['debitAmount'],
    dateFormat: 'DD/MM/YYYY',
    anyDateFormat: false,
    contactTypes: ['Wholesale', 'Retail'],
    enforceContactTypes: true,
    normalise: true,
    uniqueMobile: true,
  },
  readBack: {
    contact: '/api/v1/contacts/{contactId}?branch_id={branchId}',
    orderStatus: {
      path: '/api/v1/sales/{salesId}/order-status?branch_id={branchId}',
      orderStatus: 'response.orderStatus',
      paymentStatus: 'response.paymentStatus',
      paidValue: 'paid',
    },
    contactExtras: true,
  },
};
