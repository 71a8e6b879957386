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
  /** A quota switch's: how its 429 states the wait (quota-switch.ts), and the key it was stated for. */
  statement?: 'message' | 'headers' | 'seconds' | 'date';
  name?: string;
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

export interface CheckOptions {
  /**
   * A limiter that leaks under concurrency (fault rl-limiter-leaks): it decides on the count as it
   * is, and counts the request only after a real async step (a store round trip), so requests
   * arriving meanwhile all see the old count.
   */
  leaks?: boolean;
}

export interface Limiter {
  readonly config: RateLimitConfig;
  check(token: string, options?: CheckOptions): Decision;
}

interface Algo {
  /** `count` false: decide without counting the request. */
  check(key: string, now: number, count?: boolean): Omit<Decision, 'retryAfterSeconds'>;
  /** Counts one request, whatever the count (the leaking limiter's late increment). */
  take(key: string, now: number): void;
}

const ceilSeconds = (ms: number) => Math.ceil(ms / 1000);

/** Fixed windows of W seconds aligned to the limiter's creation time. */
function fixed(limit: number, windowMs: number, start: number): Algo {
  const state = new Map<string, { index: number; count: number }>();
  return {
    check(key, now, count = true) {
      const index = Math.floor((now - start) / windowMs);
      const endsIn = start + (index + 1) * windowMs - now;
      let s = state.get(key);
      if (!s || s.index !== index) state.set(key, (s = { index, count: 0 }));
      const allowed = s.count < limit;
      if (allowed && count) s.count++;
      return { allowed, remaining: Math.max(0, limit - s.count), resetSeconds: ceilSeconds(endsIn), retryAfterMs: allowed ? 0 : endsIn };
    },
    take(key, now) {
      const index = Math.floor((now - start) / windowMs);
      const s = state.get(key);
      if (!s || s.index !== index) state.set(key, { index, count: 1 });
      else s.count++;
    },
  };
}

/** Sliding log: allowed while fewer than L requests were accepted in the last W seconds. */
function sliding(limit: number, windowMs: number): Algo {
  const logs = new Map<string, number[]>();
  return {
    check(key, now, count = true) {
      let log = logs.get(key);
      if (!log) logs.set(key, (log = []));
      // An accepted request at time a counts while now - a < W.
      while (log.length > 0 && log[0]! <= now - windowMs) log.shift();
      const allowed = log.length < limit;
      if (allowed && count) log.push(now);
      const untilOldestLeaves = log.length > 0 ? log[0]! + windowMs - now : 0;
      return {
        allowed,
        remaining: Math.max(0, limit - log.length),
        resetSeconds: ceilSeconds(untilOldestLeaves),
        retryAfterMs: allowed ? 0 : untilOldestLeaves,
      };
    },
    take(key, now) {
      let log = logs.get(key);
      if (!log) logs.set(key, (log = []));
      log.push(now);
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
    check(key, now, count = true) {
      let s = state.get(key);
      if (!s) state.set(key, (s = { level: capacity, at: now }));
      s.level = Math.min(capacity, s.level + Math.max(0, now - s.at) * limit);
      s.at = now;
      const allowed = s.level >= windowMs;
      if (allowed && count) s.level -= windowMs;
      return {
        allowed,
        remaining: Math.max(0, Math.floor(s.level / windowMs)),
        resetSeconds: ceilSeconds((capacity - s.level) / limit),
        retryAfterMs: allowed ? 0 : Math.ceil((windowMs - s.level) / limit),
      };
    },
    take(key, now) {
      let s = state.get(key);
      if (!s) state.set(key, (s = { level: capacity, at: now }));
      s.level = Math.min(capacity, s.level + Math.max(0, now - s.at) * limit) - windowMs;
      s.at = Math.max(s.at, now);
    },
  };
}

export function createLimiter(config: RateLimitConfig, now: () => number = Date.now): Limiter {
  if (!Number.isInteger(config.limit) || config.limit < 1) throw new Error(`rate limit must be a positive integer, got ${config.limit}`);
  if (!(config.windowSeconds > 0)) throw new Error(`rate limit window must be positive, got ${config.windowSeconds}`);
  const windowMs = config.windowSeconds * 1000;
  const algo =
    config.algorithm === 'fixed'
      ? fixed(config.limit, windowMs, now())
      : config.algorithm === 'sliding'
        ? sliding(config.limit, windowMs)
        : tokenBucket(config.limit, windowMs);
  return {
    config,
    check(token, options = {}) {
      const key = config.scope === 'global' ? '*' : token;
      const d = algo.check(key, now(), !options.leaks);
      // Check, then a real async step, then count: requests meanwhile all see the old count.
      if (options.leaks && d.allowed) setImmediate(() => algo.take(key, now()));
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
