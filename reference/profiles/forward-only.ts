// "forward-only": a vendor whose orders only move forward one step at a time, with plain-text
// errors, a global sliding limit on every operation all the time (RateLimit/RateLimit-Policy
// headers, Retry-After in seconds), limit capped at 50, highest transactionId first, lenient
// master data, "1, 2" id lists, saves that normalise text, and Connection: close.
import type { Profile } from './types.ts';

export const forwardOnlyProfile: Profile = {
  name: 'forward-only',
  summary:
    'forward-only transitions, plain-text errors, global sliding 300/10s on every route always on, limit capped at 50, transactionId descending, lenient master data, "1, 2" lists, normalising saves, Connection: close',
  messages: {
    orderUpdated: 'Order status updated successfully',
    customerCreated: 'Customer created successfully',
    report: 'Consumption production report list',
    contact: 'Contact details',
    orderStatus: 'Order status',
    unauthorized: 'Unauthorized',
    tooMany: 'Too Many Request',
  },
  http: { errors: 'text', jsonType: 'application/json; charset=utf-8', connectionClose: true, contentTypeStatus: 400, tokenCheck: 'first' },
  ids: { base: 0n, firstContactId: 70001n, firstAddressId: 901n },
  rateLimit: {
    // Generous: a run is paced by it, not blocked.
    always: { limit: 300, windowSeconds: 10, algorithm: 'sliding', scope: 'global' },
    probe: { limit: 20, windowSeconds: 2, algorithm: 'sliding', scope: 'global' },
    everyRoute: true,
    headers: 'structured',
    retryAfter: 'seconds',
  },
  report: { maxLimit: 50, aboveMax: 'cap', order: 'id-desc', idList: 'comma-spaces', zlessDates: 'refuse', numberText: 'refuse', negativeOffset: 'refuse' },
  transitions: 'forward',
  customer: {
    strict: false,
    checkPin: false,
    required: 'all',
    unknownFields: 'ignore',
    openingTypes: ['debitAmount', 'creditAmount'],
    dateFormat: 'YYYY-MM-DD',
    anyDateFormat: true,
    contactTypes: ['Wholesale', 'Retail'],
    enforceContactTypes: false,
    normalise: true,
  },
  readBack: {
    contact: '/api/v1/customer/{contactId}?branch_id={branchId}',
    orderStatus: {
      path: '/api/v1/sales/{salesId}/order-status?branch_id={branchId}',
      orderStatus: 'response.orderStatus',
      paymentStatus: 'response.paymentStatus',
      paidValue: 'paid',
    },
  },
};
