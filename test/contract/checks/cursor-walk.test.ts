// IX-7 over a walk by cursor, judged exactly: each item once, and the stated count exactly when
// none of the run's own creations was in flight; between the two counts when some were; not at
// all when the count moved otherwise (another writer); two walks at two page sizes hold the same
// items, an item one lacks named with the page boundary it fell on.
import { describe, expect, it } from 'vitest';
import { judgeCursorWalk, walksAgree, type WalkedPage } from '../../../contract/checks/cursor-walk.ts';
import type { Exchange } from '../../../core/types.ts';

const ex = (n: number): Exchange =>
  ({
    seq: n,
    operation: 'get-customer-list-w-branch-id',
    tokenKind: 'valid',
    request: { method: 'GET', url: `http://127.0.0.1:1/api/v1/customers?page=${n}`, headers: {} },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body: '{}', ms: 1 },
  }) as unknown as Exchange;

/** Pages of `size` over items 1..n (ids), with `total` on each; `drop` leaves those ids out, `twice` repeats them. */
function walk(n: number, size: number, o: { total?: number; drop?: number[]; twice?: number[]; totals?: number[] } = {}): WalkedPage[] {
  const ids = Array.from({ length: n }, (_, i) => i + 1).filter((id) => !o.drop?.includes(id));
  const pages: WalkedPage[] = [];
  for (let i = 0; i * size < ids.length; i++) {
    const items = ids.slice(i * size, i * size + size).map((id) => ({ contactId: id }));
    if (i > 0 && o.twice?.includes(ids[i * size]!)) items.unshift({ contactId: ids[i * size - 1]! });
    pages.push({ ex: ex(i + 1), items, total: o.totals?.[i] ?? o.total ?? n });
  }
  return pages;
}

const judge = (pages: WalkedPage[], own = 0) => judgeCursorWalk({ name: 'customers', pages, own });

describe('a walk by cursor (IX-7)', () => {
  it('passes exactly when every item is walked once and as many as the count', () => {
    const r = judge(walk(7, 3));
    expect([r.verdict, r.findings]).toEqual(['passed', []]);
    expect(r.evidence).toEqual([{ requirementId: 'IX-7', n: 1, via: 'index.cursor-walk' }]);
  });

  it('fails a cursor that skips the item at each page boundary, however the count sits, when nothing of the run was in flight', () => {
    const r = judge(walk(9, 3, { total: 9, drop: [4, 7] }));
    expect(r.verdict).toBe('failed');
    expect(r.findings.map((f) => [f.requirementId, f.title])).toEqual([
      [
        'IX-7',
        'customers: the pages walked by cursor hold 7 items, not the 9 of its totalCount - one fewer at each of its 2 page boundaries (a next cursor that skips one item?)',
      ],
    ]);
    expect(r.findings[0]!.exchange?.seq).toBe(3);
  });

  it('fails an item repeated at a page boundary, naming both pages', () => {
    const r = judge(walk(7, 3, { twice: [4] }));
    expect(r.verdict).toBe('failed');
    expect(r.findings[0]!.title).toBe('customers: an item of page 1 is on page 2 again (walked by cursor)');
  });

  it("judges between the two counts while the run's own creations were in flight, and a repeat still fails", () => {
    expect(judge(walk(9, 3, { totals: [9, 10, 11] }), 2).verdict).toBe('passed');
    expect(judge(walk(9, 3, { totals: [9, 10, 11], drop: [4] }), 2).verdict).toBe('failed');
    // Two skipped of a count grown by two: hidden between the counts, as the issue measured; an exact walk needs the run still.
    expect(judge(walk(11, 3, { totals: [9, 10, 11, 11], drop: [4, 7] }), 2).verdict).toBe('passed');
    expect(judge(walk(9, 3, { totals: [9, 10, 11], twice: [4] }), 2).verdict).toBe('failed');
  });

  it('judges nothing when the count moved down or beyond what the run made (another writer)', () => {
    const down = judge(walk(6, 3, { totals: [6, 5] }));
    expect([down.verdict, down.findings, down.evidence]).toEqual(['inconclusive', [], []]);
    expect(judge(walk(6, 3, { totals: [6, 9] }), 1).verdict).toBe('inconclusive');
  });
});

describe('two walks at two page sizes (IX-7)', () => {
  it('agree when they hold the same items, whatever the page size', () => {
    const r = walksAgree('customers', { size: 9, pages: walk(9, 9) }, { size: 2, pages: walk(9, 2) });
    expect([r.findings, r.evidence]).toEqual([[], [{ requirementId: 'IX-7', n: 1, via: 'index.walks-agree' }]]);
  });

  it('name an item one walk lacks, with the page boundary it fell on', () => {
    const r = walksAgree('customers', { size: 9, pages: walk(9, 9) }, { size: 3, pages: walk(9, 3, { drop: [4] }) });
    expect(r.findings.map((f) => [f.requirementId, f.title])).toEqual([
      [
        'IX-7',
        'customers: the walk by pages of 3 lacks 1 item(s) the walk by pages of 9 holds, the first at the boundary after page 1 (its last item {"contactId":3})',
      ],
    ]);
    expect(r.findings[0]!.received).toBe('missing {"contactId":4}');
    const inside = walksAgree('customers', { size: 3, pages: walk(9, 3, { drop: [5] }) }, { size: 9, pages: walk(9, 9) });
    expect(inside.findings[0]!.title).toMatch(/^customers: the walk by pages of 3 lacks 1 item\(s\) the walk by pages of 9 holds, the first inside page 2$/);
  });
});

describe('a walk of a list declared with no count (totalCount: null)', () => {
  const bare = (pages: WalkedPage[]) => pages.map(({ total: _t, ...p }) => p);

  it('holds each item once; the rest is the two walks agreeing', () => {
    const r = judge(bare(walk(7, 3)));
    expect([r.verdict, r.findings]).toEqual(['passed', []]);
    expect(judge(bare(walk(7, 3, { twice: [4] }))).findings[0]!.title).toBe('customers: an item of page 1 is on page 2 again (walked by cursor)');
    // A skipping cursor is no count mismatch here: the walk by the other page size shows it.
    expect(judge(bare(walk(9, 3, { drop: [4, 7] }))).verdict).toBe('passed');
    expect(walksAgree('customers', { size: 9, pages: bare(walk(9, 9)) }, { size: 3, pages: bare(walk(9, 3, { drop: [4, 7] })) }).findings).toHaveLength(1);
  });
});
