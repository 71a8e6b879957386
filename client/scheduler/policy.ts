// The scheduler is a chain of small policies, each wrapping the next like undici's interceptors
// (`compose(a, b, c)(send)`: a sees the request first and the answer last). A policy may wait,
// refuse (a not-sent exchange, never a throw), send again, or learn from the answer.
import type { NotSentReason } from '../../core/types.ts';
import type { UnnumberedExchange } from '../transport.ts';
import type { Gang } from './gang.ts';

/** One request on its way through the policies. */
export interface Job {
  /** The operation whose quota the request counts against ("report", "contactRead" ...). */
  op: string;
  /** The flow (one test of the suites) it belongs to, and whether its requests must go together. */
  flow: string;
  burst: boolean;
  /** Its test verifies a MUST (true): where a pace makes requests wait, it goes before those of tests
   *  verifying none (false); unset (a request of no test): never held back. */
  must?: boolean;
  /** Its requests go before a MUST's while this says so (a MUST's test waits for what its test holds). */
  raised?: () => boolean;
  /** The burst's gang: the request waits for the others of it just before it goes (gang.ts). */
  gang?: Gang;
  /** Aborted when the flow's test reached its own time limit: the request is not sent (its reason the signal's). */
  stop?: AbortSignal;
  send(): Promise<UnnumberedExchange>;
  notSent(reason: NotSentReason, message: string): UnnumberedExchange;
  /** Waits `ms` without holding a slot (set by the slots policy). */
  park(ms: number): Promise<void>;
  /** Called with the clock just before the request goes (each try). */
  onSend: ((t: number) => void)[];
  /** The wait a 429 asks for (Retry-After, or the message's text), in ms; set per answer. */
  /** `date`: a Retry-After HTTP-date, and the answer's Date it was read against (epoch ms). */
  wait429?: { ms: number; from: 'retry-after' | 'message'; date?: { retryAt: number; serverNow: number } };
  /** Milliseconds waited for the pace since the last 429 of this request (the retry budget). */
  waitedMs: number;
}

export type Dispatch = (job: Job) => Promise<UnnumberedExchange>;
export type Policy = (next: Dispatch) => Dispatch;

/** compose(a, b, c)(last) = a(b(c(last))). */
export function compose(...policies: Policy[]): (last: Dispatch) => Dispatch {
  return (last) => policies.reduceRight<Dispatch>((next, p) => p(next), last);
}

export interface OperationStats {
  sent: number;
  responses429: number;
  /** What paces it: a stated quota, the headers learnt, a 429's wait, or nothing. */
  pacing: string;
  /** Wall time at least one of its requests waited for its pace (a 429's wait included), when any. */
  waitedMs?: number;
}

export interface SchedulerStats {
  sent: number;
  notSent: Record<NotSentReason, number>;
  /** 429s met: each either waited out (`retries`: sent again) or `refused429` (still refused when answered to the test). */
  responses429: number;
  retries: number;
  refused429: number;
  /** Wall time at least one request waited (a pace, a 429's wait): waiting.ts. */
  waitedMs: number;
  /** What the pacing used: the stated quotas, the headers it learnt, or adaptive. */
  pacing: string;
  /** Per operation: requests sent, 429s, what paces it. */
  operations: Record<string, OperationStats>;
  /** Milliseconds requests were in flight (sent, not yet answered), summed over the requests: over
   *  the time a run took, how many of its slots were busy on average. */
  inFlightMs: number;
  /** When the first request was sent (epoch ms). */
  firstSentAt?: number;
}

export function emptyStats(): SchedulerStats {
  return {
    sent: 0,
    notSent: { budget: 0, 'max-requests': 0, breaker: 0, interrupted: 0, 'time-limit': 0 },
    responses429: 0,
    retries: 0,
    refused429: 0,
    waitedMs: 0,
    pacing: 'none needed',
    operations: {},
    inFlightMs: 0,
  };
}

export function opStats(stats: SchedulerStats, op: string): OperationStats {
  return (stats.operations[op] ??= { sent: 0, responses429: 0, pacing: 'none needed' });
}
