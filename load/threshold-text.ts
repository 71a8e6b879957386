// A threshold's outcome in words: `429<5%` crossed at 0.32 reads "threshold 429<5% crossed: 429
// answers: 32% of the requests, allowed below 5%", not `CROSSED 429<5% (0.32)`.
import type { Comparison, Metric, ThresholdResult } from './scenarios/thresholds.ts';

const SHARE_NAMES: Partial<Record<Metric, string>> = {
  errors: 'errors (unanswered, 5xx, unexpected statuses, dropped)',
  '5xx': '5xx answers',
  '429': '429 answers',
  dropped: 'dropped requests',
};

const OPS: Record<Comparison, string> = { '<': 'below', '<=': 'at most', '>': 'above', '>=': 'at least' };

function formatShare(x: number): string {
  return `${Number((x * 100).toPrecision(3))}%`;
}

function parts(t: ThresholdResult): { what: string; actual: string; bound: string } {
  const m = /^\s*([a-z0-9.]+)\s*(<=|>=|<|>)\s*(.+)$/i.exec(t.threshold);
  const op = OPS[(m?.[2] ?? '<') as Comparison];
  const bound = `${op} ${m?.[3]?.trim() ?? t.threshold}`;
  if (t.metric in SHARE_NAMES)
    return { what: SHARE_NAMES[t.metric]!, actual: t.actual === null ? 'not measured' : `${formatShare(t.actual)} of the requests`, bound };
  if (t.metric === 'rps') return { what: 'throughput', actual: t.actual === null ? 'not measured' : `${Number(t.actual.toPrecision(4))} requests/s`, bound };
  return { what: `${t.metric} latency`, actual: t.actual === null ? 'not measured (no answers)' : `${Number(t.actual.toPrecision(4))} ms`, bound };
}

/** "threshold 429<5% crossed: 429 answers: 32% of the requests, allowed below 5%". */
export function thresholdText(t: ThresholdResult): string {
  const p = parts(t);
  return `threshold ${t.threshold} ${t.passed ? 'held' : 'crossed'}: ${p.what}: ${p.actual}, allowed ${p.bound}`;
}
