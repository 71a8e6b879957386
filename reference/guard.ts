// What every operation checks before its own validation: the api-token (5) and, on the
// operations that section 7 lists 429 for, the rate limit (7, 8 rule 1).
import type { Ctx, Reply, Req } from './context.ts';
import { rateLimitHeaders } from './limiter.ts';
import { failure, textReply } from './respond.ts';

export type RouteName = 'order-status' | 'customer-create' | 'contact-read' | 'report' | 'unknown';

/** 5 rule 2: "A request without a valid token is rejected with HTTP 403 (Unauthorized)".
 *  Returns the refusal, or null when the request may go on. */
export function authorize(ctx: Ctx, req: Req, route: RouteName): Reply | null {
  const f = ctx.faults;
  // 5 rule 1: "Every operation requires the header api-token" - the order status update too (AUTH-1, AUTH-2).
  if (route === 'order-status' && f.has('auth-skip-order-status')) return null;
  const token = req.headers['api-token'];
  let ok: boolean;
  // 5 rule 2: a request without a token is rejected (AUTH-1).
  if (token === undefined) ok = f.has('auth-missing-accepted');
  // 5 rule 2: a request with an invalid token is rejected (AUTH-2).
  else ok = (typeof token === 'string' && ctx.tokens.has(token)) || f.has('auth-any-token');
  // 5 rule 1: a valid token is accepted (AUTH-3).
  if (ok && route === 'report' && f.has('auth-rejects-valid')) ok = false;
  if (ok) return null;
  // 5 rule 2: "rejected with HTTP 403 (Unauthorized)" (AUTH-1, AUTH-2).
  return failure(ctx, f.has('auth-401') ? 401 : 403, 'Unauthorized');
}

/** 7: "429 | Too Many Request | create customer; consumption/production report".
 *  Returns the refusal or the RateLimit headers to add to the answer. */
export function limit(ctx: Ctx, req: Req): { refusal: Reply | null; headers: Record<string, string> } {
  if (!ctx.limiter) return { refusal: null, headers: {} };
  const token = req.headers['api-token'];
  const d = ctx.limiter.check(typeof token === 'string' ? token : '');
  const headers = rateLimitHeaders(ctx.limiter.config, d);
  if (d.allowed) return { refusal: null, headers };
  const f = ctx.faults;
  // RL-3: "a request after that wait is accepted" - Retry-After tells the real wait.
  const retryAfter = f.has('rl-retry-after-lies') ? Math.floor(d.retryAfterMs / 3000) : d.retryAfterSeconds;
  const with429 = { ...headers, 'retry-after': String(retryAfter) };
  // 7: "429 | Too Many Request ... request rate exceeded" (RL-1, RL-5: not a 5xx).
  if (f.has('rl-503')) return { refusal: failure(ctx, 503, 'Service Unavailable', with429), headers };
  // 7: a 429 carries the envelope (RL-2).
  if (f.has('rl-429-no-envelope')) return { refusal: textReply(429, 'Too Many Request', with429), headers };
  return { refusal: failure(ctx, 429, 'Too Many Request', with429), headers };
}
