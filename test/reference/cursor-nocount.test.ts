// The cursor-nocount vendor (reference/profiles/cursor-nocount.ts): every paged list of the index
// by an opaque cursor, with no count, and its run config says so (`totalCount: null`). Walked at
// two page sizes, a list holds the same items (contract/checks/cursor-walk.ts walksAgree); with a
// next cursor that skips the item at each page boundary (ix-cursor-skips-boundary) the two walks
// differ, and the item one lacks is named with its boundary.
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureValues, operationRequest, sendOperation } from '../../client/index-operation.ts';
import { createClient } from '../../client/operations.ts';
import { answerAt, counted, listPath, nextCursor } from '../../config/answer-shape.ts';
import type { OperationConfig } from '../../config/operations.ts';
import { runConfigSchema } from '../../config/schema.ts';
import { walksAgree, type WalkedPage } from '../../contract/checks/cursor-walk.ts';
import type { FaultName } from '../../reference/faults.ts';
import { startReference, type ReferenceServer } from '../../reference/server.ts';

const LIST = 'products-with-inventory';
const servers: ReferenceServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

/** The walks of LIST at each page size, against a cursor-nocount reference with `faults`. */
async function walks(faults: FaultName[], sizes: number[]): Promise<{ op: OperationConfig; walks: Array<{ size: number; pages: WalkedPage[] }> }> {
  const ref = await startReference({ port: 0, profile: 'cursor-nocount', faults });
  servers.push(ref);
  const config = runConfigSchema.parse(ref.runConfig());
  const client = createClient(config.target);
  const op = config.operations![LIST]!;
  try {
    const out = [];
    for (const size of sizes) {
      const pages: WalkedPage[] = [];
      let cursor: string | undefined;
      do {
        const ex = await sendOperation(client, operationRequest(op, fixtureValues(config), { limit: size, ...(cursor ? { cursor } : {}) }));
        expect(ex.response?.status).toBe(200);
        pages.push({ ex, items: answerAt(ex.json, listPath(op)) as unknown[] });
        cursor = nextCursor(op, ex.json);
      } while (cursor !== undefined && pages.length < 200);
      out.push({ size, pages });
    }
    return { op, walks: out };
  } finally {
    await client.close();
  }
}

describe('the cursor-nocount profile', () => {
  it('declares every paged list by cursor with no count, and answers none', async () => {
    const {
      op,
      walks: [w],
    } = await walks([], [3]);
    expect(op).toMatchObject({ totalCount: null, paging: { style: 'cursor', next: 'response.next' } });
    expect(counted(op)).toBe(false);
    const response = (w!.pages[0]!.ex.json as { response: Record<string, unknown> }).response;
    expect(Object.values(response).filter((v) => typeof v === 'number')).toEqual([]);
    expect(w!.pages.length).toBeGreaterThan(2);
    expect(w!.pages.at(-1)!.ex.json).toMatchObject({ response: { next: null } });
  });

  it('holds the same items at two page sizes; a cursor that skips at each boundary is named at its boundary', async () => {
    const good = await walks([], [3, 7]);
    expect(walksAgree(LIST, good.walks[0]!, good.walks[1]!).findings).toEqual([]);
    const bad = await walks(['ix-cursor-skips-boundary'], [3, 7]);
    const r = walksAgree(LIST, bad.walks[0]!, bad.walks[1]!);
    expect(r.findings.map((f) => f.requirementId)).toEqual(['IX-7']);
    expect(r.findings[0]!.title).toMatch(/the walk by pages of 3 lacks \d+ item\(s\) the walk by pages of 7 holds, the first at the boundary after page 1/);
  });
});
