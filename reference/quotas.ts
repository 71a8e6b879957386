// Quotas per operation (`serve --quota report=5/6s,readBack=4/6s`, a profile's rateLimit.quotas):
// each operation its own fixed-window limit per api-token, as a production deployment has them
// (about 5 reports and 4 single reads a minute). Over it: 429 (7 "Too Many Request") whose only
// hint is its message, "Too many request, please try after 60 seconds": no Retry-After, no
// rate-limit header. The wait it states is the quota's window (a request after it is accepted).
import { operationsOfKey, parseQuota, QUOTA_KEYS, quotaOfIndexOperation, type QuotaKey, type QuotaOperation } from '../core/quota.ts';
import type { Ctx, Reply, Req } from './context.ts';
import type { RouteName } from './guard.ts';
import { createLimiter, type Limiter } from './limiter.ts';
import { failure } from './respond.ts';

export type OperationQuotas = Partial<Record<QuotaKey, string>>;

const ROUTE_OPERATION: Record<RouteName, QuotaOperation | null> = {
  'order-status': 'orderStatus',
  'customer-create': 'customerCreate',
  report: 'report',
  'contact-read': 'contactRead',
  'order-status-read': 'orderStatusRead',
  index: 'other',
  unknown: null,
};

/** One limiter per stated quota ("readBack": one shared by both read paths), by the operations it covers. */
export function createQuotaLimiters(quotas: OperationQuotas | undefined): Map<QuotaOperation | '*', Limiter[]> {
  const byOp = new Map<QuotaOperation | '*', Limiter[]>();
  for (const key of QUOTA_KEYS) {
    const text = quotas?.[key];
    if (text === undefined) continue;
    const q = parseQuota(text);
    const limiter = createLimiter({ limit: q.requests, windowSeconds: q.windowMs / 1000, algorithm: 'fixed', scope: 'token', headers: false });
    for (const op of operationsOfKey(key) ?? ['*' as const]) byOp.set(op, [...(byOp.get(op) ?? []), limiter]);
  }
  return byOp;
}

/** The 429 of an operation over its quota, or null. Every authenticated request counts; an index
 *  route counts against its operation's stable name (`operation`). */
export function quotaRefusal(ctx: Ctx, req: Req, route: RouteName, operation?: string): Reply | null {
  const op = route === 'index' ? quotaOfIndexOperation(operation) : ROUTE_OPERATION[route];
  if (!op || ctx.quotas.size === 0) return null;
  const token = typeof req.headers['api-token'] === 'string' ? req.headers['api-token'] : '';
  for (const limiter of [...(ctx.quotas.get('*') ?? []), ...(ctx.quotas.get(op) ?? [])]) {
    const d = limiter.check(token);
    if (!d.allowed) return failure(ctx, 429, `${ctx.profile.messages.tooMany}, please try after ${limiter.config.windowSeconds} seconds`);
  }
  return null;
}
