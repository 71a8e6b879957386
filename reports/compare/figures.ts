// The figures `compare` sets side by side, as certification.json holds them (computed once by
// certify): the pacing line, the share of 429s, each operation's limit the plan knew (stated,
// probed or learnt), and each operation's requests, 429 share and latency p50 / p95.
import type { Certification } from '../model.ts';
import type { OperationFigures } from '../operation-figures.ts';

export interface LimitChanges {
  pacing: { from?: string; to?: string };
  /** Answers 429 per request sent, whole run (0 to 1). */
  share429: { from: number; to: number };
  /** Each operation's limit as the plan knew it ("5/1m (probed)"), when either run knew one. */
  operations: { operation: string; from?: string; to?: string }[];
}

type Side = Pick<OperationFigures, 'requests' | 'answers429' | 'share429' | 'p50Ms' | 'p95Ms'>;

export interface OperationChange {
  operation: string;
  from?: Side;
  to?: Side;
}

const share = (c: Certification) => (c.figures?.requests ? Math.round((c.figures.answers429 / c.figures.requests) * 10_000) / 10_000 : 0);

const quotas = (c: Certification) => new Map((c.plan?.operations ?? []).filter((o) => o.quota).map((o) => [o.op, o.quota!]));

export function limitChanges(prev: Certification, next: Certification): LimitChanges {
  const [a, b] = [quotas(prev), quotas(next)];
  const ops = [...new Set([...a.keys(), ...b.keys()])].sort();
  return {
    pacing: { ...(prev.pacing ? { from: prev.pacing } : {}), ...(next.pacing ? { to: next.pacing } : {}) },
    share429: { from: share(prev), to: share(next) },
    operations: ops.map((op) => ({ operation: op, ...(a.has(op) ? { from: a.get(op)! } : {}), ...(b.has(op) ? { to: b.get(op)! } : {}) })),
  };
}

const side = ({ requests, answers429, share429, p50Ms, p95Ms }: OperationFigures): Side => ({
  requests,
  answers429,
  share429,
  ...(p50Ms !== undefined ? { p50Ms } : {}),
  ...(p95Ms !== undefined ? { p95Ms } : {}),
});

export function operationChanges(prev: Certification, next: Certification): OperationChange[] {
  const a = new Map((prev.operations ?? []).map((o) => [o.operation, o]));
  const b = new Map((next.operations ?? []).map((o) => [o.operation, o]));
  return [...new Set([...a.keys(), ...b.keys()])].sort().map((operation) => ({
    operation,
    ...(a.has(operation) ? { from: side(a.get(operation)!) } : {}),
    ...(b.has(operation) ? { to: side(b.get(operation)!) } : {}),
  }));
}
