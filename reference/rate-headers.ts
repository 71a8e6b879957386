// What the answers say about the rate limit, in the form the profile chose. 8 rule 1: "the
// thresholds and time window: not shown", so every form in use is correct as long as it is true.
// Every Retry-After is rounded so that a request sent after it is accepted (RL-3).
import type { Decision, RateLimitConfig } from './limiter.ts';
import type { HeaderStyle, RetryAfterStyle } from './profiles/types.ts';

// The forms:
//  - structured: RateLimit-Policy `"default";q=100;w=10` and RateLimit `"default";r=5;t=3`
//    (IETF draft httpapi-ratelimit-headers, current);
//  - legacy: RateLimit-Limit / RateLimit-Remaining / RateLimit-Reset (older drafts; reset in
//    delta seconds);
//  - x-ratelimit: X-RateLimit-Limit / -Remaining / -Reset with the reset as epoch seconds;
//  - none.
// Retry-After on a 429 (RFC 9110 10.2.3): delay-seconds, or an HTTP-date (IMF-fixdate) sent with
// a Date header it is read against, or absent.
/** The headers of an answer the limiter counted. `now`: the clock of the decision (ms). */
export function rateHeaders(style: HeaderStyle, config: RateLimitConfig, d: Decision, now: number): Record<string, string> {
  if (config.headers === false) return {};
  switch (style) {
    case 'none':
      return {};
    case 'structured':
      return { 'ratelimit-policy': `"default";q=${config.limit};w=${config.windowSeconds}`, ratelimit: `"default";r=${d.remaining};t=${d.resetSeconds}` };
    case 'legacy':
      return { 'ratelimit-limit': String(config.limit), 'ratelimit-remaining': String(d.remaining), 'ratelimit-reset': String(d.resetSeconds) };
    case 'x-ratelimit':
      // Epoch seconds: the next whole second after now, plus the (rounded up) seconds to the reset.
      return {
        'x-ratelimit-limit': String(config.limit),
        'x-ratelimit-remaining': String(d.remaining),
        'x-ratelimit-reset': String(Math.ceil(now / 1000) + d.resetSeconds),
      };
  }
}

/**
 * Retry-After (and Date, for the HTTP-date form) of a 429 whose next accepted request is
 * `waitMs` away. delay-seconds: the whole seconds rounded up, at least 1. HTTP-date: the instant
 * rounded up to the next whole second, with Date the current second rounded down, so that a
 * client waiting Retry-After minus Date from the moment it reads the answer waits long enough.
 */
export function retryAfterHeaders(style: RetryAfterStyle, waitMs: number, now: number): Record<string, string> {
  switch (style) {
    case 'none':
      return {};
    case 'seconds':
      return { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) };
    case 'http-date':
      return {
        'retry-after': new Date(Math.ceil((now + waitMs) / 1000) * 1000).toUTCString(),
        date: new Date(Math.floor(now / 1000) * 1000).toUTCString(),
      };
  }
}
