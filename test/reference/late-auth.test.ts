// reference/late-auth.ts: what a faulty reference does with a request its token check refused.
import { describe, expect, it } from 'vitest';
import type { Ctx, Req } from '../../reference/context.ts';
import type { FaultName } from '../../reference/faults.ts';
import { bodyToken, lateAuth } from '../../reference/late-auth.ts';
import type { Route } from '../../reference/router.ts';

const ctx = (...faults: FaultName[]) => ({ faults: new Set(faults), tokens: new Set(['tok-1']) }) as unknown as Ctx;
const route = (r: Partial<Route>) => ({ method: 'POST', limited: false, handle: () => ({}), ...r }) as unknown as Route;
const req = (body: string, apiTokens: string[] = []) => ({ body, apiTokens }) as unknown as Req;

describe('lateAuth', () => {
  it('refuses without a fault, and runs the write first only on the route its fault names', () => {
    const orderCreate = route({ name: 'index', operation: 'order-create' });
    expect(lateAuth(ctx(), orderCreate)).toBe('refuse');
    expect(lateAuth(ctx('auth-order-create-writes-then-403'), orderCreate)).toBe('write-then-refuse');
    expect(lateAuth(ctx('auth-order-create-writes-then-403'), route({ name: 'index', operation: 'update-payment-status' }))).toBe('refuse');
    expect(lateAuth(ctx('auth-status-update-writes-then-403'), route({ name: 'order-status' }))).toBe('write-then-refuse');
    expect(lateAuth(ctx('auth-status-update-writes-then-403'), route({ name: 'customer-create' }))).toBe('refuse');
    expect(lateAuth(ctx('auth-contact-save-writes-then-403'), route({ name: 'customer-create' }))).toBe('write-then-refuse');
    expect(lateAuth(ctx('auth-body-token'), route({ name: 'report' }))).toBe('body-token');
    expect(lateAuth(ctx('auth-body-token'), route({ name: 'index', method: 'GET' }))).toBe('refuse');
  });
});

describe('bodyToken', () => {
  it('finds a valid token under "api-token" of a JSON body sent without the header', () => {
    expect(bodyToken(ctx(), req('{"api-token":"tok-1"}'))).toBe(true);
    expect(bodyToken(ctx(), req('{"api-token":"tok-2"}'))).toBe(false);
    expect(bodyToken(ctx(), req('{"api-token":"tok-1"}', ['bad']))).toBe(false);
    expect(bodyToken(ctx(), req('not json'))).toBe(false);
    expect(bodyToken(ctx(), req('["tok-1"]'))).toBe(false);
  });
});
