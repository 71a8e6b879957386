// The sequence that reproduces a finding on a record the test created (a customer, a voucher): the
// creation, whose answer holds the record's id (kept in a shell variable by the first step), then
// the requests the test sent on it after, to the one that failed. Replayed alone, a read-back names
// an id the fresh copy of the target never made; run in order, the steps reproduce the finding.
// Pure: steps and labels only; the curl lines are made by reports/render/finding.ts.
import type { Exchange, Finding, SequenceBinding } from '../core/types.ts';

type Sequence = NonNullable<Finding['sequence']>;

/** `METHOD /path?query: HTTP 200` (the answer, or why there was none). */
export function stepLabel(ex: Exchange): string {
  const url = new URL(ex.request.url);
  const answer = ex.response ? `HTTP ${ex.response.status}` : ex.failure ? ex.failure.kind : 'no answer';
  return `${ex.request.method} ${url.pathname}${url.search}: ${answer}`;
}

/** The same exchange (kept copies differ by identity; sequence numbers are per client). */
export const sameExchange = (a: Exchange, b: Exchange) => a.seq === b.seq && a.startedAt === b.startedAt && a.request.url === b.request.url;

/**
 * `created` (binding `binds`), then `after` up to `failed` (`failed` last, added when `after` does
 * not hold it). Undefined when `failed` is the creation itself (its curl line alone reproduces it).
 */
export function createdSequence(title: string, created: Exchange, binds: SequenceBinding, after: readonly Exchange[], failed: Exchange): Sequence | undefined {
  if (sameExchange(created, failed)) return undefined;
  const end = after.findIndex((x) => sameExchange(x, failed));
  const rest = end >= 0 ? after.slice(0, end + 1) : [...after, failed];
  return {
    title,
    steps: [created, ...rest].map((x, i) => ({ label: stepLabel(x), exchanges: [x], ...(i === 0 ? { binds } : {}) })),
  };
}

/** `found`, each with the sequence `make` gives its exchange (a finding with a sequence, or without an exchange, as it was). */
export function withCreatedSequence(found: Finding[], make: (failed: Exchange) => Sequence | undefined): Finding[] {
  return found.map((f) => {
    if (f.sequence || !f.exchange) return f;
    const sequence = make(f.exchange);
    return sequence ? { ...f, sequence } : f;
  });
}
