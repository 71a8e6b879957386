// The one scheduler: every request of a run goes through it. It bounds the requests in flight
// (run.concurrency), never sends more than the user's cap (run.rateLimit, "100/10s"), learns the
// target's quota from what it answers and paces ALL in-flight work under it (spec 8 rule 1: "the
// thresholds and time window: not shown"), waits out and resends 429s (functional suites), and
// stops sending at the run budget, the request budget, an interrupt, or when the target stopped
// answering (breaker). A request it does not send comes back as a not-sent exchange: never thrown.
//   Quota, from every answer: RateLimit + RateLimit-Policy (IETF draft, structured fields and the
//   older RateLimit-Limit/-Remaining/-Reset), X-RateLimit-* (Reset as seconds or a Unix time),
//   Retry-After (RFC 9110 10.2.3: delay-seconds, or an HTTP-date read against the answer's own
//   Date header, so a skewed clock does not shorten the wait); without any header, the pace
//   halves after each 429 and recovers slowly.
//   Order: when more requests wait than may be in flight, the next slot goes to the flow (one test
//   of the suites) with the fewest requests in flight, the longest waiting first among equals. A
//   test that sends one request after another (a voucher's lifecycle, a walk page after page)
//   then never waits behind the hundreds of runs of a property: a far target costs the run its
//   longest chain of dependent requests, not that chain times the queue. A flow that must have its
//   requests in flight together (a burst: requests sent at once to find lost updates or id races)
//   goes first, so its requests still meet each other at the target.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { NotSentReason } from '../contract/types.ts';
import { parseRateLimitHeaders, parseRetryAfter } from './rate-headers.ts';
import type { UnnumberedExchange } from './transport.ts';

export interface SchedulerOptions {
  /** Requests in flight at once. */
  concurrency: number;
  /** The user's cap: never more than `requests` per `windowMs`. */
  cap?: { requests: number; windowMs: number };
  /** Learn the target's quota and pace under it (false for the probe, which measures it). */
  pacing: boolean;
  /** A 429 is waited out and sent again, at most maxRetries times and maxWaitMs in all. */
  retry429?: { maxRetries: number; maxWaitMs: number };
  /** Epoch ms (the run budget): later requests are not sent. */
  deadline?: number;
  /** Request budget: requests past it are not sent. */
  maxRequests?: number;
  /** Consecutive transport failures after which requests are not sent (for a while). */
  breakerThreshold?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface SchedulerStats {
  sent: number;
  notSent: Record<NotSentReason, number>;
  responses429: number;
  retries: number;
  waitedMs: number;
  /** What the pacing used: the cap, the headers it learnt, or adaptive. */
  pacing: string;
}

export interface Scheduler {
  run(send: () => Promise<UnnumberedExchange>, notSent: (reason: NotSentReason, message: string) => UnnumberedExchange): Promise<UnnumberedExchange>;
  stats(): SchedulerStats;
  /** Every queued and later request is not sent. */
  stop(reason?: NotSentReason): void;
  /** Resolves once every request sent or waiting now has its answer (and the code awaiting it ran). */
  settled(): Promise<void>;
}

const flows = new AsyncLocalStorage<{ name: string; burst: boolean }>();

/**
 * Runs `fn` as flow `name`: the requests it sends share one fair share of the scheduler's slots.
 * A burst flow's requests go before every other waiting request.
 */
export function inFlow<T>(name: string, fn: () => T, o: { burst?: boolean } = {}): T {
  return flows.run({ name, burst: o.burst ?? false }, fn);
}

/** After the breaker opened, one request is let through this often to see whether the target is back. */
const BREAKER_PROBE_MS = 5000;

/** "100/10s" -> { requests: 100, windowMs: 10000 }. */
export function parseCap(text: string): { requests: number; windowMs: number } {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*(s|m|h)\s*$/.exec(text);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) throw new Error(`a rate cap is Q/W like 100/10s, got ${JSON.stringify(text)}`);
  return { requests: Number(m[1]), windowMs: Number(m[2]) * { s: 1000, m: 60_000, h: 3_600_000 }[m[3] as 's' | 'm' | 'h'] };
}

export function createScheduler(o: SchedulerOptions): Scheduler {
  const now = o.now ?? Date.now;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const stats: SchedulerStats = { sent: 0, notSent: { budget: 0, 'max-requests': 0, breaker: 0, interrupted: 0 }, responses429: 0, retries: 0, waitedMs: 0, pacing: 'none needed' };
  let inFlight = 0;
  /** Requests in flight per flow, and the waiters in arrival order. */
  const flowInFlight = new Map<string, number>();
  const waiting: { flow: string; burst: boolean; go: () => void }[] = [];
  let stopped: NotSentReason | undefined;
  // Pacing state.
  const capLog: number[] = [];
  let pausedUntil = 0;
  let quota: { remaining: number; resetAt: number } | undefined;
  let policy: { limit: number; windowMs: number } | undefined;
  let lastSend = 0;
  let adaptiveGapMs = 0;
  // Breaker state.
  let failures = 0;
  let lastFailure = '';
  let breakerOpenedAt = 0;
  // 429s whose Retry-After is longer than the run would ever wait, in a row.
  let hopeless = 0;
  let hopelessMessage = '';

  const take = (flow: string) => {
    inFlight++;
    flowInFlight.set(flow, (flowInFlight.get(flow) ?? 0) + 1);
  };
  const acquire = (flow: string, burst: boolean) => {
    if (inFlight < o.concurrency && waiting.length === 0) return (take(flow), Promise.resolve());
    return new Promise<void>((go) => waiting.push({ flow, burst, go }));
  };
  const release = (flow: string) => {
    inFlight--;
    const left = (flowInFlight.get(flow) ?? 1) - 1;
    if (left > 0) flowInFlight.set(flow, left);
    else flowInFlight.delete(flow);
    while (inFlight < o.concurrency && waiting.length > 0) {
      const [next] = waiting.splice(nextWaiter(), 1);
      take(next!.flow);
      next!.go();
    }
  };
  /** The first waiter of a burst; else the first waiter of the flow with the fewest requests in flight. */
  const nextWaiter = (): number => {
    const burst = waiting.findIndex((w) => w.burst);
    if (burst >= 0) return burst;
    let best = 0;
    let fewest = Infinity;
    for (let i = 0; i < waiting.length && fewest > 0; i++) {
      const n = flowInFlight.get(waiting[i]!.flow) ?? 0;
      if (n < fewest) (fewest = n), (best = i);
    }
    return best;
  };

  /** Why the request is not sent, if it is not. */
  function refusal(): [NotSentReason, string] | undefined {
    if (stopped) return [stopped, stopped === 'interrupted' ? 'the run was interrupted' : `the run stopped (${stopped})`];
    if (o.deadline !== undefined && now() >= o.deadline) return ['budget', 'the run budget (run.maxDurationSeconds) is spent'];
    if (o.maxRequests !== undefined && stats.sent >= o.maxRequests) return ['max-requests', `the request budget (run.maxRequests ${o.maxRequests}) is spent`];
    if (o.breakerThreshold && failures >= o.breakerThreshold && now() - breakerOpenedAt < BREAKER_PROBE_MS) {
      return ['breaker', `the previous ${failures} requests got no answer (${lastFailure})`];
    }
    if (o.breakerThreshold && hopeless >= o.breakerThreshold * 3) return ['breaker', `the previous ${hopeless} answers were 429: ${hopelessMessage}`];
    return undefined;
  }

  /** Milliseconds to wait before the next send may go. */
  function waitNeeded(t: number): number {
    let until = pausedUntil;
    if (o.cap && capLog.length >= o.cap.requests) until = Math.max(until, capLog[capLog.length - o.cap.requests]! + o.cap.windowMs);
    if (o.pacing) {
      if (quota && quota.remaining <= 0) until = Math.max(until, quota.resetAt);
      if (policy && !quota) until = Math.max(until, lastSend + policy.windowMs / policy.limit);
      if (adaptiveGapMs > 0) until = Math.max(until, lastSend + adaptiveGapMs);
    }
    return Math.max(0, until - t);
  }

  async function gate(): Promise<number> {
    let waited = 0;
    for (let w = waitNeeded(now()); w > 0; w = waitNeeded(now())) {
      if (o.deadline !== undefined && now() >= o.deadline) return waited; // the budget is spent: refusal() says so
      await sleep(Math.min(w, 1000, o.deadline !== undefined ? Math.max(1, o.deadline - now()) : 1000));
      waited += Math.min(w, 1000);
      if (stopped) return waited;
    }
    return waited;
  }

  function sent(t: number) {
    stats.sent++;
    lastSend = t;
    if (o.cap) {
      capLog.push(t);
      while (capLog.length > o.cap.requests) capLog.shift();
    }
    if (quota) quota.remaining--;
  }

  /** Learns the quota from an answer's headers; returns the Retry-After wait of a 429 in ms. */
  function learn(ex: UnnumberedExchange, t: number): number | undefined {
    const h = ex.response?.headers;
    if (!h) return undefined;
    const hints = parseRateLimitHeaders(h, t);
    const state = hints.rateLimit ?? hints.xRateLimit;
    const p = hints.rateLimitPolicy;
    if (p?.limit && p.windowSeconds) {
      policy = { limit: p.limit, windowMs: p.windowSeconds * 1000 };
      stats.pacing = `the target's RateLimit-Policy: ${p.limit} per ${p.windowSeconds} s`;
    }
    if (state?.remaining != null && state.resetSeconds != null) {
      // Requests still in flight were counted by the target after this answer, or will be.
      quota = { remaining: state.remaining - Math.max(0, inFlight - 1), resetAt: t + state.resetSeconds * 1000 };
      if (!p?.windowSeconds) stats.pacing = `the target's rate-limit headers (${state.raw})`;
    }
    if (ex.response!.status !== 429) return undefined;
    // RFC 9110 10.2.3: an HTTP-date is read against the answer's own Date, not this clock.
    const serverNow = h.date ? Date.parse(h.date) : NaN;
    const seconds = parseRetryAfter(h['retry-after'], Number.isNaN(serverNow) ? t : serverNow);
    return seconds === null ? undefined : Math.ceil(seconds * 1000);
  }

  const pending = new Set<Promise<unknown>>();

  async function run(send: () => Promise<UnnumberedExchange>, notSent: (reason: NotSentReason, message: string) => UnnumberedExchange): Promise<UnnumberedExchange> {
    const { name: flow, burst } = flows.getStore() ?? { name: '', burst: false };
    await acquire(flow, burst);
    try {
      let retries = 0;
      let waitedMs = 0;
      for (;;) {
        waitedMs += await gate();
        const why = refusal();
        if (why) {
          stats.notSent[why[0]]++;
          return notSent(why[0], why[1]);
        }
        const t0 = now();
        sent(t0);
        const ex = await send();
        const t = now();
        // No (complete) answer: nothing came, or the answer stopped or never finished (a body that trickles).
        if (ex.failure && (!ex.response || ex.failure.kind === 'timeout' || ex.failure.kind === 'connection-reset')) {
          failures++;
          lastFailure = `${ex.failure.kind}: ${ex.failure.message}`;
          if (o.breakerThreshold && failures >= o.breakerThreshold) breakerOpenedAt = t;
        } else failures = 0;
        if (ex.response && ex.response.status !== 429) hopeless = 0;
        const retryAfterMs = learn(ex, t);
        if (ex.response?.status === 429) {
          stats.responses429++;
          if (o.pacing) {
            // A wait longer than the run would ever wait (Retry-After: 86400) does not stop the run: the
            // requests are still sent, each 429 given up at once (the requirements it hides are inconclusive).
            const cap = o.retry429?.maxWaitMs ?? 60_000;
            if (retryAfterMs !== undefined && retryAfterMs <= cap) pausedUntil = Math.max(pausedUntil, t + retryAfterMs);
            if (retryAfterMs !== undefined && retryAfterMs > cap) {
              hopeless++;
              hopelessMessage = `the target asks to wait ${Math.round(retryAfterMs / 1000)} s (Retry-After), longer than the run waits (${Math.round(cap / 1000)} s)`;
            }
            else if (quota && quota.resetAt > t) pausedUntil = Math.max(pausedUntil, quota.resetAt);
            // No usable header: halve the pace (double the gap between sends).
            if (retryAfterMs === undefined && !(quota && quota.resetAt > t)) {
              adaptiveGapMs = Math.min(5000, Math.max(50, adaptiveGapMs * 2));
              stats.pacing = `adaptive: ${adaptiveGapMs} ms between requests after 429s without rate-limit headers`;
            }
          }
          const wait = retryAfterMs ?? Math.max(500 * 2 ** retries, pausedUntil - t);
          const r = o.retry429;
          if (r && retries < r.maxRetries && waitedMs + wait <= r.maxWaitMs) {
            retries++;
            stats.retries++;
            if (!o.pacing) {
              await sleep(wait);
              waitedMs += wait;
            }
            continue;
          }
          stats.waitedMs += waitedMs;
          if (retries > 0 || r) return { ...ex, rateLimited: { retries, waitedMs } };
          return ex;
        }
        if (adaptiveGapMs > 0) adaptiveGapMs = adaptiveGapMs * 0.9 < 50 ? 0 : adaptiveGapMs * 0.9;
        stats.waitedMs += waitedMs;
        return retries > 0 ? { ...ex, rateLimited: { retries, waitedMs } } : ex;
      }
    } finally {
      release(flow);
    }
  }

  return {
    run: (send, notSent) => {
      const p = run(send, notSent);
      pending.add(p);
      p.then(() => pending.delete(p), () => pending.delete(p));
      return p;
    },
    settled: async () => {
      await Promise.allSettled([...pending]);
      await new Promise((r) => setImmediate(r));
    },
    stats: () => ({ ...stats, notSent: { ...stats.notSent } }),
    stop: (reason = 'interrupted') => {
      stopped = reason;
    },
  };
}
