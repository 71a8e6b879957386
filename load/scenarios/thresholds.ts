// k6-style pass/fail thresholds of a load run (`--threshold p99<500ms --threshold errors<0.1%`):
// any crossed threshold makes `load` exit 1. Latency metrics are HDR percentiles of the whole run
// in milliseconds (from the due instant in the open model); shares are of the requests sent
// (dropped ones included in the open model); rps is answers per second achieved (syntax: parseThreshold).

export type Metric = 'p50' | 'p90' | 'p95' | 'p99' | 'p99.9' | 'max' | 'mean' | 'errors' | '5xx' | '429' | 'dropped' | 'rps';
export type Comparison = '<' | '<=' | '>' | '>=';

export interface Threshold {
  text: string;
  metric: Metric;
  op: Comparison;
  /** Milliseconds, a share in [0, 1], or requests per second. */
  value: number;
}

export interface Metrics {
  latencyMs: Record<'p50' | 'p90' | 'p95' | 'p99' | 'p99.9' | 'max' | 'mean', number> | null;
  /** Shares in [0, 1]. */
  errors: number;
  '5xx': number;
  '429': number;
  dropped: number;
  rps: number;
}

export interface ThresholdResult {
  threshold: string;
  metric: Metric;
  /** The run's value, in the threshold's unit (ms, share, rps); null when there was none (no answers). */
  actual: number | null;
  passed: boolean;
}

const LATENCY = ['p50', 'p90', 'p95', 'p99', 'p99.9', 'max', 'mean'] as const;
const SHARES = ['errors', '5xx', '429', 'dropped'] as const;

// The metrics:
//   p50 p90 p95 p99 p99.9 max mean    latency, units ms (default), s or us; k6's p(99) is accepted
//   errors                            no answer, 5xx, a status other than the operation's (429
//                                     apart), or not sent because every connection was busy
//   5xx  429  dropped                 their shares; a share is written 0.1% or 0.001
//   rps                               answers per second, e.g. rps>=1000
/** Parses one threshold; throws with the reason on a text that is not one. */
export function parseThreshold(text: string): Threshold {
  const m = /^\s*(p\(\s*[\d.]+\s*\)|p[\d.]+|max|mean|avg|errors|5xx|429|dropped|rps)\s*(<=|>=|<|>)\s*([\d.]+)\s*(ms|s|us|%)?\s*$/.exec(text);
  if (!m)
    throw new Error(
      `--threshold ${JSON.stringify(text)}: expected METRIC<VALUE such as p99<500ms, errors<0.1%, rps>=1000 (metrics: ${[...LATENCY, ...SHARES, 'rps'].join(', ')})`,
    );
  let metric = m[1]!.replace(/^p\(\s*([\d.]+)\s*\)$/, 'p$1').replace('avg', 'mean');
  if (metric === 'p100') metric = 'max';
  const raw = Number(m[3]);
  const unit = m[4];
  if (!Number.isFinite(raw)) throw new Error(`--threshold ${JSON.stringify(text)}: ${m[3]} is not a number`);
  if ((LATENCY as readonly string[]).includes(metric)) {
    if (unit === '%') throw new Error(`--threshold ${JSON.stringify(text)}: a latency is in ms, s or us`);
    return { text: text.trim(), metric: metric as Metric, op: m[2] as Comparison, value: unit === 's' ? raw * 1000 : unit === 'us' ? raw / 1000 : raw };
  }
  if ((SHARES as readonly string[]).includes(metric)) {
    if (unit !== undefined && unit !== '%') throw new Error(`--threshold ${JSON.stringify(text)}: a share is written 0.1% or 0.001`);
    const value = unit === '%' ? raw / 100 : raw;
    if (value > 1) throw new Error(`--threshold ${JSON.stringify(text)}: a share above 100%`);
    return { text: text.trim(), metric: metric as Metric, op: m[2] as Comparison, value };
  }
  if (metric === 'rps') {
    if (unit !== undefined) throw new Error(`--threshold ${JSON.stringify(text)}: rps takes a plain number`);
    return { text: text.trim(), metric: 'rps', op: m[2] as Comparison, value: raw };
  }
  throw new Error(`--threshold ${JSON.stringify(text)}: unknown metric ${metric} (metrics: ${[...LATENCY, ...SHARES, 'rps'].join(', ')})`);
}

function holds(actual: number, op: Comparison, value: number): boolean {
  switch (op) {
    case '<':
      return actual < value;
    case '<=':
      return actual <= value;
    case '>':
      return actual > value;
    case '>=':
      return actual >= value;
  }
}

export function metricValue(m: Metrics, metric: Metric): number | null {
  if ((LATENCY as readonly string[]).includes(metric)) return m.latencyMs ? m.latencyMs[metric as (typeof LATENCY)[number]] : null;
  return m[metric as (typeof SHARES)[number] | 'rps'];
}

/** Each threshold against the run; a latency threshold without any answer is crossed. */
export function evaluate(thresholds: Threshold[], m: Metrics): ThresholdResult[] {
  return thresholds.map((t) => {
    const actual = metricValue(m, t.metric);
    return { threshold: t.text, metric: t.metric, actual, passed: actual !== null && holds(actual, t.op, t.value) };
  });
}

/** The knee's defaults of a ramp when no latency or error threshold is given. */
export const KNEE_DEFAULTS: Threshold[] = [parseThreshold('p99<500ms'), parseThreshold('errors<1%')];

/** The thresholds a ramp step is held to: the latency and share ones given, else the defaults. */
export function kneeThresholds(given: Threshold[]): Threshold[] {
  const own = given.filter((t) => t.metric !== 'rps');
  return own.length > 0 ? own : KNEE_DEFAULTS;
}
