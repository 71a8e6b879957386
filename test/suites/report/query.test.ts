// The report suites' requests: each distinct request sent once per run, the fixture range's
// transactions required, and the limit cap learned once and respected.
import { describe, expect, it } from 'vitest';
import { capRefused, fitLimit, limitCap, needsTransactions, page, send } from '../../../suites/report/query.ts';
import { walk } from '../../../suites/report/walk.ts';
import { fakeHarness, q, range } from './fake-target.ts';

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
