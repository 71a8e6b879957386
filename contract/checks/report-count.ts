// 4.3 "totalCount | integer | count of transactions" and rule 2 "Pagination uses limit and offset
// for large result sets", as one relation over a walk of a query read to its end: the pages'
// union = totalCount = the walk. A totalCount that counts the rows of a join (a transaction once
// per product line) while the pages hold transactions ends the walk at an empty page long before
// totalCount; one that counts the page, or fewer, is read past.
import type { Exchange, Finding, Replay } from '../../core/types.ts';
import { judged, toFinding, type CheckResult } from './finding.ts';
import { pageTotal } from './report.ts';
import { pageIds } from './report-relations.ts';

/** What a walk of one query saw (suites/report/query.ts: Walk). */
export interface WalkFacts {
  /** The query, for the finding. */
  label: string;
  pages: Exchange[];
  /** Read to the end: an empty page, or a page short of limit at or past totalCount. */
  exhausted: boolean;
  /** Every page a 200 with the same totalCount. */
  stable: boolean;
}

/**
 * RP-2: the transactions the pages of a walk read to its end hold, counted once each, are
 * totalCount. Applies to walks read to the end whose pages agree on totalCount (a changing
 * totalCount is report.total-count-stable's). A report that repeats a transaction within one
 * page (RP-10's) is counted by its entries, as pagesPartitionWhole does.
 */
export function walkHoldsTotal(w: WalkFacts, replay?: Replay): CheckResult {
  return judged((note) => {
    if (!w.exhausted || !w.stable || w.pages.length === 0) return [];
    const total = pageTotal(w.pages[0]!);
    if (total === undefined) return [];
    const lists = w.pages.map(pageIds);
    const entries = lists.reduce((n, ids) => n + ids.length, 0);
    if (entries === 0 && total === 0) return []; // nothing to count: no evidence
    note('RP-2', 1, 'report.count-is-walk');
    const repeatsInPage = lists.some((ids) => new Set(ids).size !== ids.length);
    const held = repeatsInPage ? entries : new Set(lists.flat()).size;
    if (held === total) return [];
    const last = w.pages[w.pages.length - 1]!;
    const ended = pageIds(last).length === 0 ? `an empty page at offset ${entries}` : `a last page of ${pageIds(last).length}`;
    return [
      toFinding(
        'report.count-is-walk',
        'RP-2',
        {
          title: held < total ? 'totalCount counts more transactions than the pages hold' : 'The pages hold more transactions than totalCount',
          received: `totalCount ${total}; the walk of ${w.label} read ${w.pages.length} page(s) to ${ended}: ${held} ${repeatsInPage ? 'entries' : 'distinct transactions'}`,
          expected: 'totalCount = the distinct transactions of all pages (read from offset 0 to the end)',
        },
        last,
        replay,
      ),
    ];
  });
}
