// What the probe and the load scenario report: rate-limit.json and load.json, and the RL-*
// observations of certification.json.
import type { Exchange } from '../core/types.ts';
import type { RateLimitHints } from './headers.ts';
import type { ProbeOperation } from './requests.ts';

export type Refill = 'bulk' | 'gradual' | 'unknown';
export type AlgorithmKind = 'fixed-window' | 'sliding-window' | 'token-bucket' | 'unknown';
export type Scope = 'token' | 'shared' | 'unknown';
export type StoppedBy = 'max-requests' | 'max-seconds' | '5xx-burst';

/** One test of a Retry-After: a request sent once the promised wait was over. */
export interface RetryAfterCheck {
  /** Seconds the 429 asked to wait. */
  retryAfterSeconds: number;
  /** Seconds after the 429 arrived that the test request was sent. */
  testedAfterSeconds: number;
  /** The test request was accepted (RFC 9110 10.2.3: the wait is enough). */
  held: boolean;
  /** The 429 that carried the Retry-After, and the refused test request when it did not hold. */
  refusal: Exchange;
  refusedTest?: Exchange;
}

export interface TimelinePoint {
  /** Seconds since the start of the run, when the request was sent. */
  t: number;
  /** HTTP status, 0 when no answer arrived. */
  status: number;
  /** Which step of the probe sent it. */
  phase: string;
  /** Present when sent with the second token. */
  token?: 'second';
}

export interface HeaderFindings extends RateLimitHints {
  /** The announced limit / window match the measured ones (null when not announced or not measured). */
  limitAgrees: boolean | null;
  windowAgrees: boolean | null;
}

/** What the probe's steps established (null / unknown where they did not get that far). */
export interface Measured {
  /** How the figures were obtained, and what limits them. */
  notes: string[];
  /** Why the probe stopped before it finished, if it did. */
  stoppedBy: StoppedBy | null;
  limit: number | null;
  windowSeconds: number | null;
  /** Token bucket: tokens per second; windows: limit / window. */
  refillPerSecond: number | null;
  refill: Refill;
  algorithm: AlgorithmKind;
  scope: Scope;
}

export interface RateLimitResult extends Measured {
  operation: ProbeOperation;
  /** What was sent, and whether it writes (customer-create with writes: true creates customers). */
  request: { description: string; writes: boolean };
  /** A 429 was seen. */
  limited: boolean;
  retryAfter: { present: boolean; truthful: boolean | null; checks: RetryAfterCheck[] };
  headers: HeaderFindings;
  /** Every 429 carried the 2.1 envelope (false when no 429 was seen). */
  envelopeOn429: boolean;
  requestsSent: number;
  durationSeconds: number;
  statusCounts: Record<string, number>;
  fiveXx: number;
  caps: { maxRequests: number; maxSeconds: number };
  /** Exchanges kept as evidence: 429s (first ones and those without the envelope), 5xx, unanswered requests. */
  evidence: { refusals: Exchange[]; serverErrors: Exchange[]; failures: Exchange[] };
  timeline: TimelinePoint[];
}

/** load.json: load/scenarios/load-result.ts. */
export type { LoadResult } from './scenarios/load-result.ts';
