// `report --artillery FILE`: Artillery's JSON report (load/artillery/report-json.ts) as the kit's
// load result (load/result.ts), so that load.json, load.html and the exit code are those of the
// kit's own engine (what is read how: loadResultOfArtillery). Artillery keeps no answer, so there
// is no exchange as evidence and no 429 envelope to judge (`source` says so; reports/ and
// load/output.ts print it).
import type { LoadLatency, LoadResult, PhaseResult } from '../result.ts';
import { round } from '../result.ts';
import { metricsOf, runMetrics } from '../scenarios/build.ts';
import { evaluate, kneeThresholds, type Threshold } from '../scenarios/thresholds.ts';
import { codesOf, counter, periodsOf, requestNames, summaryOf, type ArtilleryPeriod, type ArtilleryReport, type Summary } from './report-json.ts';
import type { ScenarioMeta } from './meta.ts';

type MixEntry = LoadResult['mix'][number];

function latency(s: Summary | null): LoadLatency | null {
  if (!s) return null;
  return { p50: s.p50, p90: s.p90, p95: s.p95, p99: s.p99, p999: s.p999, max: s.max, mean: s.mean };
}

/** Without the script: the names Artillery counted, each expected to answer 200 (status-refused: 400). */
function mixWithoutScript(report: ArtilleryReport): MixEntry[] {
  const names = requestNames(report.aggregate);
  return (names.length ? names : ['all']).map((name) => ({
    name: name as MixEntry['name'],
    weight: 1,
    expected: name === 'status-refused' ? 400 : 200,
    writes: false,
    description: `requests named ${name} in the Artillery script`,
  }));
}

interface Counted {
  requests: number;
  answered: number;
  statusCounts: Record<string, number>;
  errors: number;
  fiveXx: number;
  refused: number;
}

/** What a period (or the whole run) sent and got, each status judged against its operation's own. */
function counted(p: ArtilleryPeriod, mix: MixEntry[], perEndpoint: boolean): Counted {
  const requests = counter(p, 'http.requests');
  const answered = counter(p, 'http.responses');
  const statusCounts = codesOf(p);
  const unanswered = Math.max(0, requests - answered);
  if (unanswered > 0) statusCounts['0'] = unanswered;
  const unexpected = (codes: Record<string, number>, expected: Set<number>) =>
    Object.entries(codes).reduce((s, [code, n]) => s + (Number(code) === 429 || expected.has(Number(code)) ? 0 : n), 0);
  const errors = perEndpoint
    ? mix.reduce((s, m) => s + unexpected(codesOf(p, m.name), new Set([m.expected])), 0)
    : unexpected(statusCounts, new Set(mix.map((m) => m.expected)));
  const fiveXx = Object.entries(statusCounts).reduce((s, [code, n]) => s + (Number(code) >= 500 ? n : 0), 0);
  return { requests, answered, statusCounts, errors: errors + unanswered, fiveXx, refused: statusCounts['429'] ?? 0 };
}

export interface ReadOptions {
  report: ArtilleryReport;
  /** The file it was read from (load.json names it). */
  file: string;
  /** The exported script's declaration, when the script is given. */
  meta: ScenarioMeta | null;
  thresholds: Threshold[];
}

/**
 * What is read, and how:
 *  - statuses per operation from metrics-by-endpoint, with each operation's own status (the
 *    exported script's declaration, load/artillery/meta.ts) deciding what is an error; 429s apart;
 *    a request without an answer (http.requests - http.responses) is status 0, an error;
 *  - latency percentiles as Artillery aggregated them (its sketches, merged over every worker),
 *    for the run, per operation and per reporting period; never recomputed from averages;
 *  - achieved against offered rate per reporting period: `phases` holds one row per period, its
 *    rate the arrivals (vusers.created) per second of that period, beside what was answered;
 *  - the 429 share, the period where 429s start, and (a ramp) the knee as the kit finds it: the
 *    first period whose p99 or error share crosses the knee's thresholds;
 *  - the thresholds evaluated as the kit evaluates its own runs.
 */
export function loadResultOfArtillery(o: ReadOptions): LoadResult {
  const { report, meta } = o;
  const agg = report.aggregate;
  const mix: MixEntry[] = meta ? meta.mix : mixWithoutScript(report);
  const perEndpoint = requestNames(agg).length > 0;
  const all = counted(agg, mix, perEndpoint);
  const start = agg.firstCounterAt ?? agg.firstMetricAt ?? 0;
  const end = agg.lastCounterAt ?? agg.lastMetricAt ?? start;
  const durationSeconds = Math.max(0, (end - start) / 1000);
  const { periods, joined } = periodsOf(report);
  const gaps = periods.slice(1).map((p, i) => p.period! - periods[i]!.period!);
  const widthMs = gaps.length ? Math.min(...gaps) : 10_000;
  const first = periods[0]?.period ?? start;
  const held = kneeThresholds(o.thresholds);
  const rows = periods.map((p) => {
    const c = counted(p, mix, perEndpoint);
    const from = Math.max(p.period!, start);
    const to = Math.min(p.period! + widthMs, end);
    const seconds = Math.max(0.001, (to - from) / 1000);
    const lat = latency(summaryOf(p, 'http.response_time'));
    const t0 = round((p.period! - first) / 1000, 3);
    const row: PhaseResult = {
      name: `${t0}-${round(t0 + widthMs / 1000, 3)} s`,
      rate: round(counter(p, 'vusers.created') / seconds, 1),
      seconds: round(seconds, 3),
      scheduled: counter(p, 'vusers.created'),
      sent: c.requests,
      dropped: 0,
      answered: c.answered,
      errorShare: c.requests > 0 ? round(c.errors / c.requests, 5) : 0,
      fiveXx: c.fiveXx,
      refused: c.refused,
      latencyMs: lat,
    };
    const m = metricsOf({
      latencyMs: lat,
      sent: c.requests,
      dropped: 0,
      errors: c.errors,
      fiveXx: c.fiveXx,
      refused: c.refused,
      answered: c.answered,
      seconds,
    });
    row.crossed = evaluate(held, m)
      .filter((t) => !t.passed)
      .map((t) => t.threshold);
    return { row, counts: c, t0 };
  });
  const byOperation: LoadResult['byOperation'] = {};
  if (perEndpoint)
    for (const m of mix)
      byOperation[m.name] = {
        sent: counter(agg, `vusers.created_by_name.${m.name}`),
        statusCounts: codesOf(agg, m.name),
        latencyMs: latency(summaryOf(agg, `plugins.metrics-by-endpoint.response_time.${m.name}`)),
      };
  const scenario = meta?.scenario ?? 'steady';
  const kneeRow = scenario === 'ramp' ? rows.find((r) => r.counts.requests > 0 && r.row.crossed!.length > 0) : undefined;
  const firstRefused = rows.find((r) => r.counts.refused > 0);
  const accepted = mix.reduce((s, m) => s + (perEndpoint ? (codesOf(agg, m.name)[String(m.expected)] ?? 0) : 0), 0);
  const notes = [
    ...(meta?.notes ?? []),
    `read back from Artillery's report ${o.file}: ${periods.length} reporting periods of ${widthMs / 1000} s aligned to the clock (the first and last are partial); latency percentiles as Artillery aggregated them, from the send of each request`,
    ...(joined > 0
      ? [`${joined} intermediate entries repeated a reporting period and were joined: their counts added, their latency left out (not recomputed)`]
      : []),
    ...(meta ? [] : ['no --script: each request name is expected to answer 200 (status-refused 400); the scenario and the mix are unknown']),
    all.requests > 0
      ? `429 share ${round((100 * all.refused) / all.requests, 2)}% (${all.refused} of ${all.requests})${firstRefused ? `; 429s start in the period ${firstRefused.row.name} at an offered ${firstRefused.row.rate}/s (${round((100 * firstRefused.counts.refused) / Math.max(1, firstRefused.counts.requests), 1)}% of its requests)` : ''}`
      : 'Artillery sent no request',
    ...(perEndpoint && durationSeconds > 0
      ? [`accepted (each operation's own status) ${accepted} in ${round(durationSeconds)} s: ${round(accepted / durationSeconds, 2)}/s`]
      : []),
  ];
  const base: Omit<LoadResult, 'thresholds' | 'knee'> = {
    // The kit's own threads: none sent here (Artillery's workers and machines are its own to count).
    workers: 1,
    model: 'open',
    scenario,
    operation: mix.length === 1 && mix[0]!.name !== ('all' as string) ? mix[0]!.name : 'mixed',
    mix,
    request: {
      description: mix.map((m) => (mix.length > 1 ? `${m.name} (weight ${m.weight}): ${m.description}` : m.description)).join('; '),
      writes: mix.some((m) => m.writes),
    },
    rate: meta?.rate ?? (rows.length ? Math.max(...rows.map((r) => r.row.rate)) : null),
    connections: null,
    pipelining: null,
    seconds: meta?.seconds ?? round(durationSeconds),
    requestsSent: all.requests,
    answered: all.answered,
    durationSeconds: round(durationSeconds),
    achievedRate: durationSeconds > 0 ? round(all.answered / durationSeconds, 1) : 0,
    statusCounts: all.statusCounts,
    fiveXx: all.fiveXx,
    refusals: { count: all.refused, withEnvelope: 0 },
    errors: { count: all.errors, share: all.requests > 0 ? round(all.errors / all.requests, 5) : 0 },
    skippedAtConcurrencyCap: 0,
    latencyMs: latency(summaryOf(agg, 'http.response_time')),
    sendLagMs: null,
    connectionsUsed: null,
    stoppedBy: null,
    // Artillery's phases bound its run; the kit's caps did not apply.
    caps: { maxRequests: 0, maxSeconds: 0, maxConcurrency: 0 },
    byOperation,
    phases: rows.map((r) => r.row),
    notes,
    evidence: { refusals: [], serverErrors: [], failures: [], samples: [] },
    series: {
      bucketSeconds: widthMs / 1000,
      points: rows.map((r) => ({
        t: r.t0,
        statuses: r.counts.statusCounts,
        p50: r.row.latencyMs?.p50 ?? null,
        p99: r.row.latencyMs?.p99 ?? null,
        max: r.row.latencyMs?.max ?? null,
      })),
    },
    source: { engine: 'artillery', file: o.file },
  };
  const knee = kneeRow ? { rate: kneeRow.row.rate, phase: kneeRow.row.name, crossed: kneeRow.row.crossed! } : null;
  return { ...base, knee, thresholds: evaluate(o.thresholds, runMetrics(base)) };
}
