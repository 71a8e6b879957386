// The default vendor: the reference as it always was. Errors are the 2.1 envelope, ids are small,
// the report is in time order capped at 200, Delivered and Cancelled are final, master data is
// checked (GSTIN check character, PAN shape), dates are YYYY-MM-DD. Every other profile is written
// as its difference from this one (derive.ts).
import type { Profile } from './types.ts';

export const defaultProfile: Profile = {
  name: 'default',
  summary:
    'envelope errors, small ids, fixed 20/2s per token on customer+report for the probe, RateLimit structured headers, limit capped at 200, time order, Delivered/Cancelled final',
  messages: {
    orderUpdated: 'Order status updated successfully',
    customerCreated: 'Customer created successfully',
    report: 'Consumption production report list',
    contact: 'Contact details',
    orderStatus: 'Order status',
    unauthorized: 'Unauthorized',
    tooMany: 'Too Many Request',
  },
  http: { errors: 'envelope', jsonType: 'application/json; charset=utf-8', connectionClose: false, contentTypeStatus: 400, tokenCheck: 'first' },
  ids: { base: 0n, firstContactId: 5001n, firstAddressId: 1n },
  rateLimit: {
    always: null,
    // Small, so that a probe takes seconds (DEFAULT_REFERENCE_LIMIT).
    probe: { limit: 20, windowSeconds: 2, algorithm: 'fixed', scope: 'token' },
    everyRoute: false,
    headers: 'structured',
    retryAfter: 'seconds',
  },
  report: { maxLimit: 200, aboveMax: 'cap', order: 'time-asc', idList: 'comma-spaces', zlessDates: 'refuse', numberText: 'refuse', negativeOffset: 'refuse' },
  transitions: 'final',
  customer: {
    strict: true,
    checkPin: false,
    required: 'all',
    unknownFields: 'refuse',
    openingTypes: null,
    dateFormat: 'YYYY-MM-DD',
    anyDateFormat: false,
    contactTypes: ['Wholesale', 'Retail'],
    enforceContactTypes: false,
    normalise: false,
  },
  readBack: {
    contact: '/api/v1/contact/{contactId}?branch_id={branchId}',
    orderStatus: {
      path: '/api/v1/sales/{salesId}/order-status?branch_id={branchId}',
      orderStatus: 'response.orderStatus',
      paymentStatus: 'response.paymentStatus',
      paidValue: 'paid',
      unpaidValue: 'unpaid',
      partialValue: 'partial',
    },
  },
};
