// IX-7 over a walk by cursor while the run's own creations were in flight, the run's items told by
// the marker they carry (contract/checks/walk-own.ts): the walk holds the count at the start plus
// exactly the run's new items it saw, so one item skipped or repeated fails; an item no marker of
// this run tells (none, or another run's) beyond that leaves the walk inconclusive, never failed.
import { describe, expect, it, vi } from 'vitest';
import { judgeCursorWalk, walksAgree, type WalkedPage } from '../../../contract/checks/cursor-walk.ts';
import { isOwn, ownMarkerMatcher, ownMarkerOf, ownSeen, type OwnMarks, type OwnWhen } from '../../../contract/checks/walk-own.ts';
import type { Exchange } from '../../../core/types.ts';

const RUN = 'erpc-c0ffee00-s42';
const ex = (n: number): Exchange =>
  ({
    seq: n,
    operation: 'get-all-sales-data',
    tokenKind: 'valid',
    request: { method: 'POST', url: `http://127.0.0.1:1/api/v1/sales/get-all-sales-orders#${n}`, headers: {} },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body: '{}', ms: 1 },
  }) as unknown as Exchange;

/** A voucher as a list shows it, its remark holding what the run's creation carried (or another writer's text). */
const voucher = (id: number, remark = '') => ({ salesId: id, remark });

/** Pages of `size` over `items`, each page stating the count `totals[i]` (the last one for the pages after). */
function pages(items: unknown[], size: number, totals: number[]): WalkedPage[] {
  const out: WalkedPage[] = [];
  for (let i = 0; i * size < items.length; i++)
    out.push({ ex: ex(i + 1), items: items.slice(i * size, i * size + size), total: totals[Math.min(i, totals.length - 1)]! });
  return out;
}

/** Vouchers 1..n of other writers (seeded), then the run's `made` ones (ids from 100), each with a marker of its own. */
const list = (n: number, made: number[] = []) => [
  ...Array.from({ length: n }, (_, i) => voucher(i + 1, i % 2 ? 'web order' : '')),
  ...made.map((k) => voucher(100 + k, `${RUN}-made${k}`)),
];

const marks = (when: Record<string, OwnWhen>, markedInFlight: number): OwnMarks => ({ run: RUN, when: new Map(Object.entries(when)), markedInFlight });
const judge = (p: WalkedPage[], own: number, m?: OwnMarks) => judgeCursorWalk({ name: 'get-all-sales-data', pages: p, own, ...(m ? { marks: m } : {}) });
/** Two vouchers the run made after the walk's first page was answered, both landing in the list. */
const twoNew = marks({ [`${RUN}-made1`]: 'new', [`${RUN}-made2`]: 'new' }, 2);

describe("a walk with the run's own creations in flight, told by their marker (IX-7)", () => {
  it('tells a creation of the run by the marker it carries, not another run of the kit, nor a longer marker', () => {
    expect(ownMarkerOf(voucher(1, `Order ${RUN}-made3 (web)`), RUN)).toBe(`${RUN}-made3`);
    expect(ownMarkerOf(voucher(1, RUN), RUN)).toBe(RUN);
    expect(ownMarkerOf(voucher(1, 'erpc-0badf00d-s7-made3'), RUN)).toBeUndefined();
    expect(ownMarkerOf(voucher(1, `${RUN}1-made3`), RUN)).toBeUndefined();
  });

  it("builds the marker's pattern once for a whole walk, and one matcher answers every text alike, however often used", () => {
    const items = [...list(300, [1, 2, 3]), voucher(400, `${RUN}1-made3`), voucher(401, 'erpc-0badf00d-s7-made3')];
    // Every pattern built while the walk's items are read is counted: one for ownSeen's walk, one for isOwn's.
    const built: string[] = [];
    vi.stubGlobal('RegExp', new Proxy(RegExp, { construct: (Real, args: [string, string]) => (built.push(args[0]), new Real(...args)) }));
    try {
      expect(ownSeen(items, marks({ [`${RUN}-made1`]: 'new', [`${RUN}-made2`]: 'old' }, 2))).toEqual({ old: 1, new: 1, either: 1, shown: true });
      expect(items.filter(isOwn(twoNew))).toHaveLength(3);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(built.filter((p) => p.includes('c0ffee00'))).toHaveLength(2);
    const matcher = ownMarkerMatcher(RUN);
    const texts = [`a ${RUN}-made7 b`, 'no marker', `${RUN}`, `${RUN}x`, `x ${RUN} y ${RUN}-madeup12 z`];
    const once = texts.map(matcher);
    expect(once).toEqual([`${RUN}-made7`, undefined, RUN, undefined, `${RUN}-madeup12`]);
    expect([...texts, ...texts].map(matcher)).toEqual([...once, ...once]);
    expect(ownMarkerMatcher('')(RUN)).toBeUndefined();
  });

  it('passes exactly a walk holding the count at the start plus the two new vouchers of the run it saw', () => {
    const r = judge(pages(list(9, [1, 2]), 3, [9, 10, 11]), 2, twoNew);
    expect([r.verdict, r.findings]).toEqual(['passed', []]);
    expect(r.verdict === 'passed' && r.cell).toMatch(
      /^passed exactly \(totalCount 9, 11 item\(s\) in 4 page\(s\) by cursor; 2 of the run's own creations seen new/,
    );
  });

  it('fails one item skipped at a page boundary, which the count alone (between 9 and 11) hides', () => {
    const skipped = list(9, [1, 2]).filter((v) => v.salesId !== 4);
    expect(judge(pages(skipped, 3, [9, 10, 11]), 2).verdict).toBe('passed');
    const r = judge(pages(skipped, 3, [9, 10, 11]), 2, twoNew);
    expect(r.verdict).toBe('failed');
    expect(r.findings.map((f) => [f.requirementId, f.checkId, f.title])).toEqual([
      ['IX-7', 'index.cursor-walk', 'get-all-sales-data: the pages walked by cursor hold 10 items, not 11 items'],
    ]);
    expect(r.findings[0]!.expected).toContain("the count at the start plus the run's own creations the walk saw");
  });

  it("fails two items skipped under a count grown by the run's two (the issue's measured case)", () => {
    const skipped = list(9, [1, 2]).filter((v) => v.salesId !== 4 && v.salesId !== 7);
    expect(judge(pages(skipped, 3, [9, 10, 11, 11]), 2).verdict).toBe('passed');
    expect(judge(pages(skipped, 3, [9, 10, 11, 11]), 2, twoNew).verdict).toBe('failed');
  });

  it('fails an item repeated at a page boundary', () => {
    const items = list(9, [1, 2]);
    items.splice(3, 0, voucher(3, 'web order'));
    expect(judge(pages(items, 3, [9, 10, 11]), 2, twoNew).verdict).toBe('failed');
  });

  it("is inconclusive, never failed, on an item of another writer or another run beyond the count at the start and the run's own", () => {
    // The run's one creation in flight went to another branch; another client's voucher (no marker) landed in this list,
    // which shows the marker (the run's voucher made before the walk).
    const other = [...list(8, [0]), voucher(50, '')];
    const r = judge(pages(other, 3, [9, 10, 10]), 1, marks({ [`${RUN}-made0`]: 'old', [`${RUN}-made1`]: 'new' }, 1));
    expect([r.verdict, r.findings, r.evidence]).toEqual(['inconclusive', [], []]);
    expect(r.verdict === 'inconclusive' && r.why).toMatch(/1 item\(s\) beyond the count at the start and the run's own creations.*another writer/);
    const otherRun = [...list(9, [1]), voucher(51, 'erpc-0badf00d-s7-made1')];
    expect(judge(pages(otherRun, 3, [9, 10, 11]), 2, marks({ [`${RUN}-made1`]: 'new', [`${RUN}-made2`]: 'new' }, 2)).verdict).toBe('inconclusive');
    // The count went below what the walk saw the run add: an item went meanwhile.
    expect(judge(pages(list(8, [1, 2]), 3, [9, 9, 10]), 2, twoNew).verdict).toBe('inconclusive');
  });

  it('widens by one for each item in flight at the first page, and each creation the list shows no marker of', () => {
    const either = marks({ [`${RUN}-made1`]: 'either' }, 1);
    expect(judge(pages(list(9, [1]), 3, [9, 10]), 1, either).verdict).toBe('passed');
    // In the count at the start or not, it cannot make up for two items missing.
    expect(judge(pages(list(8, [1]), 3, [9, 9, 10]), 1, either).verdict).toBe('passed');
    expect(judge(pages(list(7, [1]), 3, [9, 9, 10]), 1, either).verdict).toBe('failed');
    // A list that shows no marker (here: items without remark): its walk cannot tell whose an item is, so between its counts, as before.
    const bare = Array.from({ length: 10 }, (_, i) => ({ salesId: i + 1 }));
    expect(judge(pages(bare, 3, [9, 10]), 1, twoNew).verdict).toBe('passed');
    expect(judge(pages(bare.slice(0, 8), 3, [9, 10]), 1, twoNew).verdict).toBe('failed');
  });

  it("compares two walks with the run's own items aside: one the other lacks is the run's, not a defect", () => {
    const large = pages(list(9, [1]), 10, [10]);
    const small = pages(list(9), 3, [9]);
    expect(walksAgree('get-all-sales-data', { size: 10, pages: large }, { size: 3, pages: small }).findings).toHaveLength(1);
    expect(walksAgree('get-all-sales-data', { size: 10, pages: large }, { size: 3, pages: small }, isOwn(twoNew)).findings).toEqual([]);
    const skipped = pages(
      list(9).filter((v) => v.salesId !== 4),
      3,
      [9],
    );
    expect(walksAgree('get-all-sales-data', { size: 10, pages: large }, { size: 3, pages: skipped }, isOwn(twoNew)).findings).toHaveLength(1);
  });
});
