// 4.3 rule 2: "Pagination uses limit and offset for large result sets." A walk reads one query
// from offset 0, each page where the last ended, and stops at the first of: what the target states
// (a page short of limit at or past totalCount, or an empty page), an empty page short of it, a
// page equal to one it read before (its digest: an ignored offset, pages that cycle), a page that
// is not a 200 with a totalCount, or the cap on pages the test sets (a few pages where the first
// states a count the cap cannot reach). So a target whose pages never end costs a walk at most its
// cap, and one that repeats a page costs it one page more than it has. The pages of the walks
// under way are held within the run's room for them (runtime/walk-room.ts): a walk waits for room
// before it reads, keeps what its first page announced meanwhile, and gives the room back on return.
import { pageItems, pageTotal } from '../../contract/checks/report.ts';
import { pageIds } from '../../contract/checks/report-relations.ts';
import type { IdSet } from '../../contract/checks/report-sets.ts';
import { pageDigest, walkPagesDistinct, type WalkEnd } from '../../contract/checks/report-walk.ts';
import type { CheckResult } from '../../contract/checks/finding.ts';
import type { Exchange } from '../../core/types.ts';
import type { Harness } from '../../runtime/harness.ts';
import { walkRoom, type Held } from '../../runtime/walk-room.ts';
import { describeQuery, forget, page, walkLimit, type Query } from './query.ts';

/** Pages read at most per walk: a fixture range of more than 12,000 transactions is not read whole. */
export const MAX_WALK_PAGES = 60;
/**
 * Pages read of a query whose first page states a count the cap cannot reach (a range too large to
 * read whole, or a report that says 10^9): the walk ends at its cap either way, so it reads only
 * enough to see its pages differ, and holds a few pages, not the cap's.
 */
export const BEYOND_REACH_PAGES = 4;

/** Every page of one query, from offset 0, each starting where the last ended, up to where the walk stopped. */
export interface Walk {
  query: Query;
  limit: number;
  /** The pages read, the last included (at most the cap; one past the first repeat). */
  pages: Exchange[];
  /** The distinct transactions of the pages. */
  ids: Set<string>;
  /** totalCount of the first page. */
  total?: number;
  /** Every page was a 200 with a totalCount. */
  answered: boolean;
  /** Every page gave the same totalCount. */
  stable: boolean;
  /** Read to the end: an empty page, or totalCount reached with a page short of limit (a full last page is confirmed by the next). */
  exhausted: boolean;
  /** The pages reached totalCount (RP-2 judges their sum). */
  reachedTotal: boolean;
  /** Stable, and totalCount = the distinct transactions listed = the entries listed. */
  counted: boolean;
  /** Why the walk stopped (contract/checks/report-walk.ts judges a repeated page). */
  end: WalkEnd;
}

/** What a walk's first page announces: kept, not the page, while the walk waits for room for the rest. */
interface Opening {
  /** totalCount of the first page. */
  whole: number | undefined;
  /** The items a full page holds: the limit, or fewer where the first page came with fewer (a capped limit). */
  stride: number;
  /** The walk's cap on pages. */
  maxPages: number;
  /** The first page is a full 200 with a totalCount: the next offsets are known. */
  full: boolean;
  /** The pages the first announces, the first included: the room the walk takes (runtime/walk-room.ts). */
  pages: number;
}

function announced(opening: Exchange, limit: number, most: number): Opening {
  const whole = pageTotal(opening);
  const n = pageItems(opening).length;
  // The pages advance by what the first came with (a vendor may cap limit silently).
  const stride = Math.min(limit, n || limit);
  const maxPages = whole !== undefined && whole > most * stride ? Math.min(most, BEYOND_REACH_PAGES) : most;
  const answered = opening.response?.status === 200 && whole !== undefined;
  return { whole, stride, maxPages, full: answered && n === limit, pages: answered ? Math.min(maxPages, Math.floor(whole! / stride) + 1) : 1 };
}

/**
 * Reads a query page by page, advancing by what the server returned (it may cap limit). Within
 * the run's room for walk pages: one page for the first, then the pages it announces for the rest
 * (a walk that reads past them counts them too, without waiting).
 */
export async function walk(h: Harness, q: Query, o: { limit?: number; maxPages?: number } = {}): Promise<Walk> {
  const limit = o.limit ?? (await walkLimit(h));
  const most = o.maxPages ?? MAX_WALK_PAGES;
  const room = walkRoom(h);
  const first = await room.hold(1, async () => announced(await page(h, q, limit, 0), limit, most));
  return room.hold(first.pages, (held) => readPages(h, q, limit, first, held), { again: true });
}

async function readPages(h: Harness, q: Query, limit: number, first: Opening, held: Held): Promise<Walk> {
  const { whole, maxPages } = first;
  const pages: Exchange[] = [];
  let offset = 0;
  let end: Omit<WalkEnd, 'pages' | 'exchange'> | undefined;
  // The pages a walk whose pages all come full reads are known from its first page: they are asked
  // side by side (a far target costs the walk one round trip, not one per page). The walk below
  // still reads page after page and advances by what came; where a page came short (a capped
  // limit), it asks for the offsets it needs, as a walk without this would. Those it never read
  // (it stopped early) are not kept by the run. The walk keeps of them only that they came: the
  // pages it reads are the run's answers (query.ts), taken when it reads them.
  const ahead = new Map<number, Promise<void>>();
  if (first.full) {
    for (let k = 1; k < maxPages && k * limit <= whole!; k++) {
      const came = page(h, q, limit, k * limit).then(() => undefined);
      came.catch(() => {}); // awaited below, where a failure is the walk's
      ahead.set(k * limit, came);
    }
  }
  // What the walk keeps of a page to know it again: its digest, by the offset it came at.
  const seen = new Map<string, number>();
  const read = new Set<number>();
  while (!end) {
    if (pages.length >= maxPages) {
      end = { reason: 'cap', offset: offset - pageItems(pages[pages.length - 1]!).length };
      break;
    }
    const ex = await page(h, q, limit, offset);
    read.add(offset);
    pages.push(ex);
    if (pages.length > held.pages()) held.grow(1);
    const t = pageTotal(ex);
    if (ex.response?.status !== 200 || t === undefined) end = { reason: 'refused', offset };
    else {
      const n = pageItems(ex).length;
      const digest = pageDigest(ex);
      const before = seen.get(digest);
      if (n === 0) end = { reason: offset >= t ? 'total' : 'empty', offset };
      else if (before !== undefined) end = { reason: 'repeat', offset, repeats: before };
      else if (offset + n >= t && n < limit) end = { reason: 'total', offset };
      else {
        seen.set(digest, offset);
        offset += n;
      }
    }
  }
  for (const [at, answer] of ahead) {
    await answer;
    if (!read.has(at)) forget(h, { ...q, limit, offset: at });
  }
  return summary(q, limit, pages, { ...end, pages: pages.length, exchange: pages[pages.length - 1]! });
}

function summary(query: Query, limit: number, pages: Exchange[], end: WalkEnd): Walk {
  const lists = pages.map(pageIds);
  const ids = new Set(lists.flat());
  const entries = lists.reduce((n, l) => n + l.length, 0);
  const answered = end.reason !== 'refused';
  const exhausted = end.reason === 'total' || end.reason === 'empty';
  const first = pageTotal(pages[0]!);
  const stable = answered && new Set(pages.map(pageTotal)).size === 1;
  return {
    query,
    limit,
    pages,
    ids,
    answered,
    stable,
    exhausted,
    reachedTotal: end.reason === 'total',
    ...(first !== undefined ? { total: first } : {}),
    counted: stable && exhausted && first === ids.size && entries === ids.size,
    end,
  };
}

/** The transactions of a walk, for the set relations. */
export function idSet(label: string, w: Walk): IdSet {
  return { label, ids: w.ids, ...(w.pages[0] ? { exchange: w.pages[0] } : {}) };
}

/** RP-2 on how the walk ended: a later page that repeats an earlier one. */
export function pagesDistinct(w: Walk): CheckResult {
  return walkPagesDistinct(describeQuery(w.query), w.end);
}
