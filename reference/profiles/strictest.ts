// "strictest": a vendor that makes every strict choice the spec leaves open at once, as real
// stacks do: it refuses unknown body fields, trims (and normalises) what it saves, answers 400
// with the envelope but 403 and 429 with its gateway's own JSON, streams every answer with
// Transfer-Encoding: chunked and closes every connection, refuses a report limit above 25 with
// 400, keeps customer mobile numbers unique per branch (400 "Mobile number already exists"),
// keeps the last of two api-token values (a header map built from the list), moves orders
// forward only, and reads contacts back with fields of its own and the default address first.
import { defaultProfile } from './default.ts';
import { derive, type ProfileDifference } from './derive.ts';
import type { Profile } from './types.ts';

/** What strictest chooses otherwise than the default vendor (unknown fields are refused there too). */
export const strictestDifference: ProfileDifference = {
  name: 'strictest',
  summary:
    'unknown fields refused, trimming saves, envelope 400 but gateway JSON 403/429, chunked answers + Connection: close, limit > 25 refused, mobile numbers unique per branch, last of two api-tokens kept, forward-only, read-backs with extra fields and the default address first',
  messages: { customerCreated: 'Customer saved successfully', unauthorized: 'Access denied', tooMany: 'Too many requests, retry later' },
  http: {
    refusalErrors: 'vendor',
    jsonType: 'application/json;charset=UTF-8',
    connectionClose: true,
    chunked: true,
    contentTypeStatus: 415,
    duplicateToken: 'last',
  },
  ids: { firstContactId: 300001n, firstAddressId: 700001n },
  rateLimit: { headers: 'x-ratelimit' },
  report: { maxLimit: 25, aboveMax: 'refuse', order: 'time-desc', idList: 'single' },
  transitions: 'forward',
  customer: { checkPin: true, openingTypes: ['debitAmount'], dateFormat: 'DD/MM/YYYY', enforceContactTypes: true, normalise: true, uniqueMobile: true },
  readBack: { contact: '/api/v1/contacts/{contactId}?branch_id={branchId}', contactExtras: true },
};

export const strictestProfile: Profile = derive(defaultProfile, strictestDifference);
