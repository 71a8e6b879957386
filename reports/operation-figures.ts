// The run's figures per operation, computed once from the tests' records (core/record.ts
// byOperation) into certification.json: requests sent (retries after a 429 included), answers 429
// met and their share, and the latency p50 and p95 of the exchanges sent. `compare` and the
// baseline gate read them from there; nothing computes them again.
import type { TestRecord } from '../core/record.ts';
import { addHistogram, histogramCount, quantile, type LatencyHistogram } from '../core/latency.ts';

export interface OperationFigures {
  operation: string;
  /** Requests sent, each retry after a 429 included. */
  requests: number;
  /** Answers 429 met: waited out or still refused. */
  answers429: number;
  /** answers429 / requests, 0 to 1 (rounded to 4 decimals). */
  share429: number;
  /** Exchanges sent whose duration was measured. */
  timed: number;
  /** Latency quantiles (ms, within 5 %: core/latency.ts), absent when none was timed. */
  p50Ms?: number;
  p95Ms?: number;
}

/** The figures per operation, by operation name; empty for records of runs that kept none. */
export function operationFigures(records: (TestRecord | undefined)[]): OperationFigures[] {
  const sums = new Map<string, { requests: number; answers429: number; latency: LatencyHistogram }>();
  for (const r of records)
    for (const [op, c] of Object.entries(r?.byOperation ?? {})) {
      const s = sums.get(op) ?? { requests: 0, answers429: 0, latency: {} };
      s.requests += c.requests;
      s.answers429 += c.answers429;
      addHistogram(s.latency, c.latency);
      sums.set(op, s);
    }
  return [...sums.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([operation, s]) => {
      const p50 = quantile(s.latency, 0.5);
      const p95 = quantile(s.latency, 0.95);
      return {
        operation,
        requests: s.requests,
        answers429: s.answers429,
        share429: s.requests ? Math.round((s.answers429 / s.requests) * 10_000) / 10_000 : 0,
        timed: histogramCount(s.latency),
        ...(p50 !== undefined ? { p50Ms: p50 } : {}),
        ...(p95 !== undefined ? { p95Ms: p95 } : {}),
      };
    });
}

/** `{ operations }` for the certificate, or nothing when the records kept no figure per operation. */
export function operationsField(records: (TestRecord | undefined)[]): { operations?: OperationFigures[] } {
  const operations = operationFigures(records);
  return operations.length ? { operations } : {};
}
