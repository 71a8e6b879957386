// Rate limiting of the reference (7 "429 | Too Many Request", 8 rule 1: "thresholds and time
// window: not shown", so these are the reference's choices). The clock is injectable so the
// algorithms are tested exactly.

export type Algorithm = 'fixed' | 'sliding' | 'token-bucket';

export interface RateLimitConfig {
  limit: number;
  windowSeconds: number;
  algorithm: Algorithm;
  /** 'token': one state per api-token; 'global': one state for every client. */
  scope: 'token' | 'global';
  /** Emit RateLimit-Policy / RateLimit headers (default true). */
  headers?: boolean;
}

export interface Decision {
  allowed: boolean;
  /** Requests left in the current state after this one. */
  remaining: number;
  /** Seconds until the quota is restored (RateLimit t=). */
  resetSeconds: number;
  /** When refused: exact milliseconds until a request is accepted again. */
  retryAfterMs: number;
  /** When refused: Retry-After, whole seconds, rounded up (a request after it is accepted). */
  retryAfterSeconds: number;
}

export interface Limiter {
  readonly config: RateLimitConfig;
  check(token: string): Decision;
}

interface Algo {
  check(key: string, now: number): Omit<Decision, 'retryAfterSeconds'>;
}

const ceilSeconds = (ms: number) => Math.ceil(ms / 1000);

/** Fixed windows of W seconds aligned to the limiter's creation time. */
function fixed(limit: number, windowMs: number, start: number): Algo {
  const state = new Map<string, { index: number; count: number }>();
  return {
    check(key, now) {
      const index = Math.floor((now - start) / windowMs);
      const endsIn = start + (index + 1) * windowMs - now;
      let s = state.get(key);
      if (!s || s.index !== index) state.set(key, (s = { index, count: 0 }));
      const allowed = s.count < limit;
      if (allowed) s.count++;
      return { allowed, remaining: limit - s.count, resetSeconds: ceilSeconds(endsIn), retryAfterMs: allowed ? 0 : endsIn };
    },
  };
}

/** Sliding log: allowed while fewer than L requests were accepted in the last W seconds. */
function sliding(limit: number, windowMs: number): Algo {
  const logs = new Map<string, number[]>();
  return {
    check(key, now) {
      let log = logs.get(key);
      if (!log) logs.set(key, (log = []));
      // An accepted request at time a counts while now - a < W.
      while (log.length > 0 && log[0]! <= now - windowMs) log.shift();
      const allowed = log.length < limit;
      if (allowed) log.push(now);
      const untilOldestLeaves = log.length > 0 ? log[0]! + windowMs - now : 0;
      return {
        allowed,
        remaining: limit - log.length,
        resetSeconds: ceilSeconds(untilOldestLeaves),
        retryAfterMs: allowed ? 0 : untilOldestLeaves,
      };
    },
  };
}

/** Token bucket of capacity L refilled by L/W tokens per second, continuously. Levels are kept
 *  in units of 1/W-ms-token (one token = windowMs units, refill = limit units per ms), so the
 *  arithmetic is exact for integer clocks. */
function tokenBucket(limit: number, windowMs: number): Algo {
  const capacity = limit * windowMs;
  const state = new Map<string, { level: number; at: number }>();
  return {
    check(key, now) {
      let s = state.get(key);
      if (!s) state.set(key, (s = { level: capacity, at: now }));
      s.level = Math.min(capacity, s.level + Math.max(0, now - s.at) * limit);
      s.at = now;
      const allowed = s.level >= windowMs;
      if (allowed) s.level -= windowMs;
      return {
        allowed,
        remaining: Math.floor(s.level / windowMs),
        resetSeconds: ceilSeconds((capacity - s.level) / limit),
        retryAfterMs: allowed ? 0 : Math.ceil((windowMs - s.level) / limit),
      };
    },
  };
}

export function createLimiter(config: RateLimitConfig, now: () => number = Date.now): Limiter {
  if (!Number.isInteger(config.limit) || config.limit < 1) throw new Error(`rate limit must be a positive integer, got ${config.limit}`);
  if (!(config.windowSeconds > 0)) throw new Error(`rate limit window must be positive, got ${config.windowSeconds}`);
  const windowMs = config.windowSeconds * 1000;
  const algo =
    config.algorithm === 'fixed' ? fixed(config.limit, windowMs, now())
    : config.algorithm === 'sliding' ? sliding(config.limit, windowMs)
    : tokenBucket(config.limit, windowMs);
  return {
    config,
    check(token) {
      const d = algo.check(config.scope === 'global' ? '*' : token, now());
      // Token bucket: "until one token, rounded up, at least 1".
      const retryAfterSeconds = d.allowed ? 0 : Math.max(1, ceilSeconds(d.retryAfterMs));
      return { ...d, retryAfterSeconds };
    },
  };
}

/** RateLimit-Policy and RateLimit headers (IETF draft httpapi-ratelimit-headers). */
export function rateLimitHeaders(config: RateLimitConfig, d: Decision): Record<string, string> {
  if (config.headers === false) return {};
  return {
    'ratelimit-policy': `"default";q=${config.limit};w=${config.windowSeconds}`,
    ratelimit: `"default";r=${d.remaining};t=${d.resetSeconds}`,
  };
}
