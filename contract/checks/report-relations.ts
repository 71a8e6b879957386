// 4.3 rules 1-2 across several report exchanges: pagination and metamorphic relations between
// the totals of related queries. Relations between the transaction ids of related queries are in
// report-sets.ts.
import { parseJsonText } from '../../config/json-text.ts';
import type { Exchange, Finding, Replay } from '../../core/types.ts';
import { isRecord } from './envelope.ts';
import { judged, toFinding, type CheckResult } from './finding.ts';
import { pageItems, pageTotal } from './report.ts';

/** Items of a page whose transactionId lost digits in JSON.parse (past 2^53), re-read digit for digit. */
const exactItems = new WeakMap<Exchange, unknown[]>();

function unsafeId(item: unknown): boolean {
  return isRecord(item) && typeof item.transactionId === 'number' && !Number.isSafeInteger(item.transactionId);
}

/** The items of a page, with ids past 2^53 as the strings of their digits (RP-7: "compared digit for digit"). */
export function pageItemsExact(ex: Exchange): unknown[] {
  const items = pageItems(ex);
  if (!items.some(unsafeId) || !ex.response) return items;
  let exact = exactItems.get(ex);
  if (!exact) {
    try {
      const json = parseJsonText(ex.response.body);
      exact = isRecord(json) && isRecord(json.response) && Array.isArray(json.response.items) ? json.response.items : items;
    } catch {
      exact = items;
    }
    exactItems.set(ex, exact);
  }
  return exact;
}

/** The key of a transaction: its id (digit for digit), or its JSON when it has none. */
export function itemKey(item: unknown): string {
  return isRecord(item) && item.transactionId !== undefined && item.transactionId !== null ? String(item.transactionId) : JSON.stringify(item);
}

/** Transaction ids of a page, in order (items without an id are keyed by their JSON). */
export function pageIds(ex: Exchange): string[] {
  return pageItemsExact(ex).map(itemKey);
}

/** 4.3 rule 2: totalCount is "count of transactions", the same whatever limit and offset. */
export function totalCountStable(pages: Exchange[], replay?: Replay): CheckResult {
  return judged((note) => {
    const totals = pages.map(pageTotal).filter((t) => t !== undefined);
    if (totals.length < 2) return [];
    note('RP-2', 1, 'report.total-count-stable');
    if (new Set(totals).size <= 1) return [];
    const i = pages.findIndex((p) => pageTotal(p) !== undefined && pageTotal(p) !== totals[0]);
    return [
      toFinding(
        'report.total-count-stable',
        'RP-2',
        {
          title: 'totalCount changes with limit or offset',
          received: `totalCount ${pages.map((p) => pageTotal(p) ?? '-').join(', ')} over ${pages.length} pages of one query`,
          expected: 'the same totalCount on every page',
        },
        pages[i],
        replay,
      ),
    ];
  });
}

/**
 * 4.3 rule 2: consecutive pages (from offset 0, each starting where the last ended) are disjoint
 * and, when the walk reached totalCount (`complete`), together hold totalCount transactions.
 * A report that lists a transaction twice within one page repeats it (a narrower range holding
 * more, RP-10), which is no page overlap: its pages are then counted by their entries.
 */
export function pagesPartitionWhole(pages: Exchange[], replay?: Replay, o: { complete?: boolean } = {}): CheckResult {
  return judged((note) => {
    if (pages.length === 0 || pageTotal(pages[0]!) === undefined) return [];
    const lists = pages.map(pageIds);
    const entries = lists.reduce((n, ids) => n + ids.length, 0);
    const total = pageTotal(pages[0]!)!;
    if (entries === 0 && total === 0) return []; // nothing to page: no evidence
    note('RP-2', 1, 'report.pages-partition-whole');
    const repeatsInPage = lists.some((ids) => new Set(ids).size !== ids.length);
    const findings: Finding[] = [];
    const seen = new Map<string, number>();
    lists.forEach((ids, p) => {
      for (const id of new Set(ids)) {
        const first = seen.get(id);
        if (first !== undefined && findings.length === 0 && !(repeatsInPage && entries === total)) {
          findings.push(
            toFinding(
              'report.pages-disjoint',
              'RP-2',
              {
                title: 'Consecutive pages overlap',
                received: `transaction ${id} on page ${first + 1} and again on page ${p + 1}`,
                expected: 'each transaction on exactly one page',
              },
              pages[p],
              replay,
            ),
          );
        }
        if (first === undefined) seen.set(id, p);
      }
    });
    const held = repeatsInPage ? entries : seen.size;
    if (o.complete !== false && held !== total) {
      findings.push(
        toFinding(
          'report.pages-cover-whole',
          'RP-2',
          {
            title: 'The pages together do not hold totalCount transactions',
            received: `${held} ${repeatsInPage ? 'entries' : 'distinct transactions'} over ${pages.length} pages`,
            expected: `${total} (totalCount)`,
          },
          pages[pages.length - 1],
          replay,
        ),
      );
    }
    return findings;
  });
}

export interface Side {
  label: string;
  exchanges: Exchange[];
}

/**
 * A relation between report totals (metamorphic filter property) that must hold. It applies when
 * every total is defined and not all are zero (totals of nothing relate trivially).
 */
export function totalsRelation(
  o: { checkId: string; requirementId: string; title: string; expected: string; replay?: Replay },
  sides: Side[],
  holds: (totals: number[]) => boolean,
): CheckResult {
  return judged((note) => {
    const totals = sides.map((s) => pageTotal(s.exchanges[0]!));
    if (totals.some((t) => t === undefined)) return []; // RP-7 reports a missing totalCount
    if (totals.every((t) => t === 0)) return [];
    note(o.requirementId, 1, o.checkId);
    if (holds(totals as number[])) return [];
    return [
      toFinding(
        o.checkId,
        o.requirementId,
        {
          title: o.title,
          received: sides.map((s, i) => `${s.label}: totalCount ${totals[i]}`).join('; '),
          expected: o.expected,
        },
        sides[sides.length - 1]!.exchanges[0],
        o.replay,
      ),
    ];
  });
}
