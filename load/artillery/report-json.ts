// The JSON report of `artillery run --output FILE` (Artillery 2), as far as the read-back uses it:
// `aggregate`, the whole run, and `intermediate`, one entry per reporting period (10 s, aligned to
// the clock, so the first and last are partial). Each holds `counters` (http.requests,
// http.responses, http.codes.N, vusers.created_by_name.NAME, plugins.metrics-by-endpoint.NAME.codes.N,
// errors.CODE ...) and `summaries` (min, max, count, mean, p50 ... p999 of a histogram such as
// http.response_time, as Artillery computed them from its merged sketches: from every worker of
// a distributed run alike). Those statistics are taken as they are; nothing is recomputed.
import { z } from 'zod';

const summarySchema = z.object({
  min: z.number(),
  max: z.number(),
  count: z.number(),
  mean: z.number(),
  p50: z.number(),
  p90: z.number(),
  p95: z.number(),
  p99: z.number(),
  p999: z.number(),
});

export type Summary = z.infer<typeof summarySchema>;

const epochMs = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);

const periodSchema = z.object({
  period: epochMs.optional(),
  counters: z.record(z.string(), z.number()).default({}),
  summaries: z.record(z.string(), z.unknown()).default({}),
  firstCounterAt: z.number().optional(),
  lastCounterAt: z.number().optional(),
  firstMetricAt: z.number().optional(),
  lastMetricAt: z.number().optional(),
});

export type ArtilleryPeriod = z.infer<typeof periodSchema>;

export const artilleryReportSchema = z.object({
  aggregate: periodSchema,
  intermediate: z.array(periodSchema).default([]),
});

export type ArtilleryReport = z.infer<typeof artilleryReportSchema>;

/** The report in `json`, or why it is not one. */
export function parseArtilleryReport(json: unknown): ArtilleryReport {
  const r = artilleryReportSchema.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new Error(`not the JSON of artillery run --output: ${issue ? `${issue.path.join('.') || '(top)'}: ${issue.message}` : 'invalid'}`);
  }
  return r.data;
}

/** A summary of the period by name, when it has a well-formed one. */
export function summaryOf(p: ArtilleryPeriod, name: string): Summary | null {
  const s = summarySchema.safeParse(p.summaries[name]);
  return s.success && s.data.count > 0 ? s.data : null;
}

/** The counter by name, 0 when Artillery did not emit it (a count that never occurred is absent). */
export function counter(p: ArtilleryPeriod, name: string): number {
  return p.counters[name] ?? 0;
}

/** Answers per status (http.codes.N), or per status of one request name (metrics-by-endpoint). */
export function codesOf(p: ArtilleryPeriod, requestName?: string): Record<string, number> {
  const prefix = requestName === undefined ? 'http.codes.' : `plugins.metrics-by-endpoint.${requestName}.codes.`;
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(p.counters)) {
    if (!k.startsWith(prefix)) continue;
    const code = k.slice(prefix.length);
    if (/^\d{3}$/.test(code) && v > 0) out[code] = v;
  }
  return out;
}

/** The request names metrics-by-endpoint counted (useOnlyRequestNames), in the order first seen. */
export function requestNames(p: ArtilleryPeriod): string[] {
  const names = new Set<string>();
  for (const k of Object.keys(p.counters)) {
    const m = /^plugins\.metrics-by-endpoint\.(.+)\.codes\.\d{3}$/.exec(k);
    if (m) names.add(m[1]!);
  }
  return [...names];
}

/**
 * The reporting periods in time order. Artillery merges its workers' periods into one entry each;
 * should a report hold two entries of one period (reports joined by hand), their counts are added
 * and their latency left out (a percentile of two histograms cannot be made from theirs).
 */
export function periodsOf(report: ArtilleryReport): { periods: ArtilleryPeriod[]; joined: number } {
  const byPeriod = new Map<number, ArtilleryPeriod>();
  let joined = 0;
  for (const p of report.intermediate) {
    if (p.period === undefined) continue;
    const seen = byPeriod.get(p.period);
    if (!seen) {
      byPeriod.set(p.period, p);
      continue;
    }
    joined++;
    const counters = { ...seen.counters };
    for (const [k, v] of Object.entries(p.counters)) counters[k] = (counters[k] ?? 0) + v;
    byPeriod.set(p.period, { ...seen, counters, summaries: {} });
  }
  return { periods: [...byPeriod.values()].sort((a, b) => a.period! - b.period!), joined };
}
