// 5 Authentication.
import type { Exchange } from '../types.ts';
import { defineCheck, describeResponse, type Fact } from './finding.ts';

/** 5 rule 2: "A request without a valid token is rejected with HTTP 403 (Unauthorized)." */
export const rejectedUnauthorized = defineCheck('auth.rejected-403', 'AUTH-1', (ex: Exchange): Fact[] => {
  if (ex.response?.status === 403) return [];
  const what = ex.tokenKind === 'none' ? 'without api-token' : 'with an invalid api-token';
  return [{ title: `A request ${what} was not rejected with 403`, received: describeResponse(ex), expected: 'HTTP 403 (Unauthorized)' }];
});

/** 5 rule 1: a token provided by the operator is accepted (not 401/403). */
export const acceptedToken = defineCheck('auth.valid-token-accepted', 'AUTH-3', (ex: Exchange): Fact[] | null => {
  const s = ex.response?.status;
  if (s === undefined) return null;
  return s === 401 || s === 403 ? [{ title: `A request with a valid api-token was rejected with ${s}`, received: describeResponse(ex), expected: 'anything but 401/403' }] : [];
});
