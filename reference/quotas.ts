// Quotas per operation (`serve --quota report=5/6s,readBack=4/6s`, a profile's rateLimit.quotas):
// each stated key its own limit per api-token, as a production deployment has them (about 5
// reports and 4 single reads a minute). A key may name several joined by "+" ("contactRead+
// orderStatusRead"): one limit shared by them; "all": one limit on every route. A value "Q/W" may
// add its algorithm and how a 429 states the wait: "300/10s@sliding:date" (quota-switch.ts).
// Default: a fixed window whose 429 (7 "Too Many Request") states its wait only in its message,
// "Too many request, please try after 60 seconds" (the window: a request after it is accepted).
import { operationsOfKey, quotaOfIndexOperation, QUOTA_KEYS, type QuotaKey, type QuotaOperation } from '../core/quota.ts';
import type { Ctx, Reply, Req } from './context.ts';
import type { RouteName } from './guard.ts';
import { createLimiter, type Limiter } from './limiter.ts';
import { announced, readQuotaSwitch, statedRefusal } from './quota-switch.ts';

export type OperationQuotas = Partial<Record<QuotaKey, string>> & Record<string, string | undefined>;

const ROUTE_OPERATION: Record<RouteName, QuotaOperation | null> = {
  'order-status': 'orderStatus',
  'customer-create': 'customerCreate',
  report: 'report',
  'contact-read': 'contactRead',
  'order-status-read': 'orderStatusRead',
  index: 'other',
  unknown: null,
};

/** The operations a key covers ("a+b": both, null: every request); throws on an unknown key. */
function operationsOf(key: string): readonly QuotaOperation[] | null {
  const ops: QuotaOperation[] = [];
  for (const part of key.split('+').map((k) => k.trim())) {
    if (!(QUOTA_KEYS as readonly string[]).includes(part)) throw new Error(`unknown quota key ${JSON.stringify(part)}`);
    const of = operationsOfKey(part as QuotaKey);
    if (of === null) return null;
    ops.push(...of);
  }
  return ops;
}

/** One limiter per stated key, by the operations it covers ('*': every operation). */
export function createQuotaLimiters(quotas: OperationQuotas | undefined): Map<QuotaOperation | '*', Limiter[]> {
  const byOp = new Map<QuotaOperation | '*', Limiter[]>();
  for (const [key, text] of Object.entries(quotas ?? {})) {
    if (text === undefined) continue;
    const s = readQuotaSwitch(text);
    if (!s) throw new Error(`a quota is Q/W[@fixed|sliding|token-bucket][:message|headers|seconds|date], got ${JSON.stringify(text)}`);
    const limiter = createLimiter({
      limit: s.quota.requests,
      windowSeconds: s.quota.windowMs / 1000,
      algorithm: s.algorithm,
      scope: 'token',
      headers: s.statement === 'headers',
      statement: s.statement,
      name: key,
    });
    for (const op of operationsOf(key) ?? ['*' as const]) byOp.set(op, [...(byOp.get(op) ?? []), limiter]);
  }
  return byOp;
}

/** The 429 of an operation over its quota, or null, and the RateLimit headers of the quotas that
 *  announce themselves (statement "headers") for an accepted answer. Every authenticated request
 *  counts; an index route counts against its operation's stable name (`operation`). */
export function quotaRefusal(ctx: Ctx, req: Req, route: RouteName, operation?: string): { refusal: Reply | null; headers: Record<string, string> } {
  const op = route === 'index' ? quotaOfIndexOperation(operation) : ROUTE_OPERATION[route];
  const headers: Record<string, string> = {};
  if (!op || ctx.quotas.size === 0) return { refusal: null, headers };
  const token = typeof req.headers['api-token'] === 'string' ? req.headers['api-token'] : '';
  for (const limiter of [...(ctx.quotas.get('*') ?? []), ...(ctx.quotas.get(op) ?? [])]) {
    const d = limiter.check(token);
    if (!d.allowed) return { refusal: statedRefusal(ctx, limiter.config, d, Date.now()), headers };
    Object.assign(headers, announced(limiter.config, d));
  }
  return { refusal: null, headers };
}
