// What every operation checks before its own validation: the api-token (5) and, on the
// operations the profile limits (section 7 lists 429 for customer creation and the report), the
// rate limit (7, 8 rule 1).
import type { Ctx, Reply, Req } from './context.ts';
import { rateHeaders, retryAfterHeaders } from './rate-headers.ts';
import { failure } from './respond.ts';
import { retryAfterInMs } from './retry-after-ms.ts';

export type RouteName = 'order-status' | 'customer-create' | 'contact-read' | 'order-status-read' | 'report' | 'index' | 'unknown';

/** Whether one api-token value is a valid token (with the near-miss faults of AUTH-5, AUTH-6). */
function validToken(ctx: Ctx, token: string): boolean {
  const f = ctx.faults;
  if (ctx.tokens.has(token)) return true;
  // 5 rule 2: an empty header carries no valid token (AUTH-6).
  if (token === '') return f.has('auth-empty-accepted');
  // 5 rule 2: an invalid token is rejected (AUTH-2); a near-miss is an invalid token (AUTH-5).
  if (f.has('auth-any-token')) return true;
  if (f.has('auth-case-insensitive')) for (const t of ctx.tokens) if (t.toLowerCase() === token.toLowerCase()) return true;
  if (f.has('auth-prefix-compare')) for (const t of ctx.tokens) if (t.slice(0, 8) === token.slice(0, 8)) return true;
  return false;
}

/** AUTH-7: the value a profile keeps of an api-token sent twice, and whether it is valid. */
function duplicateKept(ctx: Ctx, values: string[]): boolean {
  const keep = ctx.profile.http.duplicateToken ?? 'refuse';
  if (keep === 'refuse') return false;
  return validToken(ctx, keep === 'first' ? values[0]! : values[values.length - 1]!);
}

/** A valid token sent somewhere other than the api-token header (AUTH-8: not a way to send it). */
function tokenElsewhere(ctx: Ctx, req: Req): boolean {
  const f = ctx.faults;
  const query = f.has('auth-query-token') ? req.query.get('api-token') : null;
  if (query !== null && ctx.tokens.has(query)) return true;
  const auth = f.has('auth-bearer-accepted') ? /^Bearer (.+)$/i.exec(req.headers.authorization ?? '') : null;
  return auth !== null && ctx.tokens.has(auth[1]!);
}

/** 5 rule 2: "A request without a valid token is rejected with HTTP 403 (Unauthorized)".
 *  Returns the refusal, or null when the request may go on. */
export function authorize(ctx: Ctx, req: Req, route: RouteName): Reply | null {
  const f = ctx.faults;
  // 5 rule 1: "Every operation requires the header api-token" - the order status update too (AUTH-1, AUTH-2).
  if (route === 'order-status' && f.has('auth-skip-order-status')) return null;
  // 5 rule 1: the read-backs too (AUTH-10).
  if ((route === 'contact-read' || route === 'order-status-read') && f.has('auth-readback-open')) return null;
  const values = req.apiTokens;
  // 5 rule 1: Get Tax List too (IX-1).
  if (values.length === 0 && route === 'index' && f.has('ix-read-open') && req.segments.join('/') === 'api/v1/master/tax') return null;
  let ok: boolean;
  // 5 rule 2: a request without a token is rejected (AUTH-1), whatever else it carries (AUTH-8).
  if (values.length === 0) ok = f.has('auth-missing-accepted') || tokenElsewhere(ctx, req);
  // 5 says nothing of a header sent twice (AUTH-7, INFO): the profile refuses both values, or keeps
  // the first (Java getHeader, Go Header.Get) or the last (a header map built from the list).
  // Two invalid values are never a valid token (AUTH-7b).
  else if (values.length > 1) ok = f.has('auth-duplicate-unchecked') || duplicateKept(ctx, values);
  // 5 rule 2: a request with an invalid token is rejected (AUTH-2, AUTH-5, AUTH-6).
  else ok = validToken(ctx, values[0]!);
  // 5 rule 1: a valid token is accepted (AUTH-3).
  if (ok && route === 'report' && f.has('auth-rejects-valid')) ok = false;
  if (ok) return null;
  // 5 rule 2: "rejected with HTTP 403 (Unauthorized)" (AUTH-1, AUTH-2).
  return failure(ctx, f.has('auth-401') ? 401 : 403, ctx.profile.messages.unauthorized);
}

const NONE: Record<string, string> = {};

/** 7: "429 | Too Many Request | create customer; consumption/production report".
 *  Returns the refusal or the rate-limit headers to add to the answer. */
export function limit(ctx: Ctx, req: Req): { refusal: Reply | null; headers: Record<string, string> } {
  if (!ctx.limiter) return { refusal: null, headers: NONE };
  const token = req.headers['api-token'];
  const f = ctx.faults;
  // RL-6: the count a request is checked against includes every request accepted before it.
  const d = ctx.limiter.check(typeof token === 'string' ? token : '', { leaks: f.has('rl-limiter-leaks') });
  const style = ctx.profile.rateLimit;
  const now = Date.now();
  const headers = rateHeaders(style.headers, ctx.limiter.config, d, now);
  if (d.allowed) return { refusal: null, headers };
  // RL-3: "a request after that wait is accepted" - Retry-After tells the real wait.
  const waitMs = f.has('rl-retry-after-lies') ? d.retryAfterMs / 3 : d.retryAfterMs;
  const with429 = { ...headers, ...retryAfterHeaders(style.retryAfter, waitMs, now), ...retryAfterInMs(f, style.retryAfter, waitMs) };
  // 7: "429 | Too Many Request ... request rate exceeded" (RL-1, RL-5: not a 5xx).
  if (f.has('rl-503')) return { refusal: failure(ctx, 503, 'Service Unavailable', with429), headers };
  return { refusal: failure(ctx, 429, ctx.profile.messages.tooMany, with429), headers };
}
