// 4.3 rule 2 "Pagination uses limit and offset for large result sets": how a walk of one query
// ended. A walk reads from offset 0, each page where the last ended, and stops at what the target
// states (totalCount), at an empty page, at a page it has read before, or at the cap the plan
// sets. Of these ends, a page read before is the target's defect, judged here: pages are disjoint,
// so a page with items that comes again at a later offset (an ignored offset, pages that cycle) is
// never a correct vendor's. An empty page short of totalCount is report.count-is-walk's (and
// report.total-count-stable's, where totalCount changed); the cap is the run's, an observation.
import { createHash } from 'node:crypto';
import type { Exchange, Replay } from '../../core/types.ts';
import { judged, toFinding, type CheckResult } from './finding.ts';
import { pageIds } from './report-relations.ts';

export type WalkEndReason = 'total' | 'empty' | 'repeat' | 'cap' | 'refused';

/** How a walk ended: what it needs to judge, never the bodies of its pages. */
export interface WalkEnd {
  /**
   * total: a page short of limit at or past totalCount, or an empty page at or past it;
   * empty: an empty page short of totalCount; repeat: a page with items equal to one read before;
   * cap: the plan's cap on pages; refused: a page that was not a 200 with a totalCount.
   */
  reason: WalkEndReason;
  /** Pages read, the last included. */
  pages: number;
  /** The offset the last page was asked at. */
  offset: number;
  /** repeat: the offset of the earlier page the last one repeats. */
  repeats?: number;
  /** The last page read: the evidence of the end. */
  exchange?: Exchange;
}

/** A page's digest: its transaction ids in order (items without an id by their JSON); '' for a page without items. */
export function pageDigest(ex: Exchange): string {
  const ids = pageIds(ex);
  return ids.length === 0 ? '' : createHash('sha1').update(ids.join('\n')).digest('base64');
}

/**
 * RP-2: a later page of a walk never repeats an earlier one. Applies to walks of two pages or
 * more (a walk of one page has nothing to repeat).
 */
export function walkPagesDistinct(label: string, end: WalkEnd, replay?: Replay): CheckResult {
  return judged((note) => {
    if (end.pages < 2) return [];
    note('RP-2', 1, 'report.walk-page-repeats');
    if (end.reason !== 'repeat') return [];
    return [
      toFinding(
        'report.walk-page-repeats',
        'RP-2',
        {
          title: 'A later page repeats an earlier page',
          received: `the walk of ${label}: the page at offset ${end.offset} holds the same transactions, in the same order, as the page at offset ${end.repeats}`,
          expected: 'pages read at increasing offsets are disjoint: no page with items comes twice',
        },
        end.exchange,
        replay,
      ),
    ];
  });
}

/** The ends of several walks, counted by reason, with the first walk the cap cut (an observation). */
export function walkEndsObserved(ends: Array<{ label: string; end: WalkEnd }>): { byReason: Partial<Record<WalkEndReason, number>>; firstCapped?: string } {
  const byReason: Partial<Record<WalkEndReason, number>> = {};
  for (const { end } of ends) byReason[end.reason] = (byReason[end.reason] ?? 0) + 1;
  const capped = ends.find((e) => e.end.reason === 'cap');
  return { byReason, ...(capped ? { firstCapped: `${capped.label}: ${capped.end.pages} pages, the last at offset ${capped.end.offset}` } : {}) };
}
