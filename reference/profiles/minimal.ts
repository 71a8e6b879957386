// "minimal": a vendor without any rate limit (no 429, no headers), envelope errors worded its
// own way, items grouped by module then time, no maximum limit, free transitions, lenient master
// data, DD-MM-YYYY dates, and read paths of its own.
import type { Profile } from './types.ts';

export const minimalProfile: Profile = {
  name: 'minimal',
  summary:
    'no rate limit at all, envelope errors with other wording, module-then-time order, "1,2" lists only, no max limit, negative offset clamped, free transitions, lenient master data, DD-MM-YYYY',
  messages: {
    orderUpdated: 'Status changed',
    customerCreated: 'Contact saved',
    report: 'Report data',
    contact: 'Contact',
    orderStatus: 'Status',
    unauthorized: 'Access denied: api-token missing or not valid',
    tooMany: 'Slow down',
  },
  http: { errors: 'envelope', jsonType: 'application/json', connectionClose: false, contentTypeStatus: 400, tokenCheck: 'first' },
  ids: { base: 0n, firstContactId: 1n, firstAddressId: 1n },
  rateLimit: { always: null, probe: null, everyRoute: false, headers: 'none', retryAfter: 'none' },
  report: { maxLimit: null, aboveMax: 'cap', order: 'module-time', idList: 'comma', zlessDates: 'refuse', numberText: 'refuse', negativeOffset: 'clamp' },
  transitions: 'free',
  customer: {
    strict: false,
    checkPin: false,
    required: 'all',
    unknownFields: 'ignore',
    openingTypes: null,
    dateFormat: 'DD-MM-YYYY',
    anyDateFormat: false,
    contactTypes: ['Wholesale', 'Retail', 'Walk-in'],
    enforceContactTypes: false,
    normalise: false,
  },
  readBack: {
    contact: '/api/v1/contact/{contactId}/details?branch_id={branchId}',
    orderStatus: {
      path: '/api/v1/sales/{salesId}?branch_id={branchId}',
      orderStatus: 'response.orderStatus',
      paymentStatus: 'response.paymentStatus',
      paidValue: 'Paid',
    },
  },
};
