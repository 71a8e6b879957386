// A quota switch of the reference ("Q/W[@algorithm][:statement]", serve --quota): its limit, its
// algorithm (fixed window by default, sliding window, token bucket) and how its 429 states the
// wait (8 rule 1: "thresholds and time window: not shown", so each form is a correct vendor's):
//  - message (default): only the message, "please try after W seconds" (the window, as a
//    production deployment says it; a request after it is accepted);
//  - headers: RateLimit-Policy (named after the key) and RateLimit on every answer it counts;
//  - seconds: Retry-After in delay-seconds, rounded up (a third of the wait under fault
//    rl-retry-after-lies); date: Retry-After as an HTTP-date with Date.
import { readQuota, type Quota } from '../core/quota.ts';
import type { Ctx, Reply } from './context.ts';
import type { Algorithm, Decision, RateLimitConfig } from './limiter.ts';
import { retryAfterHeaders } from './rate-headers.ts';
import { failure } from './respond.ts';

export type Statement = 'message' | 'headers' | 'seconds' | 'date';
export const STATEMENTS: readonly Statement[] = ['message', 'headers', 'seconds', 'date'];
const ALGORITHMS: readonly Algorithm[] = ['fixed', 'sliding', 'token-bucket'];

export interface QuotaSwitch {
  quota: Quota;
  algorithm: Algorithm;
  statement: Statement;
}

/** "300/10s@sliding:date" -> its parts; null when malformed. */
export function readQuotaSwitch(text: string): QuotaSwitch | null {
  const m = /^\s*([^@:]+?)\s*(?:@\s*([a-z-]+)\s*)?(?::\s*([a-z]+)\s*)?$/.exec(text);
  const quota = m ? readQuota(m[1]!) : null;
  const algorithm = (m?.[2] ?? 'fixed') as Algorithm;
  const statement = (m?.[3] ?? 'message') as Statement;
  if (!quota || !ALGORITHMS.includes(algorithm) || !STATEMENTS.includes(statement)) return null;
  return { quota, algorithm, statement };
}

/** The 429 of a request over a quota switch, stating the wait as the switch says. */
export function statedRefusal(ctx: Ctx, config: RateLimitConfig, d: Decision, now: number): Reply {
  const tooMany = ctx.profile.messages.tooMany;
  switch (config.statement ?? 'message') {
    case 'message':
      return failure(ctx, 429, `${tooMany}, please try after ${config.windowSeconds} seconds`);
    case 'headers':
      return failure(ctx, 429, tooMany, announced(config, d));
    case 'seconds':
      // Fault rl-retry-after-lies: a third of the real wait (RL-3), here with no header to correct it.
      return failure(ctx, 429, tooMany, retryAfterHeaders('seconds', ctx.faults.has('rl-retry-after-lies') ? d.retryAfterMs / 3 : d.retryAfterMs, now));
    case 'date':
      return failure(ctx, 429, tooMany, retryAfterHeaders('http-date', d.retryAfterMs, now));
  }
}

/** RateLimit-Policy (named after the key) and RateLimit of a quota switched to "headers", else none. */
export function announced(config: RateLimitConfig, d: Decision): Record<string, string> {
  if (config.statement !== 'headers') return {};
  const name = config.name ?? 'default';
  return { 'ratelimit-policy': `"${name}";q=${config.limit};w=${config.windowSeconds}`, ratelimit: `"${name}";r=${d.remaining};t=${d.resetSeconds}` };
}
