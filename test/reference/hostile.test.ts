// The reference's hostile mode endless-report (reference/hostile.ts, `serve --hostile`): the
// report says totalCount 10^9 and answers every page full, each item a transaction of its own (no
// page repeats another, so a walk cannot stop at a repeat): only a walk's own cap ends it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDLESS_TOTAL } from '../../reference/hostile.ts';
import { startReference, type ReferenceServer } from '../../reference/server.ts';

let ref: ReferenceServer;
beforeAll(async () => {
  ref = await startReference({ port: 0, hostile: 'endless-report' });
});
afterAll(() => ref.close());

async function page(offset: number, limit: number): Promise<{ totalCount: number; items: Array<{ transactionId: number }> }> {
  const f = ref.runConfig().fixtures!.report!;
  const res = await fetch(`${ref.url}/api/v1/report/consumption-production-report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'api-token': ref.tokens[0]! },
    body: JSON.stringify({ dateFrom: f.dateFrom, dateTo: f.dateTo, branchList: f.branchList, limit, offset }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { response: { totalCount: number; items: Array<{ transactionId: number }> } }).response;
}

describe('serve --hostile endless-report', () => {
  it('says totalCount 10^9 and answers every page full, far past the range, each item once', async () => {
    const pages = await Promise.all([0, 200, 400, 500_000_000].map((o) => page(o, 200)));
    expect(pages.map((p) => p.totalCount)).toEqual([ENDLESS_TOTAL, ENDLESS_TOTAL, ENDLESS_TOTAL, ENDLESS_TOTAL]);
    expect(pages.map((p) => p.items.length)).toEqual([200, 200, 200, 200]);
    const ids = pages.flatMap((p) => p.items.map((i) => i.transactionId));
    expect(new Set(ids).size).toBe(800);
    expect((await page(0, 0)).items).toEqual([]);
  });
});
