// Which findings a test keeps: one per requirement and exchange (a requirement's findings count
// distinct exchanges), at most a few per check, chosen by a stable order (what was sent, what came
// back), not by arrival. Requests of concurrent tests and property runs arrive in any order; the
// same seed must still give the same certificate.
import type { Exchange, Finding } from '../core/types.ts';
import { keptFinding } from '../core/record.ts';
import { findingText } from '../reports/render/finding.ts';

/** Findings kept per test and check; the rest are counted. */
export const KEPT_PER_CHECK = 3;

/** The order of findings: independent of timing, ports, sequence numbers and dates. Ends with the
 *  finding's printed words, as the order was when findings carried them. */
export function findingKey(f: Finding): string {
  const ex = f.exchange;
  const path = ex ? ex.request.url.replace(/^[a-z]+:\/\/[^/]+/i, '') : '';
  return [f.requirementId, f.checkId, f.replay ? `${f.replay.path}` : '', path, ex?.request.body ?? '', ex?.response?.status ?? '', findingText(f)].join(
    '\u0000',
  );
}

export class FindingKeeper {
  private readonly byCheck = new Map<string, { key: string; finding: Finding }[]>();
  /** Per requirement, the exchanges it already has a finding on (two checks may find the same answer). */
  private readonly exchangesOf = new Map<string, Set<Exchange>>();
  readonly counts: Record<string, number> = {};

  /** A finding on an exchange the requirement already has one on is neither counted nor kept again:
   *  a requirement's findings count distinct exchanges (ENV-6 from the envelope and from a status check). */
  add(f: Finding): void {
    // The exchange itself is its identity (sequence numbers are per client, and a test may have two).
    const ex = f.exchange;
    if (ex) {
      const seen = this.exchangesOf.get(f.requirementId) ?? new Set<Exchange>();
      if (seen.has(ex)) return;
      this.exchangesOf.set(f.requirementId, seen.add(ex));
    }
    this.counts[f.requirementId] = (this.counts[f.requirementId] ?? 0) + 1;
    const group = `${f.requirementId}|${f.checkId}`;
    const list = this.byCheck.get(group) ?? [];
    const key = findingKey(f);
    if (list.length >= KEPT_PER_CHECK && key >= list[list.length - 1]!.key) return;
    list.push({ key, finding: keptFinding(f) });
    list.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    if (list.length > KEPT_PER_CHECK) list.pop();
    this.byCheck.set(group, list);
  }

  /** The kept findings, in the stable order (by requirement, check, then key). */
  findings(): Finding[] {
    return [...this.byCheck.keys()].sort().flatMap((g) => this.byCheck.get(g)!.map((e) => e.finding));
  }
}
