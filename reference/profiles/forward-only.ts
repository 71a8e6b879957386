// "forward-only": a vendor whose orders only move forward one step at a time, with plain-text
// errors, a global sliding limit on every operation all the time (RateLimit/RateLimit-Policy
// headers, Retry-After in seconds), limit capped at 50, highest transactionId first, lenient
// master data, "1, 2" id lists, saves that normalise text, and Connection: close.
import { defaultProfile } from './default.ts';
import { derive, type ProfileDifference } from './derive.ts';
import type { Profile } from './types.ts';

/** What forward-only chooses otherwise than the default vendor. */
export const forwardOnlyDifference: ProfileDifference = {
  name: 'forward-only',
  summary:
    'forward-only transitions, plain-text errors, global sliding 300/10s on every route always on, limit capped at 50, transactionId descending, lenient master data, "1, 2" lists, normalising saves, Connection: close',
  http: { errors: 'text', connectionClose: true },
  ids: { firstContactId: 70001n, firstAddressId: 901n },
  rateLimit: {
    // Generous: a run is paced by it, not blocked.
    always: { limit: 300, windowSeconds: 10, algorithm: 'sliding', scope: 'global' },
    probe: { algorithm: 'sliding', scope: 'global' },
    everyRoute: true,
  },
  report: { maxLimit: 50, order: 'id-desc' },
  transitions: 'forward',
  customer: { strict: false, unknownFields: 'ignore', openingTypes: ['debitAmount', 'creditAmount'], anyDateFormat: true, normalise: true },
  readBack: { contact: '/api/v1/customer/{contactId}?branch_id={branchId}' },
};

export const forwardOnlyProfile: Profile = derive(defaultProfile, forwardOnlyDifference);
