// The kit's thresholds (load/scenarios/thresholds.ts) as conditions of Artillery's `ensure` plugin,
// so that `artillery run` itself exits non-zero when one is crossed. Errors are the kit's: no
// answer, a 5xx, or a status other than the operation's own; 429s are apart. Per operation,
// metrics-by-endpoint (useOnlyRequestNames) counts each status by request name.
import type { Threshold } from '../scenarios/thresholds.ts';

/** The metric name of Artillery's metrics-by-endpoint plugin for `code` answers to the request `name`. */
export function endpointCodeMetric(name: string, code: number): string {
  return `plugins.metrics-by-endpoint.${name}.codes.${code}`;
}

const orZero = (m: string) => `(${m} ? ${m} : 0)`;

const LATENCY: Record<string, string | null> = {
  p50: 'p50',
  p90: 'p90',
  p95: 'p95',
  p99: 'p99',
  'p99.9': null,
  max: 'max',
  mean: 'mean',
};

export interface EnsureCondition {
  /** The kit's threshold, e.g. `errors<0.1%`. */
  threshold: string;
  expression: string;
}

export interface EnsurePlan {
  conditions: EnsureCondition[];
  /** Thresholds Artillery cannot hold, with why (kept for the read-back). */
  left: string[];
}

// Ensure evaluates a filtrex expression over the run's metrics: counters by name (`http.requests`,
// `http.codes.429`) and each summary's statistics (`http.response_time.p99`). Two facts of
// Artillery 2 shape the conditions:
//  - a metric that never occurred is absent, and an absent name makes the expression false (the
//    check fails): every count that may be absent is written `(m ? m : 0)`;
//  - ensure finds the names in the expression by substring, so a name that extends another
//    (`http.response_time.p999` after `http.response_time.p99`) is corrupted: p99.9 is not exported
//    (the read-back, `report --artillery`, still holds the run to it).
/**
 * The ensure conditions of `thresholds` for a mix whose requests are named `name` and answered
 * `expected` when neither refused nor in error; `seconds` is the planned duration (for rps).
 */
export function ensureConditions(thresholds: Threshold[], ops: Array<{ name: string; expected: number }>, seconds: number): EnsurePlan {
  const conditions: EnsureCondition[] = [];
  const left: string[] = [];
  const share = (numerator: string) => `(${numerator}) / http.requests`;
  for (const t of thresholds) {
    let lhs: string | null = null;
    switch (t.metric) {
      case 'errors': {
        const ok = ops.map((o) => orZero(endpointCodeMetric(o.name, o.expected)));
        lhs = share(['http.requests', ...ok, orZero('http.codes.429')].join(' - '));
        break;
      }
      case '429':
        lhs = share(orZero('http.codes.429'));
        break;
      case '5xx':
        lhs = share(orZero('http.response_time.5xx.count'));
        break;
      case 'dropped':
        left.push(`${t.text}: Artillery drops no request (each arrival is a new virtual user), so there is nothing to hold`);
        continue;
      case 'rps':
        lhs = `http.responses / ${seconds}`;
        break;
      default: {
        const stat = LATENCY[t.metric];
        if (!stat) {
          left.push(`${t.text}: ensure cannot name p99.9 (it reads http.response_time.p999 as p99 followed by a 9); report --artillery holds the run to it`);
          continue;
        }
        lhs = `http.response_time.${stat}`;
      }
    }
    conditions.push({ threshold: t.text, expression: `${lhs} ${t.op} ${t.value}` });
  }
  return { conditions, left };
}
