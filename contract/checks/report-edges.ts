// 4.3 "limit | integer | number of records to return; offset | integer | number of records to
// skip" at the edges of their type and of the data: limit 0, 1, totalCount, past it, 2^31-1,
// 2^53-1 and past 2^53; offset 0, the last item, past the end. A page holds at most what the
// request asked for - at most `limit` items, none past the end - or the request is refused with a
// 4xx (the maximum limit is not shown, 8 rule 2); and a page never repeats an earlier one. A
// negative offset skips no records: refused, read as 0 or as nothing, never counted from the end.
import type { Exchange, Finding, Replay } from '../../core/types.ts';
import { defineCheck, describeResponse, judged, toFinding, type CheckResult, type Fact } from './finding.ts';
import { pageTotal } from './report.ts';
import { pageIds } from './report-relations.ts';
import { showIds } from './report-sets.ts';

export interface EdgeParams {
  /** What the edge is, for the finding: "limit 0", "offset 2^53+1". */
  label: string;
  limit: bigint;
  offset: bigint;
  /** The query's totalCount, when its pages were seen to hold exactly that many transactions. */
  total?: number;
  /** The query's transactions (all its pages), when known. */
  whole?: ReadonlySet<string>;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** The most items a page of `p` may hold: `limit`, and none past the end. */
export function allowedItems(p: Pick<EdgeParams, 'limit' | 'offset' | 'total'>): bigint {
  const left = p.total === undefined ? p.limit : BigInt(p.total) - p.offset;
  return min(p.limit, left < 0n ? 0n : left);
}

/** RP-20: a page at an edge is 200 with at most what was asked for, all of the query, or a 4xx. */
export const edgePage = defineCheck('report.edge-page', 'RP-20', (ex: Exchange, p: EdgeParams): Fact[] | null => {
  const s = ex.response?.status;
  if (s === undefined || s === 429) return null;
  if (s >= 400 && s < 500) return [];
  const expected = `HTTP 200 with at most ${allowedItems(p)} item(s) of the query, or a 4xx`;
  if (s !== 200) return [{ title: `A report request at ${p.label} answered ${s}`, received: describeResponse(ex), expected }];
  if (pageTotal(ex) === undefined) return null; // RP-7 reports it
  const ids = pageIds(ex);
  const facts: Fact[] = [];
  const allowed = allowedItems(p);
  if (BigInt(ids.length) > allowed) {
    facts.push({
      title: `A page at ${p.label} holds more items than the request asked for`,
      received: `${ids.length} items (limit ${p.limit}, offset ${p.offset}${p.total !== undefined ? `, totalCount ${p.total}` : ''})`,
      expected,
    });
  }
  const foreign = p.whole ? ids.filter((id) => !p.whole!.has(id)) : [];
  if (foreign.length > 0) {
    facts.push({
      title: `A page at ${p.label} holds transactions the query does not return`,
      received: `${foreign.length} item(s) not among the query's ${p.whole!.size} transactions: ${showIds(foreign)}`,
      expected: 'only transactions of the query (its pages from offset 0)',
    });
  }
  return facts;
});

/**
 * RP-20 at a negative offset ("offset | number of records to skip"): a 4xx, the first page of the
 * same limit (the offset read as 0: the page holds only items of `first`) and an empty page are
 * readings of skipping a negative number of records; items counted from the end (a slice in
 * Python: offset -1 is the last item) are none. Judged when the first page was answered 200.
 */
export const negativeOffsetPage = defineCheck('report.negative-offset', 'RP-20', (ex: Exchange, p: { label: string; first: Exchange }): Fact[] | null => {
  const s = ex.response?.status;
  if (s !== undefined && s >= 400 && s < 500 && s !== 429) return [];
  // No answer, a 429 or a 5xx (ENV-6, the harness's) says nothing of how the offset was read.
  if (s !== 200 || p.first.response?.status !== 200 || pageTotal(ex) === undefined) return null;
  const first = new Set(pageIds(p.first));
  const other = pageIds(ex).filter((id) => !first.has(id));
  if (other.length === 0) return [];
  return [
    {
      title: `A page at ${p.label} holds transactions the first page does not (counted from the end?)`,
      received: `transaction(s) ${showIds(other)}; the first page of that limit holds ${showIds([...first])}`,
      expected: 'a 4xx, the first page (the offset read as 0) or an empty page: a negative number of records skipped is no position counted from the end',
    },
  ];
});

/**
 * RP-20: "never an earlier page again" - two pages of the same limit at different offsets, both
 * inside the data, hold different transactions (4.3 rule 2: offset is "number of records to skip").
 * Applies when both pages hold items.
 */
export function noEarlierPage(o: { label: string; replay?: Replay }, earlier: Exchange, later: Exchange): CheckResult {
  return judged((note) => {
    const a = pageIds(earlier);
    const b = pageIds(later);
    if (earlier.response?.status !== 200 || later.response?.status !== 200 || a.length === 0 || b.length === 0) return [];
    note('RP-20', b.length, 'report.no-earlier-page');
    const again = b.filter((id) => a.includes(id));
    if (again.length === 0) return [];
    return [
      toFinding(
        'report.edge-earlier-page',
        'RP-20',
        {
          title: `The page at ${o.label} repeats an earlier page`,
          received: `transaction(s) ${showIds(again)} on both pages`,
          expected: 'pages at different offsets hold different transactions',
        },
        later,
        o.replay,
      ),
    ];
  });
}
