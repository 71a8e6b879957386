// "minimal": a vendor without any rate limit (no 429, no headers), envelope errors worded its
// own way, items grouped by module then time, no maximum limit, free transitions, lenient master
// data, DD-MM-YYYY dates, and read paths of its own.
import { defaultProfile } from './default.ts';
import { derive, type ProfileDifference } from './derive.ts';
import type { Profile } from './types.ts';

/** What minimal chooses otherwise than the default vendor. */
export const minimalDifference: ProfileDifference = {
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
  http: { jsonType: 'application/json' },
  ids: { firstContactId: 1n },
  rateLimit: { probe: null, headers: 'none', retryAfter: 'none' },
  report: { maxLimit: null, order: 'module-time', idList: 'comma', negativeOffset: 'clamp' },
  transitions: 'free',
  customer: { strict: false, unknownFields: 'ignore', dateFormat: 'DD-MM-YYYY', contactTypes: ['Wholesale', 'Retail', 'Walk-in'] },
  readBack: {
    contact: '/api/v1/contact/{contactId}/details?branch_id={branchId}',
    orderStatus: { path: '/api/v1/sales/{salesId}?branch_id={branchId}', paidValue: 'Paid' },
  },
};

export const minimalProfile: Profile = derive(defaultProfile, minimalDifference);
