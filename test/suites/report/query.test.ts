// The report suites' walk reads a query to its end whatever the target does with limit and
// totalCount, says how far its pages can be trusted, and sends each distinct request once.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../core/types.ts';
import { capRefused, fitLimit, limitCap, needsTransactions, page, send, walk, type Query } from '../../../suites/report/query.ts';
import type { SuiteContext } from '../../../runtime/context.ts';
import type { Harness } from '../../../runtime/harness.ts';
import { runShared } from '../../../runtime/run-state.ts';
import { answer, idsPage } from '../../contract/report-exchanges.ts';

interface Target {
  /** Transactions of the query, in report order. */
  ids: number[];
  /** Largest page the target returns (silently capped). */
  cap?: number;
  /** totalCount as the target computes it from the page and the true count. */
  totalOf?: (page: number[], count: number) => number;
  status?: number;
  /** A limit above this is refused with 400 (a vendor's own cap, 8 rule 2). */
  refuseAbove?: number;
  /** Each answer comes this late (ms). */
  delayMs?: number;
}

let run = 0;

/** A harness whose client answers report requests as `target` does, counting what it sent. */
function fakeHarness(target: Target) {
  const sent: string[] = [];
  const inconclusive: Record<string, string[]> = {};
  const flight = { now: 0, max: 0 };
  const report = async (a: { body?: unknown; rawBody?: string }): Promise<Exchange> => {
    const text = a.rawBody ?? JSON.stringify(a.body);
    sent.push(text);
    flight.max = Math.max(flight.max, ++flight.now);
    await new Promise((r) => setTimeout(r, target.delayMs ?? 0));
    flight.now--;
    const { limit, offset } = JSON.parse(text) as { limit: number; offset: number };
    if (target.refuseAbove !== undefined && limit > target.refuseAbove)
      return answer(400, { status: false, message: `limit must be at most ${target.refuseAbove}`, code: '400', response: null }, text);
    if (target.status) return answer(target.status, { status: false, message: 'no', code: String(target.status), response: null }, text);
    const page = target.ids.slice(offset, offset + Math.min(limit, target.cap ?? limit));
    return idsPage(page, (target.totalOf ?? ((_p, n) => n))(page, target.ids.length));
  };
  const config = { target: { baseUrl: 'http://127.0.0.1:1' } };
  const ctx = { nonce: 'query', deadline: ++run, seed: 1, config } as unknown as SuiteContext;
  const h = {
    config: {
      ...config,
      fixtures: { report: { dateFrom: '2026-01-01T00:00:00Z', dateTo: '2026-01-31T23:59:59Z', branchList: '1,2' } },
    },
    ctx,
    // The run's one object (runtime/run-state.ts): a new run for each fake harness.
    run: runShared(ctx),
    client: { report },
    inconclusive: (ids: string | string[], reason: string) => {
      for (const id of [ids].flat()) (inconclusive[id] ??= []).push(reason);
    },
  } as unknown as Harness;
  return { h, sent, inconclusive, flight };
}

const q: Query = { dateFrom: '2026-01-01T00:00:00Z', dateTo: '2026-01-31T23:59:59Z', branchList: '1,2' };
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

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

describe('the request cache', () => {
  it('sends each distinct request once per run, and again after a 429', async () => {
    const { h, sent } = fakeHarness({ ids: range(30) });
    await Promise.all([walk(h, q, { limit: 20 }), walk(h, q, { limit: 20 }), send(h, { ...q, limit: 20, offset: 0 })]);
    expect(sent).toHaveLength(2);
    const limited = fakeHarness({ ids: range(3), status: 429 });
    await send(limited.h, { a: 1 });
    await send(limited.h, { a: 1 });
    expect(limited.sent).toHaveLength(2);
  });
});

describe('needsTransactions()', () => {
  it('makes the requirements inconclusive, with the reason, when the fixture range holds nothing', async () => {
    const empty = fakeHarness({ ids: [] });
    expect(await needsTransactions(empty.h, ['RP-2', 'RP-17'])).toBe(false);
    expect(empty.inconclusive['RP-17']).toEqual([
      'the report range 2026-01-01T00:00:00Z .. 2026-01-31T23:59:59Z over branches 1,2 held no transactions: see fixtures.report',
    ]);
    const some = fakeHarness({ ids: [1] });
    expect(await needsTransactions(some.h, ['RP-2'])).toBe(true);
    expect(some.inconclusive).toEqual({});
  });
});

describe('the limit cap (8 rule 2: "the maximum value of limit: not shown")', () => {
  it('is learned once, from the first walk, and respected: a larger limit is not sent, a refusal above an accepted limit is no failure', async () => {
    const { h, sent } = fakeHarness({ ids: range(300), refuseAbove: 25 });
    const cap = await limitCap(h);
    expect(cap).toMatchObject({ accepted: 20, refused: 50 });
    expect(cap.refusal).toMatch(/^HTTP 400 .*limit must be at most 25/);
    const learned = sent.length;
    expect(await limitCap(h)).toBe(cap);
    expect(sent).toHaveLength(learned); // learned once per run
    expect(await fitLimit(h, 60)).toBe(20); // at or above a refused limit: the accepted one
    expect(await fitLimit(h, 30)).toBe(30); // between: sent as it is
    const q = { dateFrom: '2026-01-01T00:00:00Z', dateTo: '2026-01-31T23:59:59Z', branchList: '1,2' };
    expect(await capRefused(h, await page(h, q, 30, 0), 30)).toBe(true);
    expect(await capRefused(h, await page(h, q, 10, 0), 10)).toBe(false);
    expect(cap.refusedLater).toEqual([30]);
  });

  it('is no cap on a target that takes every limit tried', async () => {
    const { h } = fakeHarness({ ids: range(300) });
    expect(await limitCap(h)).toEqual({ accepted: 200, refusedLater: [] });
    expect(await fitLimit(h, 150)).toBe(150);
  });
});
