// What a load run keeps of its requests, whichever engine sent them (closed: load/engines/wire.ts,
// a request per answer on each keep-alive connection; open: the same wire on the exact schedule): counts per status and per
// operation, HDR latency histograms (microseconds), a series over time for the plot, and the full
// exchange - tokens redacted by the kit's one redactor - only where it can be evidence: 429s,
// 5xx, unanswered requests and the first answer of each status per operation. A run of a million
// requests keeps a few dozen exchanges, never one record per request.
import * as hdr from 'hdr-histogram-js';
import { decodeJson } from '../../core/json.ts';
import { REDACTED, redactHeaders, redactorOf, type Redactor } from '../../client/redact.ts';
import type { Exchange, ExchangeFailureKind } from '../../core/types.ts';
import type { LoadRequest } from '../scenarios/mix.ts';

export type Histogram = ReturnType<typeof hdr.build>;

export function histogram(): Histogram {
  return hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: 3 });
}

/** Exchanges kept per kind (429s, 5xx, no answer). */
export const KEPT = 5;
/** Bodies kept in an exchange are cut here. */
const MAX_KEPT_BODY = 4096;

export interface Failure {
  kind: ExchangeFailureKind;
  message: string;
}

export interface LoadEvidence {
  refusals: Exchange[];
  serverErrors: Exchange[];
  failures: Exchange[];
  samples: Exchange[];
}

export interface SeriesPoint {
  /** Seconds since the start: the bucket [t, t + width). */
  t: number;
  /** Answers completed in the bucket, by status ("0": no answer). */
  statuses: Record<string, number>;
  /** Latency percentiles of those answers, milliseconds (null without answers). */
  p50: number | null;
  p99: number | null;
  max: number | null;
}

export interface OperationCounts {
  sent: number;
  statusCounts: Record<string, number>;
  latency: Histogram;
}

/** A 2.1 envelope with status false and code "429" (RL-2). */
export function envelopeOf429(json: unknown): boolean {
  const j = json as { status?: unknown; code?: unknown; message?: unknown } | null;
  return typeof j === 'object' && j !== null && j.status === false && j.code === '429' && typeof j.message === 'string';
}

export class Recorder {
  readonly latency = histogram();
  readonly statusCounts: Record<string, number> = {};
  readonly byOperation: OperationCounts[];
  /** samples: the first answer of each other status per operation. */
  readonly evidence: LoadEvidence = { refusals: [], serverErrors: [], failures: [], samples: [] };
  readonly series: SeriesPoint[] = [];
  /** With `keepBuckets`: each series point's latency histogram, encoded (HdrHistogram's compressed
   *  form), so that a worker pool can merge the series exactly (load/engines/merge.ts). */
  readonly bucketHistograms: string[] = [];
  answered = 0;
  /** No answer, a 5xx, or a status other than the operation's expected one and 429. */
  errors = 0;
  fiveXx = 0;
  refusals = { count: 0, withEnvelope: 0 };
  private readonly redact: Redactor;
  private readonly seen: Set<number>[];
  private seq = 0;
  private bucket = histogram();
  private bucketIndex = 0;
  private bucketStatuses: Record<string, number> = {};

  constructor(
    readonly requests: LoadRequest[],
    private readonly target: { baseUrl: string; token: string; secondToken?: string | undefined },
    /** Width of a series bucket, milliseconds. */
    readonly bucketMs: number,
    private readonly keepBuckets = false,
  ) {
    this.redact = redactorOf([target.token, target.secondToken]);
    this.byOperation = requests.map(() => ({ sent: 0, statusCounts: {}, latency: histogram() }));
    this.seen = requests.map(() => new Set<number>());
  }

  /**
   * Runs the redactor and the JSON decoder once before the clock starts: the redactor's patterns
   * are compiled on first use (tens of milliseconds), which would otherwise land on the schedule.
   */
  warm(): void {
    const sample = '{"status":false,"message":"Too Many Request","code":"429","response":null}';
    for (let i = 0; i < 3; i++) decodeJson(this.redact(sample));
  }

  sent(op: number): void {
    this.byOperation[op]!.sent++;
  }

  /** The caller should pass headers and body of this answer (it may become evidence). */
  wants(op: number, status: number): boolean {
    return status === 429 || status >= 500 || status === 0 || !this.seen[op]!.has(status);
  }

  /**
   * One request's outcome: status 0 = no answer; `micros` from the instant it was due (open
   * model) or sent (closed model); `atMs` on the run's clock, for the series.
   */
  record(op: number, status: number, micros: number, atMs: number): void {
    this.advance(atMs);
    const key = String(status);
    this.statusCounts[key] = (this.statusCounts[key] ?? 0) + 1;
    this.bucketStatuses[key] = (this.bucketStatuses[key] ?? 0) + 1;
    const per = this.byOperation[op]!;
    per.statusCounts[key] = (per.statusCounts[key] ?? 0) + 1;
    if (status >= 500) this.fiveXx++;
    if (status === 0 || status >= 500 || (status !== 429 && status !== this.requests[op]!.expected)) this.errors++;
    if (status === 0) return;
    this.answered++;
    const v = micros < 1 ? 1 : micros;
    this.latency.recordValue(v);
    per.latency.recordValue(v);
    this.bucket.recordValue(v);
  }

  /** The answer (or failure) as an Exchange, kept when it is evidence; counts 429 envelopes. */
  exchange(
    op: number,
    status: number,
    headers: Record<string, string>,
    body: string,
    failure: Failure | undefined,
    startedAt: number,
    durationMs: number,
  ): void {
    const first = !this.seen[op]!.has(status);
    this.seen[op]!.add(status);
    let ex: Exchange | undefined;
    const make = () => (ex ??= this.build(op, status, headers, body, failure, startedAt, durationMs));
    if (status === 429) {
      this.refusals.count++;
      const ok = envelopeOf429(make().json);
      if (ok) this.refusals.withEnvelope++;
      // The first refusals, and those without the envelope (RL-2's evidence).
      if (this.evidence.refusals.length < KEPT || (!ok && this.evidence.refusals.length < 2 * KEPT)) this.evidence.refusals.push(make());
    } else if (status >= 500) {
      if (this.evidence.serverErrors.length < KEPT) this.evidence.serverErrors.push(make());
    } else if (status === 0) {
      if (this.evidence.failures.length < KEPT) this.evidence.failures.push(make());
    } else if (first) this.evidence.samples.push(make());
  }

  /** The Exchange of what `exchange` was given. */
  private build(...answer: Parameters<Recorder['exchange']>): Exchange {
    const [op, status, headers, body, failure, startedAt, durationMs] = answer;
    const r = this.requests[op]!;
    const redact = this.redact;
    const text = redact(body);
    const truncated = text.length > MAX_KEPT_BODY;
    const origin = new URL(this.target.baseUrl).origin;
    return {
      seq: ++this.seq,
      operation: r.operation,
      tokenKind: 'valid',
      request: { method: r.method, url: redact(origin + r.path), headers: { ...r.headers, 'api-token': REDACTED }, body: redact(r.body) },
      ...(status > 0
        ? {
            response: {
              status,
              headers: redactHeaders(headers, redact),
              body: truncated ? `${text.slice(0, MAX_KEPT_BODY)}... [${text.length - MAX_KEPT_BODY} more characters not kept]` : text,
              bytes: Buffer.byteLength(body),
              truncated,
            },
            ...decodeJson(text),
          }
        : {}),
      ...(failure ? { failure: { kind: failure.kind, message: redact(failure.message) } } : {}),
      startedAt: new Date(startedAt).toISOString(),
      durationMs: Math.round(durationMs * 10) / 10,
    };
  }

  private closeBucket(): void {
    const h = this.bucket;
    const any = h.totalCount > 0;
    const ms = (p: number) => bucketMs(h, p);
    if (any || Object.keys(this.bucketStatuses).length > 0) {
      if (this.keepBuckets) this.bucketHistograms.push(hdr.encodeIntoCompressedBase64(h));
      this.series.push({
        t: (this.bucketIndex * this.bucketMs) / 1000,
        statuses: this.bucketStatuses,
        p50: any ? ms(50) : null,
        p99: any ? ms(99) : null,
        max: any ? ms(100) : null,
      });
    }
    h.reset();
    this.bucketStatuses = {};
  }

  private advance(atMs: number): void {
    const index = Math.max(0, Math.floor(atMs / this.bucketMs));
    if (index <= this.bucketIndex) return;
    this.closeBucket();
    this.bucketIndex = index;
  }

  /** Ends the series (call once, after the last record). */
  finish(): void {
    this.closeBucket();
  }
}

/** A percentile of a series bucket, milliseconds to 0.01 (the histogram is in microseconds). */
export function bucketMs(h: Histogram, percentile: number): number {
  return Math.round(h.getValueAtPercentile(percentile) / 10) / 100;
}

/** A bucket width giving about 60 points over `seconds` (at least 100 ms). */
export function bucketMsFor(seconds: number): number {
  const raw = Math.max(100, (seconds * 1000) / 60);
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw)!;
}
