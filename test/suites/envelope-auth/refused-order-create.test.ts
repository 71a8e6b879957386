// AUTH-11's Order Create part (suites/envelope-auth/refused-order-create.ts) against a vendor in
// memory that numbers vouchers in order: a voucher another writer (another client, another run of
// the kit) creates between the run's two accepted creations is never taken for a refused
// creation's, and one carrying a refused request's marker is.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/load.ts';
import type { Exchange, TokenKind } from '../../../core/types.ts';
import { referenceRunConfig } from '../../../reference/run-config.ts';
import type { SuiteContext } from '../../../runtime/context.ts';
import type { Harness } from '../../../runtime/harness.ts';
import { runShared } from '../../../runtime/run-state.ts';
import { MAX_BETWEEN, orderCreateRefused } from '../../../suites/envelope-auth/refused-order-create.ts';

const BASE = 'http://127.0.0.1:1';

interface Vendor {
  /** Stores an Order Create refused for its token (the defect), its remark kept. */
  storesRefused?: boolean;
  /** What other writers create after each accepted creation of the run: one voucher per remark. */
  others?: (made: number) => string[];
}

const runs = { n: 0 };

function exchange(seq: number, method: string, url: string, token: TokenKind, status: number, json: unknown): Exchange {
  const body = JSON.stringify(json);
  return {
    seq,
    operation: 'index',
    tokenKind: token,
    request: { method, url, headers: {} },
    response: { status, headers: {}, body },
    json,
  } as unknown as Exchange;
}

/** A harness whose client is the vendor; `failed` collects h.fail, `notes` the evidence noted. */
function harness(vendor: Vendor) {
  const vouchers = new Map<number, { branch: number; remark: string }>();
  let next = 5000;
  let made = 0;
  let seq = 0;
  const store = (branch: number, remark: string) => {
    vouchers.set(next, { branch, remark });
    return next++;
  };
  const index = async (a: { method: string; path: string; body?: unknown; token?: TokenKind; variant?: unknown }): Promise<Exchange> => {
    const url = new URL(a.path, BASE);
    const token: TokenKind = a.token ?? (a.variant ? 'variant' : 'valid');
    const branch = Number(url.searchParams.get('branch_id'));
    const reply = (status: number, json: unknown) => exchange(++seq, a.method, url.href, token, status, json);
    if (a.method === 'POST' && url.pathname === '/api/v1/sales/order-create') {
      const remark = String((a.body as { remark?: unknown }).remark ?? '');
      if (token !== 'valid') {
        if (vendor.storesRefused) store(branch, remark);
        return reply(403, { status: false, message: 'Unauthorized', code: '403', response: null });
      }
      const salesId = store(branch, remark);
      for (const other of vendor.others?.(++made) ?? []) store(branch, other);
      return reply(200, { status: true, message: 'Order created', code: '200', response: { salesId } });
    }
    const m = /^\/api\/v1\/sales\/(\d+)$/.exec(url.pathname);
    const v = m ? vouchers.get(Number(m[1])) : undefined;
    if (a.method === 'GET' && v && v.branch === branch)
      return reply(200, { status: true, message: 'Sales data', code: '200', response: { salesId: Number(m![1]), remark: v.remark } });
    return reply(400, { status: false, message: 'no such voucher', code: '400', response: null });
  };
  const config = loadConfig({ base: referenceRunConfig(BASE, [], 1), env: {} });
  const ctx = { nonce: 'c0ffee00', seed: 42, deadline: ++runs.n, config } as unknown as SuiteContext;
  const failed: string[] = [];
  const notes: number[] = [];
  const h = {
    config,
    ctx,
    run: runShared(ctx),
    client: { index },
    note: (_id: string, n: number) => void notes.push(n),
    observe: () => {},
    fail: (_id: string, title: string, actual: string) => void failed.push(`${title}: ${actual}`),
  } as unknown as Harness;
  return { h, failed, notes };
}

describe("AUTH-11, Order Create: a voucher is a refused creation's only when it carries that creation's marker", () => {
  it("passes a correct vendor while other writers create between the run's two creations (no marker, another run's marker)", async () => {
    // Each accepted creation of the run is followed by another client's order and another kit run's.
    const { h, failed, notes } = harness({ others: () => ['', 'erpc-0badf00d-s7-made3', 'erpc-0badf00d-s7-refused4'] });
    const part = await orderCreateRefused(h);
    expect(failed).toEqual([]);
    expect(part).toEqual({ judged: 3 });
    expect(notes).toEqual([3]);
  });

  it('fails a vendor that stores a refused creation, naming the marker the voucher carries', async () => {
    const { h, failed } = harness({ storesRefused: true, others: () => ['', 'erpc-0badf00d-s7-refused2'] });
    const part = await orderCreateRefused(h);
    expect(part).toEqual({ judged: 3 });
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatch(/^An Order Create refused for its token made a voucher: .*"erpc-c0ffee00-s42-refused2" in remark/);
  });

  it("is inconclusive, never failed, when other writers leave too many ids between the run's creations", async () => {
    const crowd = Array.from({ length: MAX_BETWEEN + 1 }, () => '');
    const { h, failed } = harness({ storesRefused: true, others: () => crowd });
    const part = await orderCreateRefused(h);
    expect(failed).toEqual([]);
    expect(part).toMatchObject({ judged: 0, why: expect.stringMatching(/not numbered in order closely enough/) });
  });

  it('is inconclusive when the read does not show the marker (the target keeps no such field)', async () => {
    const { h, failed } = harness({ storesRefused: true });
    const part = await orderCreateRefused({
      ...h,
      config: { ...h.config, marker: { ...h.config.marker, 'get-sales-data-by-id': 'response.reference' } },
    } as Harness);
    expect(failed).toEqual([]);
    expect(part).toMatchObject({ judged: 0, why: expect.stringMatching(/without it at response.reference/) });
  });
});
