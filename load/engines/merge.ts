// What a worker thread's run sends back to the pool (load/engines/workers.ts), and the merge of
// the workers' parts into one run. Counts are summed; latencies are HdrHistograms sent in their
// compressed encoding and added bucket by bucket (HdrHistogram's add: the merged percentiles are
// those of one histogram that had recorded every value, not averages of the workers' figures);
// the series over time is merged per bucket the same way (every worker counts time from the one
// start instant, so bucket t is the same interval in all of them).
import * as hdr from 'hdr-histogram-js';
import type { Exchange } from '../../core/types.ts';
import type { LoadRequest } from '../scenarios/mix.ts';
import { bucketMs, histogram, KEPT, Recorder, type Histogram, type LoadEvidence, type SeriesPoint } from './kept-requests.ts';

export interface RecorderPart {
  bucketMs: number;
  latency: string;
  statusCounts: Record<string, number>;
  byOperation: Array<{ sent: number; statusCounts: Record<string, number>; latency: string }>;
  evidence: LoadEvidence;
  series: SeriesPoint[];
  bucketHistograms: string[];
  answered: number;
  errors: number;
  fiveXx: number;
  refusals: { count: number; withEnvelope: number };
}

export const encodeHistogram = (h: Histogram): string => hdr.encodeIntoCompressedBase64(h);

/** The sum of encoded histograms, as one histogram of the kit's range. */
export function mergeHistograms(encoded: string[]): Histogram {
  const sum = histogram();
  for (const e of encoded) {
    const h = hdr.decodeFromCompressedBase64(e);
    sum.add(h);
    h.destroy();
  }
  return sum;
}

export function addCounts(into: Record<string, number>, from: Record<string, number>): void {
  for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
}

/** A finished recorder (made with keepBuckets) as the data a worker posts. */
export function recorderPart(r: Recorder): RecorderPart {
  return {
    bucketMs: r.bucketMs,
    latency: encodeHistogram(r.latency),
    statusCounts: r.statusCounts,
    byOperation: r.byOperation.map((o) => ({ sent: o.sent, statusCounts: o.statusCounts, latency: encodeHistogram(o.latency) })),
    evidence: r.evidence,
    series: r.series,
    bucketHistograms: r.bucketHistograms,
    answered: r.answered,
    errors: r.errors,
    fiveXx: r.fiveXx,
    refusals: r.refusals,
  };
}

/** The evidence of all workers, kept to the bounds one recorder keeps (the first of each status
 *  per operation once), numbered again in order. */
function mergeEvidence(parts: LoadEvidence[]): LoadEvidence {
  const take = (pick: (e: LoadEvidence) => Exchange[], max: number) => parts.flatMap(pick).slice(0, max);
  const seen = new Set<string>();
  const samples = parts
    .flatMap((e) => e.samples)
    .filter((x) => {
      const key = `${x.operation} ${x.response?.status ?? 0}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const out: LoadEvidence = {
    refusals: take((e) => e.refusals, 2 * KEPT),
    serverErrors: take((e) => e.serverErrors, KEPT),
    failures: take((e) => e.failures, KEPT),
    samples,
  };
  let seq = 0;
  for (const list of [out.samples, out.refusals, out.serverErrors, out.failures]) list.forEach((x, i) => (list[i] = { ...x, seq: ++seq }));
  return out;
}

/** The series of all workers: statuses summed and percentiles read from the summed histograms, per bucket. */
function mergeSeries(parts: RecorderPart[]): SeriesPoint[] {
  const byT = new Map<number, { statuses: Record<string, number>; histograms: string[] }>();
  for (const p of parts)
    p.series.forEach((point, i) => {
      const b = byT.get(point.t) ?? { statuses: {}, histograms: [] };
      addCounts(b.statuses, point.statuses);
      b.histograms.push(p.bucketHistograms[i]!);
      byT.set(point.t, b);
    });
  return [...byT.entries()]
    .sort(([a], [b]) => a - b)
    .map(([t, b]) => {
      const h = mergeHistograms(b.histograms);
      const any = h.totalCount > 0;
      const point = { t, statuses: b.statuses, p50: any ? bucketMs(h, 50) : null, p99: any ? bucketMs(h, 99) : null, max: any ? bucketMs(h, 100) : null };
      h.destroy();
      return point;
    });
}

/** One recorder holding what every worker recorded. */
export function mergeRecorders(
  requests: LoadRequest[],
  target: { baseUrl: string; token: string; secondToken?: string | undefined },
  parts: RecorderPart[],
): Recorder {
  const r = new Recorder(requests, target, parts[0]!.bucketMs);
  for (const p of parts) {
    r.latency.add(mergeHistograms([p.latency]));
    addCounts(r.statusCounts, p.statusCounts);
    p.byOperation.forEach((o, i) => {
      const into = r.byOperation[i]!;
      into.sent += o.sent;
      addCounts(into.statusCounts, o.statusCounts);
      into.latency.add(mergeHistograms([o.latency]));
    });
    r.answered += p.answered;
    r.errors += p.errors;
    r.fiveXx += p.fiveXx;
    r.refusals.count += p.refusals.count;
    r.refusals.withEnvelope += p.refusals.withEnvelope;
  }
  Object.assign(r.evidence, mergeEvidence(parts.map((p) => p.evidence)));
  r.series.push(...mergeSeries(parts));
  return r;
}
