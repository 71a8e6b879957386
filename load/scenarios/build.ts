// Builds load.json's record (load/result.ts) from either engine's run (open: load/engines/open.ts,
// closed: load/engines/closed.ts). Figures, not records: counts, HDR percentiles, a series over time,
// the phases of a scenario and the exchanges kept as evidence (tokens redacted when recorded).
import type { EngineRun } from '../engines/closed.ts';
import type { Mix } from './mix.ts';
import type { OpenRun, PhaseStats } from '../engines/open.ts';
import type { Histogram } from '../engines/kept-requests.ts';
import type { Metrics } from './thresholds.ts';
import { round, type LoadLatency, type LoadResult, type PhaseResult, type ScenarioName } from '../result.ts';

export function latencyOf(h: Histogram): LoadLatency | null {
  if (h.totalCount === 0) return null;
  const ms = (micros: number) => round(micros / 1000, 2);
  return {
    p50: ms(h.getValueAtPercentile(50)),
    p90: ms(h.getValueAtPercentile(90)),
    p95: ms(h.getValueAtPercentile(95)),
    p99: ms(h.getValueAtPercentile(99)),
    p999: ms(h.getValueAtPercentile(99.9)),
    max: ms(h.getValueAtPercentile(100)),
    mean: ms(h.mean),
  };
}

export function phaseResult(p: PhaseStats): PhaseResult {
  const base = p.sent + p.dropped;
  return {
    name: p.name,
    rate: p.rate,
    seconds: p.seconds,
    scheduled: p.scheduled,
    sent: p.sent,
    dropped: p.dropped,
    answered: p.answered,
    errorShare: base > 0 ? round((p.errors + p.dropped) / base, 5) : 0,
    fiveXx: p.fiveXx,
    refused: p.refused,
    latencyMs: latencyOf(p.latency),
  };
}

/** The metrics thresholds are held to, of a whole run or of one phase. */
export function metricsOf(x: {
  latencyMs: LoadLatency | null;
  sent: number;
  dropped: number;
  errors: number;
  fiveXx: number;
  refused: number;
  answered: number;
  seconds: number;
}): Metrics {
  const base = x.sent + x.dropped;
  const share = (n: number) => (base > 0 ? n / base : 0);
  const l = x.latencyMs;
  return {
    latencyMs: l ? { p50: l.p50, p90: l.p90, p95: l.p95, p99: l.p99, 'p99.9': l.p999, max: l.max, mean: l.mean } : null,
    errors: share(x.errors + x.dropped),
    '5xx': share(x.fiveXx),
    '429': share(x.refused),
    dropped: share(x.dropped),
    rps: x.seconds > 0 ? x.answered / x.seconds : 0,
  };
}

export interface ResultMeta {
  model: 'open' | 'closed';
  scenario: ScenarioName;
  mix: Mix;
  rate: number | null;
  connections: number | null;
  pipelining: number | null;
  seconds: number;
  caps: LoadResult['caps'];
  workers: number;
}

export function buildLoadResult(run: EngineRun | OpenRun, meta: ResultMeta): Omit<LoadResult, 'thresholds' | 'knee'> {
  const r = run.recorder;
  const open = 'lag' in run ? run : null;
  const dropped = open?.dropped ?? 0;
  const durationSeconds = run.durationMs / 1000;
  const reqs = meta.mix.requests;
  const byOperation: LoadResult['byOperation'] = {};
  reqs.forEach((q, i) => {
    const o = r.byOperation[i]!;
    byOperation[q.name] = { sent: o.sent, statusCounts: o.statusCounts, latencyMs: latencyOf(o.latency) };
  });
  return {
    model: meta.model,
    scenario: meta.scenario,
    operation: reqs.length === 1 ? reqs[0]!.name : 'mixed',
    mix: reqs.map((q) => ({ name: q.name, weight: q.weight, expected: q.expected, writes: q.writes, description: q.description })),
    request: {
      description: reqs.map((q) => (reqs.length > 1 ? `${q.name} (weight ${q.weight}): ${q.description}` : q.description)).join('; '),
      writes: reqs.some((q) => q.writes),
    },
    rate: meta.rate,
    connections: meta.connections,
    pipelining: meta.pipelining,
    seconds: meta.seconds,
    requestsSent: run.requestsSent,
    answered: r.answered,
    durationSeconds: round(durationSeconds),
    achievedRate: durationSeconds > 0 ? round(r.answered / durationSeconds, 1) : 0,
    statusCounts: r.statusCounts,
    fiveXx: r.fiveXx,
    refusals: { ...r.refusals },
    errors: { count: r.errors + dropped, share: run.requestsSent + dropped > 0 ? round((r.errors + dropped) / (run.requestsSent + dropped), 5) : 0 },
    skippedAtConcurrencyCap: dropped,
    latencyMs: latencyOf(r.latency),
    sendLagMs: open
      ? {
          p50: round(open.lag.getValueAtPercentile(50) / 1000, 2),
          p99: round(open.lag.getValueAtPercentile(99) / 1000, 2),
          max: round(open.lag.getValueAtPercentile(100) / 1000, 2),
        }
      : null,
    connectionsUsed: open ? open.connections : null,
    workers: meta.workers,
    stoppedBy: run.stoppedBy,
    caps: meta.caps,
    byOperation,
    phases: open ? open.phases.map(phaseResult) : [],
    notes: [...meta.mix.notes],
    evidence: r.evidence,
    series: { bucketSeconds: r.bucketMs / 1000, points: r.series },
  };
}

/** The metrics of a whole run. */
export function runMetrics(r: Omit<LoadResult, 'thresholds' | 'knee'>): Metrics {
  return metricsOf({
    latencyMs: r.latencyMs,
    sent: r.requestsSent,
    dropped: r.skippedAtConcurrencyCap,
    errors: r.errors.count - r.skippedAtConcurrencyCap,
    fiveXx: r.fiveXx,
    refused: r.refusals.count,
    answered: r.answered,
    seconds: r.durationSeconds,
  });
}
