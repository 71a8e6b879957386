// IX-7 on a list paged by an opaque cursor (config `paging: {"style": "cursor", "next": ...}`): the
// list is walked from its first page, each next page asked with the cursor the answer before gave,
// at the largest page the list answers, until no cursor or an empty page; the items walked must be
// what the list's own totalCount says (SHOULD). Bounded by MAX_PAGES (inconclusive); a cursor given
// twice is a loop; a count that moved beyond the run's own creations (runtime/writes-ledger.ts) is
// another writer's, and the walk is then not judged. Only the counts are kept, never the items.
import { nextCursor } from '../../config/answer-shape.ts';
import type { Exchange } from '../../core/types.ts';
import type { Harness } from '../../runtime/harness.ts';
import { markLedger, ownCreationsBetween, type LedgerMark } from '../../runtime/writes-ledger.ts';
import { send, withValues, type Configured } from './configured.ts';
import { FED_BY } from './fed-lists.ts';

/** Pages walked after the first, at most: a list longer than this many of its largest pages is not judged. */
export const MAX_PAGES = 10;

/** A page as read: its items, the count it states, the next cursor; or why it is none. */
export type Page = { items: unknown[]; total: number; next?: string } | string;

export type Walked =
  | { verdict: 'passed'; cell: string }
  | { verdict: 'inconclusive'; why: string }
  | { verdict: 'failed'; title: string; received: string; expected: string; ex: Exchange; cell: string };

/**
 * Walks the list on from `first` (the answer to the largest page, asked with no cursor) and judges
 * the items walked against the count; `read` reads an answer as a page (lists.test.ts).
 */
export async function walkCursor(
  h: Harness,
  c: Configured,
  firstEx: Exchange,
  first: { items: unknown[]; total: number; next?: string },
  before: LedgerMark,
  read: (ex: Exchange) => Page,
): Promise<Walked> {
  let walked = first.items.length;
  let next = first.next;
  let last = { total: first.total, ex: firstEx };
  const seen = new Set<string>();
  let pages = 0;
  while (next !== undefined) {
    if (seen.has(next)) return { verdict: 'inconclusive', why: `${c.name}: cursor ${JSON.stringify(next.slice(0, 40))} was given twice (the walk would loop)` };
    if (pages === MAX_PAGES)
      return {
        verdict: 'inconclusive',
        why: `${c.name}: the list is longer than ${MAX_PAGES + 1} of its pages of ${first.items.length} (${walked} items walked of totalCount ${first.total})`,
      };
    seen.add(next);
    pages++;
    const ex = await send(h, withValues(h, c, { limit: 5000, offset: 0, cursor: next }));
    const page = read(ex);
    if (typeof page === 'string') return { verdict: 'inconclusive', why: `${page} (page ${pages + 1}, asked with the cursor the page before gave)` };
    walked += page.items.length;
    last = { total: page.total, ex };
    next = page.items.length > 0 ? nextCursor(c.op, ex.json) : undefined;
  }
  const own = FED_BY[c.name] ? ownCreationsBetween(before, markLedger(h), FED_BY[c.name]!) : 0;
  const d = last.total - first.total;
  if (d < 0 || d > own)
    return {
      verdict: 'inconclusive',
      why: `${c.name}: totalCount changed from ${first.total} to ${last.total} while the list was walked, ${d < 0 ? 'down' : `by more than the ${own} creation(s) of this run meanwhile`} (another writer)`,
    };
  h.note('IX-7');
  // Grown by the run's own creations: the walk holds the first count's items, up to the last count's.
  const grown = d > 0 ? `, grown by ${d} of the run's own ${own} creation(s) while it was walked` : '';
  const of = `${walked} item(s) in ${pages + 1} page(s) by cursor`;
  if (walked >= first.total && walked <= last.total) return { verdict: 'passed', cell: `passed (totalCount ${first.total}, ${of}${grown})` };
  const expected = d > 0 ? `${first.total} to ${last.total} items` : `${first.total} items`;
  return {
    verdict: 'failed',
    title: `${c.name}: the pages walked by cursor hold ${walked} items, not ${expected}`,
    received: `totalCount ${first.total}${d !== 0 ? `, then ${last.total}` : ''}; ${of}, the last with no cursor to a next one${grown}`,
    expected: `${expected} from the first page to the last (a totalCount that counts the list)`,
    ex: last.ex,
    cell: `FAILED: ${of}, totalCount ${first.total}${grown}`,
  };
}
