// What the probe and the load scenario report: rate-limit.json (built by load/probe/build.ts)
// and load.json (built by load/scenarios/build.ts from either engine's run), and the RL-*
// observations of certification.json. Types only, and the one rounding both outputs use, so the
// builders, the checks, the output and reports/ all read the records from this leaf.
import type { Exchange } from '../core/types.ts';
import type { LoadEvidence, SeriesPoint } from './engines/kept-requests.ts';
import type { RateLimitHints } from '../client/rate-headers.ts';
import type { LoadOperation } from './scenarios/mix.ts';
import type { ThresholdResult } from './scenarios/thresholds.ts';

export type Refill = 'bulk' | 'gradual' | 'unknown';
export type AlgorithmKind = 'fixed-window' | 'sliding-window' | 'token-bucket' | 'unknown';
export type Scope = 'token' | 'shared' | 'unknown';
/** Why a probe or a load run stopped before its end; the probe stops only at its caps or a 5xx
 *  burst, a load run also at a dead target (no answers), a ramp's knee or a signal (SIGINT / SIGTERM:
 *  the result up to then is still written). */
export type LoadStoppedBy = 'max-requests' | 'max-seconds' | '5xx-burst' | 'no-answers' | 'knee' | 'interrupted';

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
  /** Not held the other way: the quota came back at least OVERSTATED (load/probe/moves.ts) times
   *  sooner than the Retry-After said (6000 for a 6 s wait: milliseconds), this request accepted. */
  overstated?: true;
  acceptedTest?: Exchange;
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
  stoppedBy: LoadStoppedBy | null;
  limit: number | null;
  windowSeconds: number | null;
  /** Token bucket: tokens per second; windows: limit / window. */
  refillPerSecond: number | null;
  refill: Refill;
  algorithm: AlgorithmKind;
  scope: Scope;
}

/** What a probe or a load run sent and got back, whichever engine sent it. */
export interface SentRequests {
  /** What was sent, and whether it writes (customer-create with writes: true creates customers). */
  request: { description: string; writes: boolean };
  requestsSent: number;
  durationSeconds: number;
  statusCounts: Record<string, number>;
  fiveXx: number;
}

export interface RateLimitResult extends Measured, SentRequests {
  /** The operation probed: one of section 4, a read path or an index operation (load/probe/operations.ts). */
  operation: string;
  /** A 429 was seen. */
  limited: boolean;
  retryAfter: { present: boolean; truthful: boolean | null; checks: RetryAfterCheck[] };
  headers: HeaderFindings;
  /** Every 429 carried the 2.1 envelope (false when no 429 was seen). */
  envelopeOn429: boolean;
  caps: { maxRequests: number; maxSeconds: number };
  /** Exchanges kept as evidence: 429s (first ones and those without the envelope), 5xx, unanswered requests. */
  evidence: { refusals: Exchange[]; serverErrors: Exchange[]; failures: Exchange[] };
  timeline: TimelinePoint[];
}

export type ScenarioName = 'steady' | 'ramp' | 'spike' | 'soak';
/** Who sends the closed model: the kit's own wire sender (the default) or autocannon. */
export const LOAD_ENGINES = ['wire', 'autocannon'] as const;
export type LoadEngine = (typeof LOAD_ENGINES)[number];
export interface LoadLatency {
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  p999: number;
  max: number;
  mean: number;
}

/** What one phase of the open model scheduled, sent and got back (its engine counts them, load.json reports them). */
export interface PhaseCounts {
  name: string;
  rate: number;
  seconds: number;
  scheduled: number;
  sent: number;
  dropped: number;
  answered: number;
  fiveXx: number;
  refused: number;
}

export interface PhaseResult extends PhaseCounts {
  /** Errors (dropped included) over scheduled-and-sent requests. */
  errorShare: number;
  latencyMs: LoadLatency | null;
  /** The thresholds of the knee, for a ramp's steps. */
  crossed?: string[];
}

export interface LoadResult extends SentRequests {
  model: 'open' | 'closed';
  scenario: ScenarioName;
  /** The one operation sent, or 'mixed'. */
  operation: LoadOperation | 'mixed';
  mix: Array<{ name: LoadOperation; weight: number; expected: number; writes: boolean; description: string }>;
  /** Open model: the requested rate (requests per second; the peak of a scenario). Closed: null. */
  rate: number | null;
  /** Closed model: connections and requests in flight on each. */
  connections: number | null;
  pipelining: number | null;
  seconds: number;
  answered: number;
  /** Answers per second actually achieved. */
  achievedRate: number;
  /** 429 answers, and how many carried the 2.1 envelope with status false and code "429". */
  refusals: { count: number; withEnvelope: number };
  errors: { count: number; share: number };
  /** Open model: requests due while every connection (load.maxConcurrency) waited for an answer; not sent. */
  skippedAtConcurrencyCap: number;
  /** Milliseconds from the due instant (open) or the send (closed) to the answer (HDR). */
  latencyMs: LoadLatency | null;
  /** Open model: how late the sender wrote requests against their due instant (its own health). */
  sendLagMs: { p50: number; p99: number; max: number } | null;
  /** Open model: the most keep-alive connections open at once (with workers, the sum of each one's most). */
  connectionsUsed: number | null;
  /** Threads that sent (load --workers): each its share, the figures merged exactly. */
  workers: number;
  /** Set when the closed model was sent by autocannon (`load --engine autocannon`); absent: the kit's own wire sender. */
  engine?: 'autocannon';
  stoppedBy: LoadStoppedBy | null;
  caps: { maxRequests: number; maxSeconds: number; maxConcurrency: number };
  byOperation: Record<string, { sent: number; statusCounts: Record<string, number>; latencyMs: LoadLatency | null }>;
  phases: PhaseResult[];
  /** Ramp: the first step whose p99 or error share crossed its threshold (null: none did). */
  knee: { rate: number; phase: string; crossed: string[] } | null;
  thresholds: ThresholdResult[];
  notes: string[];
  evidence: LoadEvidence;
  /** Answers per status and latency percentiles per time bucket (seconds since the start). */
  series: { bucketSeconds: number; points: SeriesPoint[] };
  /**
   * Set when read back from another engine's report (`report --artillery`, load/artillery/read.ts):
   * its file, and that it keeps no answer (so no 429 envelope is judged, no exchange is evidence).
   */
  source?: { engine: 'artillery'; file: string };
}

/** Rounds to `digits` decimals (for the output). */
export function round(n: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
