// Which findings a test keeps: a requirement's findings count distinct exchanges; each check keeps
// one finding per exchange, at most a few per check, chosen by a stable order (what was sent, what came
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
  return [f.requirementId, f.checkId, f.replay?.path ?? '', path, ex?.request.body ?? '', ex?.response?.status ?? '', findingText(f)].join('\u0000');
}

export class FindingKeeper {
  private readonly byCheck = new Map<string, { key: string; finding: Finding }[]>();
  /** Per requirement, and per requirement and check, the exchanges already found on (two checks may find the same answer). */
  private readonly exchangesOf = new Map<string, Set<Exchange>>();
  readonly counts: Record<string, number> = {};

  /** A finding on an exchange the requirement already has one on is not counted again: a
   *  requirement's findings count distinct exchanges (ENV-6 from the envelope and from a status
   *  check). Another check's finding on it is still kept (each check says what it saw); the same
   *  check's is not. */
  add(f: Finding): void {
    const group = `${f.requirementId}|${f.checkId}`;
    // The exchange itself is its identity (sequence numbers are per client, and a test may have two).
    const ex = f.exchange;
    if (ex && this.seen(group, ex)) return;
    if (!ex || !this.seen(f.requirementId, ex)) this.counts[f.requirementId] = (this.counts[f.requirementId] ?? 0) + 1;
    if (ex) for (const k of [group, f.requirementId]) this.exchangesOf.set(k, (this.exchangesOf.get(k) ?? new Set<Exchange>()).add(ex));
    const list = this.byCheck.get(group) ?? [];
    const key = findingKey(f);
    if (list.length >= KEPT_PER_CHECK && key >= list[list.length - 1]!.key) return;
    list.push({ key, finding: keptFinding(f) });
    list.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    if (list.length > KEPT_PER_CHECK) list.pop();
    this.byCheck.set(group, list);
  }

  private seen(key: string, ex: Exchange): boolean {
    return this.exchangesOf.get(key)?.has(ex) ?? false;
  }

  /** The kept findings, in the stable order (by requirement, check, then key). */
  findings(): Finding[] {
    return [...this.byCheck.keys()].sort().flatMap((g) => this.byCheck.get(g)!.map((e) => e.finding));
  }
}
