// The one scheduler: every request of a run goes through it, a chain of small policies
// (client/scheduler/, composed like undici's interceptors; the chain: createScheduler) that hold
// the run's concurrency, its retries, the paces per operation, the budgets and the breaker.
// A request it does not send comes back as a not-sent exchange: never thrown.
import type { NotSentReason } from '../core/types.ts';
import type { Quota } from '../core/quota.ts';
import type { UnnumberedExchange } from './transport.ts';
import { adaptivePolicy, createAdaptiveLimit } from './scheduler/adaptive-concurrency.ts';
import { backoffPolicy } from './scheduler/backoff.ts';
import { breakerPolicy } from './scheduler/breaker.ts';
import { createBudgets } from './scheduler/budgets.ts';
import { createPacing, type StatedQuota } from './scheduler/pacing.ts';
import { compose, emptyStats, opStats, type Job, type SchedulerStats } from './scheduler/policy.ts';
import { retryPolicy } from './scheduler/retry.ts';
import { createWaiting } from './scheduler/waiting.ts';
import { createSlots, currentFlow, type Slots } from './scheduler/slots.ts';
import { wait429Policy } from './scheduler/wait-of-429.ts';

export { inFlow } from './scheduler/slots.ts';
export type { SchedulerStats } from './scheduler/policy.ts';
export type { StatedQuota } from './scheduler/pacing.ts';

export interface SchedulerOptions {
  /** Requests in flight at once. */
  concurrency: number;
  /** The user's cap on all requests: never more than `requests` per `windowMs`. */
  cap?: Quota;
  /** Known quotas per operation (run.rateLimit as a map): the run starts paced. */
  quotas?: readonly StatedQuota[];
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
  /** A refused or reset connection while others are in flight halves the concurrency; `resend`: the request goes again (reads only). */
  backoff?: { resend: boolean };
  /** Requests in flight that adapt to the target's latency, `concurrency` their ceiling (client/scheduler/adaptive-concurrency.ts); a read that timed out goes again. */
  adaptive?: { slackMs?: number; pauseMs?: number };
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface Scheduler {
  /** Sends one request of operation `op` (its quota; default "other"). */
  run(
    send: () => Promise<UnnumberedExchange>,
    notSent: (reason: NotSentReason, message: string) => UnnumberedExchange,
    op?: string,
  ): Promise<UnnumberedExchange>;
  stats(): SchedulerStats;
  /** Every queued and later request is not sent. */
  stop(reason?: NotSentReason): void;
  /** Resolves once every request sent or waiting now has its answer (and the code awaiting it ran). */
  settled(): Promise<void>;
  /** The quota each operation is known to have (stated, learnt), "*" for all requests. */
  quotas(): Record<string, Quota>;
  /** The quotas the answers taught it (not those stated), each with the operations it covers. */
  learnt(): StatedQuota[];
  /** Fewer requests in flight from now on (a target whose accept queue overflows), or back up to the configured number. */
  setConcurrency(n: number): void;
}

/**
 * The chain, outermost first (and last, a burst's gang: its requests that must meet go in one turn):
 *   slots    run.concurrency requests in flight, the next slot to the flow with the fewest in
 *            flight (a chain never waits behind a property's backlog), bursts first;
 *   backoff  a connection refused or reset while others are in flight halves the slots;
 *   adaptive the slots follow the target's latency (fewer as it grows or answers time out, more
 *            while it holds; `concurrency` the ceiling), a read that timed out goes again;
 *   retry    a 429 is sent again after its wait (functional suites), within a retry budget;
 *   pacing   per operation: the stated quotas (run.rateLimit) and those known before sending (the
 *            plan's startPaced), the quota the answers announce, a 429's wait (Retry-After or its
 *            message, each also learnt as a quota); a slow report quota never paces the writes;
 *   budgets  the run budget, the request budget, a stop;
 *   breaker  a target that stopped answering (or only asks for waits longer than the run waits);
 *   wait429  reads how long a 429 asks to wait.
 */
export function createScheduler(o: SchedulerOptions): Scheduler {
  const now = o.now ?? Date.now;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const stats = emptyStats();
  const waiting = createWaiting(now, stats);
  const maxWaitMs = o.retry429?.maxWaitMs ?? 60_000;
  const slots = createSlots(o.concurrency, sleep);
  const budgets = createBudgets(
    { now, ...(o.deadline !== undefined ? { deadline: o.deadline } : {}), ...(o.maxRequests !== undefined ? { maxRequests: o.maxRequests } : {}) },
    stats,
  );
  const stated: StatedQuota[] = [...(o.cap ? [{ name: 'all requests', quota: o.cap, operations: null }] : []), ...(o.quotas ?? [])];
  const pacing = createPacing(
    {
      stated,
      learn: o.pacing,
      maxWaitMs,
      now,
      sleep,
      waiting,
      ...(o.deadline !== undefined ? { deadline: o.deadline } : {}),
      stopped: (job) => budgets.stopped() !== undefined || !!job.stop?.aborted,
    },
    stats,
  );
  const dispatch = compose(
    slots.policy,
    ...(o.backoff ? [backoffPolicy({ slots, resend: o.backoff.resend })] : []),
    ...(o.adaptive ? [adaptiveOf(o.concurrency, o.adaptive, slots, now)] : []),
    retryPolicy({ ...(o.retry429 ? { retry429: o.retry429 } : {}), paced: o.pacing, now, sleep, waiting }, stats),
    pacing.policy,
    budgets.policy,
    breakerPolicy({ ...(o.breakerThreshold ? { threshold: o.breakerThreshold } : {}), maxWaitMs, now }, stats),
    wait429Policy(now),
  )(async (job) => {
    // A burst's requests that must meet go in one turn, once each passed every policy (gang.ts).
    if (job.gang) await job.gang.arrive(o.concurrency);
    const t = now();
    stats.sent++;
    opStats(stats, job.op).sent++;
    for (const f of job.onSend) f(t);
    stats.firstSentAt ??= t;
    const answered = () => void (stats.inFlightMs += now() - t);
    const sent = job.send();
    sent.then(answered, answered);
    return sent;
  });
  for (const s of stated) for (const op of s.operations ?? []) opStats(stats, op).pacing = `${s.known ? 'known before sending' : 'stated'}: ${s.name}`;

  const pending = new Set<Promise<unknown>>();
  return {
    run: (send, notSent, op = 'other') => {
      const flow = currentFlow();
      const job: Job = {
        op,
        flow: flow.name,
        burst: flow.burst,
        ...(flow.must !== undefined ? { must: flow.must } : {}),
        ...(flow.raised ? { raised: flow.raised } : {}),
        ...(flow.stop ? { stop: flow.stop } : {}),
        ...(flow.gang ? { gang: flow.gang } : {}),
        send,
        notSent,
        park: sleep,
        onSend: [],
        waitedMs: 0,
      };
      const p = dispatch(job);
      pending.add(p);
      p.then(
        () => pending.delete(p),
        () => pending.delete(p),
      );
      return p;
    },
    settled: async () => {
      await Promise.allSettled([...pending]);
      await new Promise((r) => setImmediate(r));
    },
    stats: () => {
      const paced = Object.entries(stats.operations).filter(([, v]) => v.pacing !== 'none needed');
      // One pacing: said once; several: each with the operations it paces.
      const byPacing = new Map<string, string[]>();
      for (const [op, v] of paced) byPacing.set(v.pacing, [...(byPacing.get(v.pacing) ?? []), op]);
      const pacing = byPacing.size > 1 ? [...byPacing].map(([how, ops]) => `${ops.join(', ')}: ${how}`).join('; ') : (paced[0]?.[1].pacing ?? stats.pacing);
      return {
        ...stats,
        pacing,
        notSent: { ...stats.notSent },
        operations: Object.fromEntries(Object.entries(stats.operations).map(([k, v]) => [k, { ...v }])),
      };
    },
    stop: (reason = 'interrupted') => budgets.stop(reason),
    setConcurrency: (n) => slots.setLimit(n),
    quotas: () => pacing.known(),
    learnt: () => pacing.learnt(),
  };
}

/** The adaptive limit over the slots, starting at the ceiling where it is small (the default 8), else at 8 (slow start). */
function adaptiveOf(ceiling: number, a: { slackMs?: number; pauseMs?: number }, slots: Slots, now: () => number) {
  const limit = createAdaptiveLimit({ ceiling, ...(a.slackMs !== undefined ? { slackMs: a.slackMs } : {}) });
  slots.setLimit(limit.limit());
  return adaptivePolicy({ slots, limit, now, ...(a.pauseMs !== undefined ? { pauseMs: a.pauseMs } : {}) });
}
