// A walk by cursor while the run makes a voucher, the run's voucher told by the marker in its
// remark (contract/checks/walk-own.ts), against the reference with Get All Sales Data paged by an
// opaque cursor and counted: a correct list holds the count at the start plus the run's voucher,
// exactly; with a next cursor that skips the item at each page boundary (ix-cursor-skips-boundary)
// the one skipped item fails IX-7, which the count alone (between the first and the last) hides.
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureValues, operationRequest, sendOperation, withBodyText } from '../../client/index-operation.ts';
import { createClient } from '../../client/operations.ts';
import { answerAt, listPath, nextCursor, totalPath } from '../../config/answer-shape.ts';
import { runConfigSchema } from '../../config/schema.ts';
import { judgeCursorWalk, type WalkedPage } from '../../contract/checks/cursor-walk.ts';
import type { FaultName } from '../../reference/faults.ts';
import { defaultProfile } from '../../reference/profiles/default.ts';
import { derive } from '../../reference/profiles/derive.ts';
import { startReference, type ReferenceServer } from '../../reference/server.ts';

const LIST = 'get-all-sales-data';
const RUN = 'erpc-5eed0001-s9';
const profile = derive(defaultProfile, { name: 'sales-by-cursor', summary: 'Get All Sales Data by an opaque cursor, counted', index: { cursorLists: [LIST] } });
const servers: ReferenceServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

/** A walk of LIST in two pages, the run's voucher (marked) made after the first page was answered. */
async function walkWhileMaking(faults: FaultName[]): Promise<WalkedPage[]> {
  const ref = await startReference({ port: 0, profile, faults });
  servers.push(ref);
  const config = runConfigSchema.parse(ref.runConfig());
  const client = createClient(config.target);
  const [op, create] = [config.operations![LIST]!, config.operations!['order-create']!];
  const page = async (size: number, cursor?: string) => {
    const ex = await sendOperation(client, operationRequest(op, fixtureValues(config), { limit: size, offset: 0, ...(cursor ? { cursor } : {}) }));
    expect(ex.response?.status).toBe(200);
    return { ex, items: answerAt(ex.json, listPath(op)) as unknown[], total: answerAt(ex.json, totalPath(op)) as number };
  };
  try {
    const count = (await page(1)).total;
    expect(count).toBeGreaterThan(4);
    // Two pages: the first holds more than half the list, the second the rest and the run's voucher.
    const size = Math.ceil(count / 2) + 1;
    const pages: WalkedPage[] = [await page(size)];
    const made = await sendOperation(client, withBodyText(operationRequest(create, fixtureValues(config)), 'remark', `${RUN}-made1`));
    expect(made.response?.status).toBe(200);
    for (let next = nextCursor(op, pages[0]!.ex.json); next !== undefined && pages.length < 10; next = nextCursor(op, pages.at(-1)!.ex.json))
      pages.push(await page(size, next));
    return pages;
  } finally {
    await client.close();
  }
}

const marks = { run: RUN, when: new Map([[`${RUN}-made1`, 'new' as const]]), markedInFlight: 1 };

describe('a cursor walk while the run makes a voucher, told by its marker (IX-7)', () => {
  it('passes exactly on a correct list: the count at the start plus the voucher the walk saw', async () => {
    const pages = await walkWhileMaking([]);
    expect(pages.map((p) => p.total)).toEqual([pages[0]!.total, pages[0]!.total! + 1]);
    const r = judgeCursorWalk({ name: LIST, pages, own: 1, marks });
    expect([r.verdict, r.findings]).toEqual(['passed', []]);
    expect(r.verdict === 'passed' && r.cell).toMatch(/^passed exactly .*1 of the run's own creations seen new/);
  });

  it('fails the item a skipping cursor leaves out at the boundary, which the count alone hides', async () => {
    const pages = await walkWhileMaking(['ix-cursor-skips-boundary']);
    expect(pages).toHaveLength(2);
    expect(judgeCursorWalk({ name: LIST, pages, own: 1 }).verdict).toBe('passed');
    const r = judgeCursorWalk({ name: LIST, pages, own: 1, marks });
    expect(r.verdict).toBe('failed');
    expect(r.findings.map((f) => [f.requirementId, f.checkId])).toEqual([['IX-7', 'index.cursor-walk']]);
    expect(r.findings[0]!.title).toMatch(/hold \d+ items, not \d+ items - one fewer at each page boundary/);
  });
});
