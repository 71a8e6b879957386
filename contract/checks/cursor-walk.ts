// IX-7 over a list walked by its cursor, judged exactly: each item once (an item on two pages is
// one repeated at a page boundary), and exactly the count the list states at the start plus the
// run's own creations the walk saw, each told by the marker it carries (walk-own.ts); with none of
// the run's creations in flight, exactly the count (one item fewer per page boundary is a cursor
// that skips one). A count that moved otherwise (down, or by more than the run made), or items
// beyond that which are not the run's, are another writer's: nothing is judged. A list declared
// with no count is held to each item once; two walks of one list at two page sizes hold the same
// items, the run's own aside (walksAgree), an item one lacks named with its page boundary.
import type { Exchange } from '../../core/types.ts';
import { stringifyJson } from '../../core/json.ts';
import { toFinding, type CheckResult } from './finding.ts';
import { expectedItems, ownSeen, type OwnMarks } from './walk-own.ts';

export interface WalkedPage {
  ex: Exchange;
  items: unknown[];
  /** The count the page states; absent where the list is declared with none (totalCount: null). */
  total?: number;
}

export interface CursorWalk {
  /** The list's config name, for the finding. */
  name: string;
  /** The pages as read, the first asked with no cursor, each next with the cursor the page before gave. */
  pages: WalkedPage[];
  /** The run's own creations that could have landed in the list while it was walked (runtime/writes-ledger.ts). */
  own: number;
  /** How the run's own items are told by their marker (walk-own.ts); absent: by the count of creations alone. */
  marks?: OwnMarks;
}

export type WalkVerdict = { verdict: 'passed'; cell: string } | { verdict: 'inconclusive'; why: string } | { verdict: 'failed'; cell: string };

const CHECK = 'index.cursor-walk';
const keyOf = (item: unknown) => stringifyJson(item);

/** The first item seen twice: where it was first and where again (page numbers from 1, item positions from 1). */
function repeated(pages: WalkedPage[]): { again: number; first: number; at: number; item: unknown } | undefined {
  const seen = new Map<string, { page: number; at: number }>();
  let at = 0;
  for (const [i, p] of pages.entries()) {
    for (const item of p.items) {
      at++;
      const k = keyOf(item);
      const before = seen.get(k);
      if (before) return { again: i + 1, first: before.page, at, item };
      seen.set(k, { page: i + 1, at });
    }
  }
  return undefined;
}

/** IX-7 on one cursor walk: its findings and evidence, and the cell of the run's table. */
export function judgeCursorWalk(w: CursorWalk): CheckResult & WalkVerdict {
  const walked = w.pages.reduce((n, p) => n + p.items.length, 0);
  const [t0, t1] = [w.pages[0]!.total, w.pages[w.pages.length - 1]!.total];
  if (t0 === undefined || t1 === undefined) return uncounted(w, walked);
  const first = { ...w.pages[0]!, total: t0 };
  const last = { ...w.pages[w.pages.length - 1]!, total: t1 };
  const d = last.total - first.total;
  if (d < 0 || d > w.own)
    return {
      findings: [],
      evidence: [],
      verdict: 'inconclusive',
      why: `${w.name}: totalCount changed from ${first.total} to ${last.total} while the list was walked, ${d < 0 ? 'down' : `by more than the ${w.own} creation(s) of this run meanwhile`} (another writer)`,
    };
  const evidence = [{ requirementId: 'IX-7', n: 1, via: CHECK }];
  const of = `${walked} item(s) in ${w.pages.length} page(s) by cursor`;
  const fail: Fail = (title, received, expected, ex, cell) => ({
    findings: [toFinding(CHECK, 'IX-7', { title, received, expected }, ex)],
    evidence,
    verdict: 'failed',
    cell: `FAILED: ${cell}`,
  });
  const again = repeated(w.pages);
  if (again)
    return fail(
      `${w.name}: an item of page ${again.first} is on page ${again.again} again (walked by cursor)`,
      `item ${again.at} of the walk, ${stringifyJson(again.item).slice(0, 160)}, was on page ${again.first} and again on page ${again.again}; ${of}`,
      'each item of the list once in a walk from the first page to the last',
      w.pages[again.again - 1]!.ex,
      `an item repeated on page ${again.again}, ${of}`,
    );
  const boundaries = w.pages.filter((p) => p.items.length > 0).length - 1;
  if (w.own === 0) {
    if (walked === first.total) return { findings: [], evidence, verdict: 'passed', cell: `passed exactly (totalCount ${first.total}, ${of})` };
    const missing = first.total - walked;
    const perBoundary =
      missing > 0 && missing === boundaries ? ` - one fewer at each of its ${boundaries} page boundaries (a next cursor that skips one item?)` : '';
    return fail(
      `${w.name}: the pages walked by cursor hold ${walked} items, not the ${first.total} of its totalCount${perBoundary}`,
      `totalCount ${first.total} on every page; ${of}, the last with no cursor to a next one; nothing of this run was created meanwhile`,
      `exactly ${first.total} items from the first page to the last (each item once)`,
      last.ex,
      `${of}, totalCount ${first.total}${perBoundary ? ', one fewer per page boundary' : ''}`,
    );
  }
  return judgeWithOwn(w, { first, last, walked, of, boundaries }, fail, evidence);
}

type Fail = (title: string, received: string, expected: string, ex: Exchange, cell: string) => CheckResult & WalkVerdict;

/**
 * The run's own creations were in flight: the walk holds the first count's items plus the run's own
 * creations it saw, each told by its marker (walk-own.ts); what the markers cannot tell (an item in
 * flight at the start, a creation the list shows no marker of) widens that, never past the last count.
 * Items beyond that yet within the last count are not the run's: another writer's, so not judged.
 */
function judgeWithOwn(
  w: CursorWalk,
  s: { first: { total: number }; last: { total: number; ex: Exchange }; walked: number; of: string; boundaries: number },
  fail: Fail,
  evidence: CheckResult['evidence'],
): CheckResult & WalkVerdict {
  const { first, last, walked, of } = s;
  const seen = ownSeen(
    w.pages.flatMap((p) => p.items),
    w.marks,
  );
  const { low, high, unmarked } = expectedItems(first.total, last.total, w.own, seen, w.marks);
  const told = seen.shown
    ? `; ${seen.new} of the run's own creations seen new by their marker${seen.either ? `, ${seen.either} in flight at the first page` : ''}${unmarked ? `, ${unmarked} unmarked in flight` : ''}`
    : `; ${w.own} creation(s) of this run in flight meanwhile${w.marks ? ', none shown by a marker' : ''}`;
  const grown = `${told}${last.total !== first.total ? `, the count grown by ${last.total - first.total}` : ''}`;
  if (last.total < low)
    return {
      findings: [],
      evidence: [],
      verdict: 'inconclusive',
      why: `${w.name}: totalCount went from ${first.total} to ${last.total} while the walk saw ${seen.new} new item(s) of this run: an item went meanwhile (another writer)`,
    };
  if (walked >= low && walked <= high) {
    const exactly = low === high ? 'passed exactly' : 'passed';
    return { findings: [], evidence, verdict: 'passed', cell: `${exactly} (totalCount ${first.total}, ${of}${grown})` };
  }
  if (walked > high && walked <= last.total)
    return {
      findings: [],
      evidence: [],
      verdict: 'inconclusive',
      why: `${w.name}: the walk holds ${walked - high} item(s) beyond the count at the start and the run's own creations, within the count at the last page: not the run's (another writer?)`,
    };
  const expected = low === high ? `${low} items` : walked < low ? `at least ${low} items` : `at most ${high} items`;
  const perBoundary = walked < low && low - walked === s.boundaries ? ' - one fewer at each page boundary (a next cursor that skips one item?)' : '';
  return fail(
    `${w.name}: the pages walked by cursor hold ${walked} items, not ${expected}${perBoundary}`,
    `totalCount ${first.total}${last.total !== first.total ? `, then ${last.total}` : ''}; ${of}, the last with no cursor to a next one${grown}`,
    `${expected} from the first page to the last: the count at the start plus the run's own creations the walk saw`,
    last.ex,
    `${of}, totalCount ${first.total}${grown}`,
  );
}

/** A walk of a list with no count: each item once (two walks at two page sizes judge the rest, walksAgree). */
function uncounted(w: CursorWalk, walked: number): CheckResult & WalkVerdict {
  const again = repeated(w.pages);
  const evidence = [{ requirementId: 'IX-7', n: 1, via: CHECK }];
  const of = `${walked} item(s) in ${w.pages.length} page(s) by cursor, no count stated`;
  if (!again) return { findings: [], evidence, verdict: 'passed', cell: `passed (${of})` };
  const title = `${w.name}: an item of page ${again.first} is on page ${again.again} again (walked by cursor)`;
  const received = `item ${again.at} of the walk, ${stringifyJson(again.item).slice(0, 160)}, was on page ${again.first} and again on page ${again.again}; ${of}`;
  const fact = { title, received, expected: 'each item of the list once in a walk from the first page to the last' };
  return {
    findings: [toFinding(CHECK, 'IX-7', fact, w.pages[again.again - 1]!.ex)],
    evidence,
    verdict: 'failed',
    cell: `FAILED: an item repeated on page ${again.again}, ${of}`,
  };
}

/** Where an item of one walk falls in the other: the item before it there and the page that one ends, if it ends one. */
function boundaryOf(pages: WalkedPage[], before: string | undefined): string {
  if (before === undefined) return 'the first item of the list';
  for (const [i, p] of pages.entries()) {
    const at = p.items.findIndex((x) => keyOf(x) === before);
    if (at === -1) continue;
    return at === p.items.length - 1 ? `at the boundary after page ${i + 1} (its last item ${before.slice(0, 80)})` : `inside page ${i + 1}`;
  }
  return 'after an item this walk lacks too';
}

/**
 * IX-7 over two walks of one list at two page sizes, neither with a creation of the run in flight
 * that its marker cannot tell (`aside`: the run's own items, set aside): they hold the same items. An item one walk has and the other lacks is named with the
 * page boundary it fell on in the walk that lacks it (a cursor that skips at a boundary).
 */
export function walksAgree(
  name: string,
  a: { size: number; pages: WalkedPage[] },
  b: { size: number; pages: WalkedPage[] },
  aside: (item: unknown) => boolean = () => false,
): CheckResult {
  const keys = (w: WalkedPage[]) => w.flatMap((p) => p.items.filter((x) => !aside(x)).map(keyOf));
  const [ka, kb] = [keys(a.pages), keys(b.pages)];
  const [sa, sb] = [new Set(ka), new Set(kb)];
  const evidence = [{ requirementId: 'IX-7', n: 1, via: 'index.walks-agree' }];
  const lack = (have: string[], other: Set<string>) => have.findIndex((k) => !other.has(k));
  for (const [have, lacking, other] of [
    [ka, b, sb],
    [kb, a, sa],
  ] as const) {
    const i = lack(have, other);
    if (i === -1) continue;
    const missing = have.filter((k) => !other.has(k));
    const where = boundaryOf(lacking.pages, have[i - 1]);
    const title = `${name}: the walk by pages of ${lacking.size} lacks ${missing.length} item(s) the walk by pages of ${lacking === a ? b.size : a.size} holds, the first ${where}`;
    const received = `missing ${missing
      .slice(0, 3)
      .map((k) => k.slice(0, 80))
      .join('; ')}${missing.length > 3 ? ' ...' : ''}`;
    return {
      findings: [
        toFinding('index.walks-agree', 'IX-7', { title, received, expected: 'the same items in both walks, whatever the page size' }, lacking.pages.at(-1)!.ex),
      ],
      evidence,
    };
  }
  return { findings: [], evidence };
}
