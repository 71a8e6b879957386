// "vasy": a vendor shaped like the production deployment (../shared/field-notes/production-
// deployment.md): quotas per operation, about 5 report requests and 4 single reads per window,
// whose 429 says "Too many request, please try after N seconds" and nothing else (no Retry-After,
// no rate-limit header); writes are not limited. The windows are a second here, not a minute, so
// a whole run stays quick. Page size capped at 500 (silently), Delivered and Cancelled final.
import { defaultProfile } from './default.ts';
import { derive, type ProfileDifference } from './derive.ts';
import type { Profile } from './types.ts';

/** What vasy chooses otherwise than the default vendor. */
export const vasyDifference: ProfileDifference = {
  name: 'vasy',
  summary:
    'quotas per operation (report 5/1s, single reads 4/1s per token; production: per minute), 429 stating the wait only in its message, no rate-limit header, limit capped at 500',
  messages: { tooMany: 'Too many request' },
  rateLimit: { probe: null, headers: 'none', retryAfter: 'none', quotas: { report: '5/1s', readBack: '4/1s' } },
  report: { maxLimit: 500 },
};

export const vasyProfile: Profile = derive(defaultProfile, vasyDifference);
