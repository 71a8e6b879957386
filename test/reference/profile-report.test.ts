// The report choices of each profile (4.3, 8): the order of the items (not shown; stable across
// pages in every profile), the maximum limit and what happens above it (RP-13), the id list format
// (RP-14), Z-less dates, numbers written as text and negative offsets (RP-15), and ids past 2^53.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceData, type Transaction } from '../../reference/data.ts';
import { PROFILES, type Profile } from '../../reference/profiles/index.ts';
import { expectErrorShape, profileClient, type ProfileClient } from './profile-kit.ts';

const data = referenceData(42);
const inRange = data.transactions.filter((tx) => tx.branchId === 1 || tx.branchId === 2);
const clients = new Map<string, ProfileClient>();
beforeAll(async () => {
  for (const p of PROFILES) clients.set(p.name, await profileClient(p.name));
});
afterAll(() => Promise.all([...clients.values()].map((c) => c.close())));
const client = (name: string) => clients.get(name)!;

const ORDER: Record<Profile['report']['order'], (a: Transaction, b: Transaction) => number> = {
  'time-asc': (a, b) => a.t - b.t || a.transactionId - b.transactionId,
  'time-desc': (a, b) => b.t - a.t || b.transactionId - a.transactionId,
  'id-desc': (a, b) => b.transactionId - a.transactionId,
  'module-time': (a, b) => a.module.localeCompare(b.module) || a.t - b.t || a.transactionId - b.transactionId,
};

/** Every item's transactionId (digits), page by page with `limit`, advancing by what came back
 *  (a vendor may cap the limit silently). */
async function allIds(c: ProfileClient, limit: number, patch: Record<string, unknown> = {}): Promise<string[]> {
  const ids: string[] = [];
  for (;;) {
    const a = await c.report({ ...patch, limit, offset: ids.length });
    expect(a.status, a.text.slice(0, 200)).toBe(200);
    const items = a.json.response.items as Array<{ transactionId: number | bigint }>;
    ids.push(...items.map((i) => String(i.transactionId)));
    if (items.length === 0) return ids;
  }
}

/** The largest page a profile answers: its cap where it refuses above it (strictest: 25). */
const largestPage = (p: Profile) => (p.report.aboveMax === 'refuse' && p.report.maxLimit !== null ? p.report.maxLimit : Infinity);

describe('the order of the items, stable across pages', () => {
  // The shared profile's data moves on purpose (another integrator writes): its order is the default's.
  for (const p of PROFILES.filter((x) => x.otherWriter === undefined)) {
    // A vendor that refuses a limit above its cap (strictest: 25) is walked with pages it takes.
    const [small, large] = [Math.min(37, largestPage(p) - 8), Math.min(50, largestPage(p))];
    it(`${p.name}: ${p.report.order}, the same with pages of ${small} and of ${large} items, and totalCount items in all`, async () => {
      const c = client(p.name);
      const expected = [...inRange].sort(ORDER[p.report.order]).map((tx) => String(p.ids.base + BigInt(tx.transactionId)));
      expect(await allIds(c, small)).toEqual(expected);
      expect(await allIds(c, large)).toEqual(expected);
      expect((await c.report({ limit: 0 })).json.response.totalCount).toBe(expected.length);
    });
  }

  it("writes the ledger's transactionIds past 2^53 as their exact digits", async () => {
    const a = await client('ledger').report({ limit: 3 });
    const newest = [...inRange].sort(ORDER['time-desc'])[0]!;
    expect(a.text).toContain(`"transactionId":${2n ** 60n + BigInt(newest.transactionId)},`);
    expect(a.json.response.items[0].transactionId).toBe(2n ** 60n + BigInt(newest.transactionId));
  });
});

describe('the maximum limit (RP-13)', () => {
  const cases: Array<[string, number, number | 'refused']> = [
    ['default', 500, 200],
    ['forward-only', 60, 50],
    ['strict', 501, 'refused'],
    ['strict', 500, 500],
    ['ledger', 1000, 1000],
    ['minimal', 1000, 1000],
    ['strictest', 26, 'refused'],
    ['strictest', 25, 25],
  ];
  for (const [name, limit, expected] of cases) {
    it(`${name}: limit ${limit} gives ${expected === 'refused' ? 'a 400' : `${expected} items`}`, async () => {
      const c = client(name);
      const a = await c.report({ limit });
      if (expected === 'refused') {
        expectErrorShape(c.profile, a, 400);
        expect(a.text).toMatch(/limit/);
      } else expect(a.json.response.items).toHaveLength(expected);
    });
  }
});

describe('id filter lists (RP-14, RP-19b)', () => {
  const accepts: Record<Profile['report']['idList'], Record<string, boolean>> = {
    comma: { '1': true, '1,2': true, '1, 2': false },
    'comma-spaces': { '1': true, '1,2': true, '1, 2': true },
    single: { '1': true, '1,2': false, '1, 2': false },
  };
  for (const p of PROFILES) {
    it(`${p.name}: ${p.report.idList}; a list it accepts never holds less than one of its ids`, async () => {
      const c = client(p.name);
      for (const [text, ok] of Object.entries(accepts[p.report.idList])) {
        const a = await c.report({ recipeIds: text, limit: 0 });
        if (ok) expect(a.status, text).toBe(200);
        else expectErrorShape(p, a, 400);
      }
      const page = Math.min(100, largestPage(p));
      const one = (await allIds(c, page, { recipeIds: '1' })).sort();
      expect(one.length).toBeGreaterThan(0);
      if (accepts[p.report.idList]['1,2']) {
        const both = await allIds(c, page, { recipeIds: '1,2' });
        expect(both).toEqual(expect.arrayContaining(one));
        expect(both.length).toBeGreaterThan(one.length);
      }
    });
  }
});

describe('Z-less dates, numbers as text, negative offsets (RP-15)', () => {
  for (const p of PROFILES) {
    it(`${p.name}: Z-less dates ${p.report.zlessDates}, "10" ${p.report.numberText}, offset -5 ${p.report.negativeOffset}`, async () => {
      const c = client(p.name);
      const withZ = await c.report({ dateFrom: '2026-02-10T00:00:00Z', dateTo: '2026-02-10T23:59:59Z', limit: 100 });
      const zless = await c.report({ dateFrom: '2026-02-10T00:00:00', dateTo: '2026-02-10T23:59:59', limit: 100 });
      if (p.report.zlessDates === 'utc') expect(zless.text).toBe(withZ.text);
      else expectErrorShape(p, zless, 400);
      const text = await c.report({ limit: '10', offset: '0' });
      if (p.report.numberText === 'coerce') expect(text.text).toBe((await c.report({ limit: 10, offset: 0 })).text);
      else expectErrorShape(p, text, 400);
      const negative = await c.report({ limit: 5, offset: -5 });
      if (p.report.negativeOffset === 'clamp') expect(negative.text).toBe((await c.report({ limit: 5, offset: 0 })).text);
      else expectErrorShape(p, negative, 400);
      // Every profile: a date that is no ISO 8601 instant, and a fractional limit, are refused (RP-12).
      expectErrorShape(p, await c.report({ dateFrom: '10/02/2026' }), 400);
      expectErrorShape(p, await c.report({ limit: 1.5 }), 400);
    });
  }
});
