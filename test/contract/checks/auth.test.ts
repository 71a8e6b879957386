// contract/checks/auth.ts: 5 rule 2, "A request without a valid token is rejected with HTTP 403".
import { describe, expect, it } from 'vitest';
import { acceptedToken, rejectedUnauthorized, tokenDescription } from '../../../contract/checks/auth.ts';
import type { Exchange, TokenKind, TokenVariant } from '../../../core/types.ts';

function exchange(status: number, tokenKind: TokenKind, tokenVariant?: TokenVariant): Exchange {
  return {
    seq: 1,
    operation: 'index',
    tokenKind,
    ...(tokenVariant ? { tokenVariant } : {}),
    request: { method: 'GET', url: 'http://127.0.0.1:1/api/v1/sales/1/order-status?branch_id=1', headers: {} },
    response: { status, headers: {}, body: '{}' },
    json: {},
    startedAt: 0,
    durationMs: 1,
  } as unknown as Exchange;
}

describe('rejectedUnauthorized', () => {
  it('passes a 403 and fails anything else, naming how the token was sent', () => {
    const body = { kind: 'body', name: 'api-token' } as const;
    expect(rejectedUnauthorized(exchange(403, 'variant', body), undefined).findings).toEqual([]);
    const [f] = rejectedUnauthorized(exchange(200, 'variant', body), undefined, { requirementId: 'AUTH-12' }).findings;
    expect(f!.requirementId).toBe('AUTH-12');
    expect(f!.title).toBe('A request with the valid token only in the JSON body (api-token) was not rejected with 403');
    // A 401 is no 403 (section 5 names 403).
    expect(rejectedUnauthorized(exchange(401, 'none'), undefined).findings).toHaveLength(1);
  });

  it('words every way of sending the token', () => {
    expect(tokenDescription(exchange(200, 'variant', { kind: 'empty' }))).toBe('with an empty api-token header');
    expect(tokenDescription(exchange(200, 'none'))).toBe('without api-token');
    expect(tokenDescription(exchange(200, 'variant', { kind: 'query', name: 'api-token' }))).toBe('with the valid token only in the query string (api-token=)');
  });
});

describe('acceptedToken', () => {
  it('fails a valid token refused with 401 or 403, and nothing else', () => {
    expect(acceptedToken(exchange(403, 'valid'), undefined).findings).toHaveLength(1);
    expect(acceptedToken(exchange(401, 'valid'), undefined).findings).toHaveLength(1);
    expect(acceptedToken(exchange(400, 'valid'), undefined).findings).toEqual([]);
  });
});
