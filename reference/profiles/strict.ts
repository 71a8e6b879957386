// "strict": a vendor that validates the request's form before the token, answers errors with
// JSON of its own ({"error":{"code","message"}}), limits with a fixed window and X-RateLimit-*
// headers (reset as epoch seconds, no Retry-After), refuses a limit above 500, takes one id per
// filter, reads a Z-less date as UTC, coerces "10" to 10, answers 415 to another Content-Type,
// has its own contact types, requires only a minimal set of fields, and other read paths.
import { defaultProfile } from './default.ts';
import { derive, type ProfileDifference } from './derive.ts';
import type { Profile } from './types.ts';

/** What strict chooses otherwise than the default vendor. */
export const strictDifference: ProfileDifference = {
  name: 'strict',
  summary:
    'vendor JSON errors, form validated before the token, fixed window per token (X-RateLimit-*, epoch reset, no Retry-After), limit > 500 refused, single-id filters, Z-less dates as UTC, numeric text coerced, 415, own contact types, minimal required fields',
  messages: {
    orderUpdated: 'Order status has been updated',
    customerCreated: 'Customer has been created',
    contact: 'Contact found',
    orderStatus: 'Order status found',
    unauthorized: 'Invalid or missing api-token',
    tooMany: 'Rate limit exceeded',
  },
  http: { errors: 'vendor', jsonType: 'application/json', contentTypeStatus: 415, tokenCheck: 'after-validation' },
  ids: { firstContactId: 100001n, firstAddressId: 500001n },
  rateLimit: { headers: 'x-ratelimit', retryAfter: 'none' },
  report: { maxLimit: 500, aboveMax: 'refuse', idList: 'single', zlessDates: 'utc', numberText: 'coerce' },
  customer: {
    checkPin: true,
    required: 'minimal',
    openingTypes: ['debitAmount', 'creditAmount'],
    contactTypes: ['Wholesale Customer', 'Retail Customer', 'Distributor'],
    enforceContactTypes: true,
  },
  readBack: {
    contact: '/api/v1/contact/details?contactId={contactId}&branchId={branchId}',
    orderStatus: {
      path: '/api/v1/sales/{salesId}/order-status/details?branch_id={branchId}',
      orderStatus: 'response.status.order',
      paymentStatus: 'response.status.payment',
      paidValue: 'PAID',
    },
  },
};

export const strictProfile: Profile = derive(defaultProfile, strictDifference);
