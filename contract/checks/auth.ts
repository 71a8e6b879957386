// 5 Authentication.
import type { Exchange } from '../../core/types.ts';
import { defineCheck, describeResponse, type Fact } from './finding.ts';

/** 5 rule 2: "A request without a valid token is rejected with HTTP 403 (Unauthorized)." */
/** How the request sent its token, for the finding's title. */
export function tokenDescription(ex: Exchange): string {
  const v = ex.tokenVariant;
  if (ex.tokenKind === 'none') return 'without api-token';
  if (ex.tokenKind === 'invalid') return 'with an invalid api-token';
  if (!v) return `with the ${ex.tokenKind} api-token`;
  switch (v.kind) {
    case 'suffix':
      return `with the valid token followed by ${JSON.stringify(v.text)}`;
    case 'prefix':
      return `with the valid token preceded by ${JSON.stringify(v.text)}`;
    case 'cut':
      return `with the valid token cut by ${v.chars} character(s)`;
    case 'case':
      return `with the valid token in ${v.to} case`;
    case 'pad':
      return 'with the valid token between whitespace';
    case 'empty':
      return 'with an empty api-token header';
    case 'twice':
      return `with api-token twice (${v.first}, then ${v.second})`;
    case 'query':
      return `with the valid token only in the query string (${v.name}=)`;
    case 'header':
      return `with the valid token only under ${v.name}${v.scheme ? ` (${v.scheme})` : ''}`;
    case 'body':
      return `with the valid token only in the JSON body (${v.name})`;
  }
}

export const rejectedUnauthorized = defineCheck('auth.rejected-403', 'AUTH-1', (ex: Exchange): Fact[] => {
  if (ex.response?.status === 403) return [];
  const what = tokenDescription(ex);
  return [{ title: `A request ${what} was not rejected with 403`, received: describeResponse(ex), expected: 'HTTP 403 (Unauthorized)' }];
});

/** 5 rule 1: a token provided by the operator is accepted (not 401/403). */
export const acceptedToken = defineCheck('auth.valid-token-accepted', 'AUTH-3', (ex: Exchange): Fact[] | null => {
  const s = ex.response?.status;
  if (s === undefined) return null;
  return s === 401 || s === 403
    ? [{ title: `A request with a valid api-token was rejected with ${s}`, received: describeResponse(ex), expected: 'anything but 401/403' }]
    : [];
});
