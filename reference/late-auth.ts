// What a faulty vendor does with a request its token check refused (5 rule 2: "A request without
// a valid token is rejected with HTTP 403"). A correct vendor refuses before the operation runs;
// these faults run it first (a refused write that still writes, AUTH-11) or take the token from
// the JSON body (AUTH-8, AUTH-12). Read-backs served without a token (AUTH-10) are guard.ts's
// (authorize). Nothing here runs without a fault switch.
import type { Ctx, Req } from './context.ts';
import type { Route } from './router.ts';

/** What the server does with a refused request: refuse it, run the operation and then refuse, or read the token from the body. */
export type LateAuth = 'refuse' | 'write-then-refuse' | 'body-token';

/** The voucher's writes beyond its order and payment status (section 1, Sales). */
const VOUCHER_DATA = new Set(['update-due-date', 'update-shipping-detail']);

export function lateAuth(ctx: Ctx, route: Route): LateAuth {
  const f = ctx.faults;
  // AUTH-11: the vendor stores the write and only then answers 403.
  if (route.name === 'index' && route.operation === 'order-create' && f.has('auth-order-create-writes-then-403')) return 'write-then-refuse';
  if (route.name === 'order-status' && f.has('auth-status-update-writes-then-403')) return 'write-then-refuse';
  if (route.name === 'customer-create' && f.has('auth-contact-save-writes-then-403')) return 'write-then-refuse';
  if (route.name === 'index' && VOUCHER_DATA.has(route.operation ?? '') && f.has('auth-voucher-data-writes-then-403')) return 'write-then-refuse';
  // AUTH-8, AUTH-12: a token read from the JSON body of a POST.
  if (route.method === 'POST' && f.has('auth-body-token')) return 'body-token';
  return 'refuse';
}

/** Whether the JSON body of a request without api-token holds a valid token under "api-token" (auth-body-token). */
export function bodyToken(ctx: Ctx, req: Req): boolean {
  if (req.apiTokens.length > 0) return false;
  try {
    const body = JSON.parse(req.body) as unknown;
    const token = body && typeof body === 'object' ? (body as Record<string, unknown>)['api-token'] : undefined;
    return typeof token === 'string' && ctx.tokens.has(token);
  } catch {
    return false;
  }
}
