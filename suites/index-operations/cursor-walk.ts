// IX-7 on a list paged by an opaque cursor (config `paging: {"style": "cursor", "next": ...}`): the
// list is walked from its first page, each next page asked with the cursor the answer before gave,
// at the largest page the list answers, until no cursor or an empty page; the items walked must be
// each item once and what the list's own totalCount says (SHOULD; judged exactly where none of the
// run's own creations was in flight, contract/checks/cursor-walk.ts). Bounded by MAX_PAGES
// (inconclusive); a cursor given twice is a loop. The run's own items are told by the marker they
// carry, against when their creations were sent and answered (runtime/writes-ledger.ts ownWhen); a
// count that moved beyond the run's own creations is another writer's, and the walk is then not
// judged. A list with no count whose walks show a defect is walked again: a finding that does not
// stay is another writer's.
import { nextCursor } from '../../config/answer-shape.ts';
import { judgeCursorWalk, walksAgree, type WalkedPage } from '../../contract/checks/cursor-walk.ts';
import { isOwn, ownSeen, type OwnMarks } from '../../contract/checks/walk-own.ts';
import type { CheckResult } from '../../contract/checks/finding.ts';
import type { Exchange } from '../../core/types.ts';
import type { Harness } from '../../runtime/harness.ts';
import { runMarker } from '../../runtime/marker.ts';
import { markLedger, ownCreationsBetween, ownWhen, type LedgerMark } from '../../runtime/writes-ledger.ts';
import { send, withValues, type Configured } from './configured.ts';
import { FED_BY } from './fed-lists.ts';
import { suiteSays } from '../../core/words/suites.ts';

/** Pages walked after the first, at most: a list longer than this many of its largest pages is not judged. */
export const MAX_PAGES = 10;

/** A page as read: its items, the count it states, the next cursor; or why it is none. */
export type Page = { items: unknown[]; total?: number; next?: string } | string;

export type Walked = { verdict: 'passed'; cell: string } | { verdict: 'inconclusive'; why: string } | { verdict: 'failed'; cell: string };

/**
 * Walks the list on from `first` (the answer to the largest page, asked with no cursor), then again
 * by pages of a fifth of that (boundaries where a cursor may skip), and judges each walk and the
 * two together (contract/checks/cursor-walk.ts); `read` reads an answer as a page (lists.test.ts).
 * A walk the run's own creations were in flight during is walked once more for an exact verdict.
 */
export async function walkCursor(
  h: Harness,
  c: Configured,
  firstEx: Exchange,
  first: Exclude<Page, string>,
  before: LedgerMark,
  read: (ex: Exchange) => Page,
): Promise<Walked> {
  const size = Math.max(2, Math.ceil(first.items.length / 5));
  const once = await judgedWalks(h, c, first.items.length, size, { ex: firstEx, page: first, answered: markLedger(h) }, before, read);
  if (typeof once === 'string') return { verdict: 'inconclusive', why: once };
  // A list with no count says nothing of another client's writes: what it shows of them (an item
  // repeated or missed as one is added before the cursor) is told from a defect by walking both
  // again; only a finding that stays the same is the list's.
  let judged = once;
  if (first.total === undefined && once.results.some((r) => r.findings.length > 0)) {
    const again = await judgedWalks(h, c, first.items.length, size, undefined, markLedger(h), read);
    const titles = (w: typeof once) => w.results.flatMap((r) => r.findings.map((f) => f.title));
    if (typeof again === 'string' || titles(again).join('\n') !== titles(once).join('\n')) {
      return { verdict: 'inconclusive', why: suiteSays('ixWalksDiffered', { name: c.name }) };
    }
    judged = again;
  }
  for (const r of judged.results) h.add(r);
  const [a, b] = [judged.a, judged.b];
  const cells = [a, ...(b ? [b] : [])].map((w) => (w.verdict === 'inconclusive' ? `inconclusive: ${w.why}` : w.cell));
  const apart = judged.results.slice(2).flatMap((r) => r.findings.map((f) => `FAILED: ${f.title}`));
  if (a.verdict === 'failed' || b?.verdict === 'failed' || apart.length > 0) return { verdict: 'failed', cell: [...cells, ...apart].join('; ') };
  if (a.verdict === 'inconclusive') return { verdict: 'inconclusive', why: a.why };
  return { verdict: 'passed', cell: cells.join('; then by pages of ' + size + ': ') };
}

type Judged = ReturnType<typeof judgeCursorWalk>;

/** The list walked at its largest page (from `given`, else asked) and by pages of `size`, each judged, and the two together. */
async function judgedWalks(
  h: Harness,
  c: Configured,
  largest: number,
  size: number,
  given: Given | undefined,
  before: LedgerMark,
  read: (ex: Exchange) => Page,
): Promise<{ a: Judged; b?: Judged; results: CheckResult[] } | string> {
  const large = await stillWalk(h, c, 5000, given, before, read);
  if (typeof large === 'string') return large;
  const a = judgeCursorWalk({ name: c.name, pages: large.pages, own: large.own, ...(large.marks ? { marks: large.marks } : {}) });
  const small = size < largest ? await stillWalk(h, c, size, undefined, markLedger(h), read) : `${c.name}: one page of ${size} holds the list`;
  const b =
    typeof small === 'string'
      ? undefined
      : judgeCursorWalk({ name: c.name, pages: small.pages, own: small.own, ...(small.marks ? { marks: small.marks } : {}) });
  const results: CheckResult[] = [a, ...(b ? [b] : [])];
  // Each as its count says, and each still or with all the run's creations in flight told by their
  // marker: the two hold the same items, the run's own aside (what a list with no count is judged by).
  if (b && typeof small !== 'string' && a.verdict === 'passed' && b.verdict === 'passed' && told(large) && told(small))
    results.push(walksAgree(c.name, { size: largest, pages: large.pages }, { size, pages: small.pages }, isOwn(large.marks ?? small.marks)));
  return { a, ...(b ? { b } : {}), results };
}

/** A first page as read, with the ledger's mark just after it was answered. */
type Given = { ex: Exchange; page: Exclude<Page, string>; answered: LedgerMark };
type Still = { pages: WalkedPage[]; own: number; marks?: OwnMarks };

/** Whether every creation of the run in flight during a walk is told by its marker there (or none was). */
function told(w: Still): boolean {
  if (w.own === 0) return true;
  const seen = ownSeen(
    w.pages.flatMap((p) => p.items),
    w.marks,
  );
  return seen.shown && w.marks !== undefined && w.own - w.marks.markedInFlight <= 0;
}

/** A walk by pages of `size` from `first` (asked here when not given), walked again once if the run's own creations were in flight. */
async function stillWalk(
  h: Harness,
  c: Configured,
  size: number,
  given: Given | undefined,
  before: LedgerMark,
  read: (ex: Exchange) => Page,
): Promise<Still | string> {
  const kind = FED_BY[c.name];
  let best: Still | string = '';
  for (let attempt = 0; attempt < 2; attempt++) {
    const mark = attempt === 0 ? before : markLedger(h);
    let start = attempt === 0 ? given : undefined;
    if (!start) {
      const ex = await send(h, withValues(h, c, { limit: size, offset: 0 }));
      const page = read(ex);
      if (typeof page === 'string') return page;
      start = { ex, page, answered: markLedger(h) };
    }
    const pages = await walkOnce(h, c, size, start.ex, start.page, read);
    if (typeof pages === 'string') return pages;
    const end = markLedger(h);
    const own = kind ? ownCreationsBetween(mark, end, kind) : 0;
    // The run's own items of this walk, told by their marker: when each was made against its first page.
    const marks = kind ? { run: runMarker(h), ...ownWhen(h, kind, mark, start.answered, end) } : undefined;
    if (typeof best === 'string' || own < best.own) best = { pages, own, ...(marks ? { marks } : {}) };
    if (own === 0) break;
  }
  return best;
}

/** The pages of one walk from `first`, or why it stopped short. */
async function walkOnce(
  h: Harness,
  c: Configured,
  size: number,
  firstEx: Exchange,
  first: Exclude<Page, string>,
  read: (ex: Exchange) => Page,
): Promise<WalkedPage[] | string> {
  const pages: WalkedPage[] = [{ ex: firstEx, items: first.items, ...(first.total !== undefined ? { total: first.total } : {}) }];
  let next = first.next;
  const seen = new Set<string>();
  while (next !== undefined) {
    if (seen.has(next)) return suiteSays('ixCursorTwice', { name: c.name, cursor: JSON.stringify(next.slice(0, 40)) });
    if (pages.length > MAX_PAGES) {
      const walked = pages.reduce((n, p) => n + p.items.length, 0);
      return suiteSays('ixListTooLong', { name: c.name, pages: MAX_PAGES + 1, size: first.items.length, walked, total: first.total });
    }
    seen.add(next);
    const ex = await send(h, withValues(h, c, { limit: size, offset: 0, cursor: next }));
    const page = read(ex);
    if (typeof page === 'string') return suiteSays('ixCursorPage', { why: page, page: pages.length + 1 });
    pages.push({ ex, items: page.items, ...(page.total !== undefined ? { total: page.total } : {}) });
    next = page.items.length > 0 ? nextCursor(c.op, ex.json) : undefined;
  }
  return pages;
}
