// The report suites' walk reads a query to its end whatever the target does with limit and
// totalCount, says how far its pages can be trusted, and stops by itself on a target whose pages
// never end: at an empty page, at a page it read before, or at its cap, keeping only what it read.
// Walks under way at once hold together at most the run's room of pages.
import { describe, expect, it } from 'vitest';
import { walkEndsObserved } from '../../../contract/checks/report-walk.ts';
import { send } from '../../../suites/report/query.ts';
import { BEYOND_REACH_PAGES, pagesDistinct, walk } from '../../../suites/report/walk.ts';
import { walkRoom, WALK_ROOM_PAGES } from '../../../runtime/walk-room.ts';
import { fakeHarness, q, range } from './fake-target.ts';

describe('walk()', () => {
  it('reads a query to its end and trusts pages that hold totalCount transactions', async () => {
    const { h } = fakeHarness({ ids: range(450) });
    const w = await walk(h, q, { limit: 200 });
    expect(w.pages).toHaveLength(3);
    expect(w.ids.size).toBe(450);
    expect(w).toMatchObject({ total: 450, answered: true, stable: true, exhausted: true, reachedTotal: true, counted: true });
  });
  it('advances by what a target that caps limit returned, and confirms a full last page', async () => {
    const capped = fakeHarness({ ids: range(120), cap: 50 });
    expect((await walk(capped.h, q, { limit: 200 })).pages).toHaveLength(3);
    const exact = fakeHarness({ ids: range(400) });
    const w = await walk(exact.h, q, { limit: 200 });
    expect(w.pages.map((p) => JSON.parse(p.response!.body).response.items.length)).toEqual([200, 200, 0]);
    expect(w.counted).toBe(true);
  });
  it('reads on past a totalCount that is only the page length (rp-totalcount-page), and does not trust it', async () => {
    const { h } = fakeHarness({ ids: range(450), totalOf: (page) => page.length });
    const w = await walk(h, q, { limit: 200 });
    expect(w.ids.size).toBe(450);
    expect(w).toMatchObject({ exhausted: true, stable: false, counted: false });
  });
  it('stops at an empty page before a totalCount that counts too much (rp-branch-double-count)', async () => {
    const { h } = fakeHarness({ ids: range(300), totalOf: (_p, n) => 2 * n });
    const w = await walk(h, q, { limit: 200 });
    expect(w).toMatchObject({ exhausted: true, reachedTotal: false, stable: true, counted: false, total: 600 });
    expect(w.ids.size).toBe(300);
  });
  it('asks the pages its first full page announces side by side: the requests of a walk page after page, at once', async () => {
    const offsets = (sent: string[]) => sent.map((t) => (JSON.parse(t) as { offset: number }).offset).sort((a, b) => a - b);
    const far = fakeHarness({ ids: range(1000), delayMs: 20 });
    const w = await walk(far.h, q, { limit: 200 });
    expect(w).toMatchObject({ exhausted: true, counted: true });
    expect(offsets(far.sent)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(far.flight.max).toBe(5);
    // A first page that came short (a capped limit) says nothing of the next offsets: page after page.
    const capped = fakeHarness({ ids: range(120), cap: 50, delayMs: 5 });
    await walk(capped.h, q, { limit: 200 });
    expect(offsets(capped.sent)).toEqual([0, 50, 100]);
    expect(capped.flight.max).toBe(1);
    // Never more pages than maxPages, whatever totalCount says.
    const huge = fakeHarness({ ids: range(5000), totalOf: () => 10 ** 9 });
    await walk(huge.h, q, { limit: 200, maxPages: 4 });
    expect(offsets(huge.sent)).toEqual([0, 200, 400, 600]);
  });
  it('marks a refused page as unanswered', async () => {
    const { h } = fakeHarness({ ids: range(10), status: 400 });
    expect(await walk(h, q, { limit: 200 })).toMatchObject({ answered: false, exhausted: false });
  });
});

/** The offsets a target was sent, in order of offset. */
const offsets = (sent: string[]) => sent.map((t) => (JSON.parse(t) as { offset: number }).offset).sort((a, b) => a - b);

describe('walk() on a target whose pages never end by themselves', () => {
  it('stops at the second page of a target that ignores offset (rp-offset-ignored), and finds the repeat', async () => {
    const { h, sent } = fakeHarness({ ids: range(1000), startOf: () => 0 });
    const w = await walk(h, q, { limit: 200 });
    expect(w.pages).toHaveLength(2);
    expect(w.end).toMatchObject({ reason: 'repeat', pages: 2, offset: 200, repeats: 0 });
    expect(w).toMatchObject({ exhausted: false, reachedTotal: false, counted: false });
    const result = pagesDistinct(w);
    expect(result.findings.map((f) => [f.checkId, f.requirementId])).toEqual([['report.walk-page-repeats', 'RP-2']]);
    expect(result.findings[0]!.exchange).toBe(w.pages[1]);
    // The pages asked ahead and never read are not kept: asked again, they are sent again.
    const before = sent.length;
    await send(h, { ...q, limit: 200, offset: 600 });
    expect(sent).toHaveLength(before + 1);
    // ... while the pages it read are.
    await send(h, { ...q, limit: 200, offset: 200 });
    expect(sent).toHaveLength(before + 1);
  });

  it('stops at the third page of a target whose pages cycle (rp-pages-repeat)', async () => {
    const { h } = fakeHarness({ ids: range(1000), startOf: (offset, limit) => offset % (2 * limit) });
    const w = await walk(h, q, { limit: 100 });
    expect(w.end).toMatchObject({ reason: 'repeat', pages: 3, offset: 200, repeats: 0 });
    expect(w.ids.size).toBe(200);
    expect(pagesDistinct(w).findings).toHaveLength(1);
  });

  it('stops at an empty page of a target whose totalCount grows with the offset (rp-totalcount-endless)', async () => {
    const { h, sent } = fakeHarness({ ids: range(450), totalOf: (_p, n, offset) => n + offset });
    const w = await walk(h, q, { limit: 200 });
    expect(w.end).toMatchObject({ reason: 'empty', pages: 4, offset: 450 });
    expect(w).toMatchObject({ exhausted: true, reachedTotal: false, stable: false });
    expect(offsets(sent)).toEqual([0, 200, 400, 450]);
    // Not a repeat: the count is report.total-count-stable's and report.count-is-walk's.
    expect(pagesDistinct(w).findings).toEqual([]);
  });

  it('stops at its cap on a target that has always one more page, and says so', async () => {
    const { h, sent } = fakeHarness({ ids: range(100_000), totalOf: () => 300 });
    const w = await walk(h, q, { limit: 50, maxPages: 6 });
    expect(w.end).toMatchObject({ reason: 'cap', pages: 6, offset: 250 });
    expect(sent).toHaveLength(6);
    expect(walkEndsObserved([{ label: 'q', end: w.end }])).toEqual({ byReason: { cap: 1 }, firstCapped: 'q: 6 pages, the last at offset 250' });
  });

  it('reads a few pages, not its cap, of a report whose first page states a count the cap cannot reach (10^9, every page full)', async () => {
    const { h, sent } = fakeHarness({ ids: range(100_000), totalOf: () => 10 ** 9 });
    const w = await walk(h, q, { limit: 50 });
    expect(w.end).toMatchObject({ reason: 'cap', pages: BEYOND_REACH_PAGES });
    expect(w.pages).toHaveLength(BEYOND_REACH_PAGES);
    expect(offsets(sent)).toEqual([0, 50, 100, 150]);
    // A vendor that caps limit silently: the reach is its pages', not the limit asked.
    const capped = fakeHarness({ ids: range(100_000), cap: 50, totalOf: () => 10 ** 9 });
    expect((await walk(capped.h, q, { limit: 10_000_000 })).pages).toHaveLength(BEYOND_REACH_PAGES);
    // A count within reach of the cap is read to its end.
    const long = fakeHarness({ ids: range(2_000) });
    expect((await walk(long.h, q, { limit: 50 })).end).toMatchObject({ reason: 'total', pages: 41 });
  });

  it('ends a clean walk at totalCount, without a repeat finding, and notes the evidence', async () => {
    const { h } = fakeHarness({ ids: range(450) });
    const w = await walk(h, q, { limit: 200 });
    expect(w.end).toMatchObject({ reason: 'total', pages: 3, offset: 400 });
    const result = pagesDistinct(w);
    expect(result.findings).toEqual([]);
    expect(result.evidence).toEqual([{ requirementId: 'RP-2', n: 1, via: 'report.walk-page-repeats' }]);
  });
});

describe('walks in flight together (runtime/walk-room.ts)', () => {
  it("hold at most the run's room of pages, however many walk at once, and each reads what it reads alone, with no request more", async () => {
    // 24 walks of distinct queries against a report that says 10^9 (every page full): 96 pages to
    // read, 4 a walk, answered late so that every walk is under way before any ends.
    const queries = Array.from({ length: 24 }, (_, i) => ({ ...q, branchList: String(i + 1) }));
    const endless = { ids: range(100_000), totalOf: () => 10 ** 9, delayMs: 2 };
    const { h, sent, flight } = fakeHarness(endless);
    const room = walkRoom(h);
    const walks = await Promise.all(queries.map((x) => walk(h, x, { limit: 50 })));
    expect(room.peak()).toBeGreaterThan(BEYOND_REACH_PAGES);
    expect(room.peak()).toBeLessThanOrEqual(WALK_ROOM_PAGES);
    // A page is asked only within room for it: no more requests in flight than the room (96 without it).
    expect(flight.max).toBeLessThanOrEqual(WALK_ROOM_PAGES);
    expect(room.held()).toBe(0);
    expect(sent).toHaveLength(24 * BEYOND_REACH_PAGES);
    const alone = await walk(fakeHarness(endless).h, queries[0]!, { limit: 50 });
    for (const w of walks) {
      expect({ ...w.end, exchange: undefined }).toEqual({ ...alone.end, exchange: undefined });
      expect([...w.ids]).toEqual([...alone.ids]);
    }
  });

  it('take the pages their first page announces, and count the pages a walk reads past them', async () => {
    // totalCount is the page's length (200): the first page announces 2 pages, the walk reads 3.
    const { h } = fakeHarness({ ids: range(450), totalOf: (page) => page.length });
    const w = await walk(h, q, { limit: 200 });
    expect(w.pages).toHaveLength(3);
    expect(walkRoom(h).peak()).toBe(3);
    // A count within reach, read to its end: exactly the pages it announced (450 at 200: 3).
    const clean = fakeHarness({ ids: range(450) });
    await walk(clean.h, q, { limit: 200 });
    expect(walkRoom(clean.h).peak()).toBe(3);
  });
});
