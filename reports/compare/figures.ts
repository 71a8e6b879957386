// The figures `compare` sets side by side, as certification.json holds them (computed once by
// certify): the pacing line, the share of 429s, each operation's limit as the run knew and learnt it
// (certification.json limits, reports/limits.ts: stated, announced, probed or a learnt estimate; the
// plan's quota for a certificate older than that field), and each operation's requests, 429 share
// and latency p50 / p95.
import type { Certification } from '../model.ts';
import type { OperationFigures } from '../operation-figures.ts';
import { limitPerOperation, limitText, type CertifiedLimit } from '../limits.ts';

export interface LimitChanges {
  pacing: { from?: string; to?: string };
  /** Answers 429 per request sent, whole run (0 to 1). */
  share429: { from: number; to: number };
  /** Each operation's limit ("5 per 60 s (learnt estimate)"), when either run knew one; the figures where the certificate has them. */
  operations: { operation: string; from?: string; to?: string; fromLimit?: CertifiedLimit; toLimit?: CertifiedLimit }[];
}

type Side = Pick<OperationFigures, 'requests' | 'answers429' | 'share429' | 'p50Ms' | 'p95Ms'>;

export interface OperationChange {
  operation: string;
  from?: Side;
  to?: Side;
}

const share = (c: Certification) => (c.figures?.requests ? Math.round((c.figures.answers429 / c.figures.requests) * 10_000) / 10_000 : 0);

type Known = { text: string; limit?: CertifiedLimit };

/** Each operation's limit: the certificate's `limits`, else (an older certificate) the plan's quota. */
function known(c: Certification): Map<string, Known> {
  if (c.limits) return new Map(Object.entries(limitPerOperation(c.limits)).map(([op, l]) => [op, { text: limitText(l), limit: l }]));
  return new Map((c.plan?.operations ?? []).filter((o) => o.quota).map((o) => [o.op, { text: o.quota! }]));
}

export function limitChanges(prev: Certification, next: Certification): LimitChanges {
  const [a, b] = [known(prev), known(next)];
  const ops = [...new Set([...a.keys(), ...b.keys()])].sort();
  const side = (k: Known | undefined, text: 'from' | 'to', limit: 'fromLimit' | 'toLimit') =>
    k ? { [text]: k.text, ...(k.limit ? { [limit]: k.limit } : {}) } : {};
  return {
    pacing: { ...(prev.pacing ? { from: prev.pacing } : {}), ...(next.pacing ? { to: next.pacing } : {}) },
    share429: { from: share(prev), to: share(next) },
    operations: ops.map((op) => ({ operation: op, ...side(a.get(op), 'from', 'fromLimit'), ...side(b.get(op), 'to', 'toLimit') })),
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
