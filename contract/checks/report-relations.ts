// 4.3 rules 1-2 across several report exchanges: pagination and metamorphic filter relations.
import type { Exchange, Finding, Replay } from '../types.ts';
import { noteEvidence } from './evidence.ts';
import { toFinding } from './finding.ts';
import { pageItems, pageTotal } from './report.ts';
import { isRecord } from './envelope.ts';

/** Transaction ids of a page, in order (items without an id are keyed by their JSON). */
export function pageIds(ex: Exchange): string[] {
  return pageItems(ex).map((it) => (isRecord(it) && it.transactionId !== undefined ? String(it.transactionId) : JSON.stringify(it)));
}

/** 4.3 rule 2: totalCount is "count of transactions", the same whatever limit and offset. */
export function totalCountStable(pages: Exchange[], replay?: Replay): Finding[] {
  const totals = pages.map(pageTotal);
  if (totals.filter((t) => t !== undefined).length < 2) return [];
  noteEvidence('RP-2');
  if (new Set(totals).size <= 1) return [];
  const i = totals.findIndex((t) => t !== totals[0]);
  return [toFinding('report.total-count-stable', 'RP-2', {
    title: 'totalCount changes with limit or offset',
    received: `totalCount ${totals.join(', ')} over ${pages.length} pages of one query`,
    expected: 'the same totalCount on every page',
  }, pages[i], replay)];
}

/** 4.3 rule 2: consecutive pages are disjoint and together hold totalCount transactions. */
export function pagesPartitionWhole(pages: Exchange[], replay?: Replay): Finding[] {
  if (pages.length === 0 || pageTotal(pages[0]!) === undefined) return [];
  noteEvidence('RP-2');
  const seen = new Map<string, number>();
  const findings: Finding[] = [];
  pages.forEach((page, p) => {
    for (const id of pageIds(page)) {
      const first = seen.get(id);
      if (first !== undefined && findings.length === 0) {
        findings.push(toFinding('report.pages-disjoint', 'RP-2', {
          title: 'Consecutive pages overlap',
          received: `transaction ${id} on page ${first + 1} and again on page ${p + 1}`,
          expected: 'each transaction on exactly one page',
        }, page, replay));
      }
      seen.set(id, p);
    }
  });
  const total = pageTotal(pages[0]!);
  if (total !== undefined && seen.size !== total) {
    findings.push(toFinding('report.pages-cover-whole', 'RP-2', {
      title: 'The pages together do not hold totalCount transactions',
      received: `${seen.size} distinct transactions over ${pages.length} pages`,
      expected: `${total} (totalCount)`,
    }, pages[pages.length - 1], replay));
  }
  return findings;
}

export interface Side {
  label: string;
  exchanges: Exchange[];
}

/** A relation between report totals (metamorphic filter property) that must hold. */
export function totalsRelation(
  o: { checkId: string; requirementId: string; title: string; expected: string; replay?: Replay },
  sides: Side[],
  holds: (totals: number[]) => boolean,
): Finding[] {
  const totals = sides.map((s) => pageTotal(s.exchanges[0]!));
  if (totals.some((t) => t === undefined)) return []; // RP-7 reports a missing totalCount
  noteEvidence(o.requirementId);
  if (holds(totals as number[])) return [];
  return [toFinding(o.checkId, o.requirementId, {
    title: o.title,
    received: sides.map((s, i) => `${s.label}: totalCount ${totals[i]}`).join('; '),
    expected: o.expected,
  }, sides[sides.length - 1]!.exchanges[0], o.replay)];
}
