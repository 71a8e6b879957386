// AUTH-11's voucher part (suites/envelope-auth/refused-voucher-writes.ts) when two runs of the kit
// share one server, its `refusals` pool and one config (no Order Create): each run's lease holds a
// voucher alone within its own run only, so the other run's requests land between this run's two
// reads. The exchanges of the two runs interleave here on a vendor in memory: after every request
// of run A, run B sends what its tests send to the pool (the safe order status request without a
// valid token, the no-change probe), and B's AUTH-11 runs at the same time. A correct vendor is
// judged and passed by both; a vendor that stores refused updates is failed by both, B's Pending
// hiding nothing.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/load.ts';
import type { Exchange, TokenKind, TokenVariant } from '../../../core/types.ts';
import { referenceRunConfig } from '../../../reference/run-config.ts';
import type { SuiteContext } from '../../../runtime/context.ts';
import type { Harness } from '../../../runtime/harness.ts';
import { runShared } from '../../../runtime/run-state.ts';
import { validCalls } from '../../../suites/envelope-auth/operations.ts';
import { pendingAsked, readAroundOrder, voucherWrites } from '../../../suites/envelope-auth/refused-voucher-writes.ts';

const BASE = 'http://127.0.0.1:1';
const STATUSES = ['Pending', 'Confirmed', 'Processing', 'Shipped', 'Delivered', 'Cancelled'];

interface Call {
  salesId?: number | bigint | string;
  body?: { orderStatus?: string };
  token?: TokenKind;
  variant?: TokenVariant;
  method?: string;
  path?: string;
}

/** One server for both runs: every voucher Pending and unpaid; `storesRefused`: an update refused for its token is stored all the same. */
function vendor(storesRefused: boolean) {
  const status = new Map<string, string>();
  let seq = 0;
  const reply = (c: Call, status: number, json: unknown): Exchange =>
    ({
      seq: ++seq,
      operation: 'order-status',
      tokenKind: c.token ?? (c.variant ? 'variant' : 'valid'),
      tokenVariant: c.variant,
      request: { method: c.method ?? 'POST', url: `${BASE}${c.path ?? ''}`, headers: {} },
      response: { status, headers: {}, body: JSON.stringify(json) },
      json,
    }) as unknown as Exchange;
  const update = async (c: Call) => {
    const to = c.body?.orderStatus ?? '';
    const valid = (c.token ?? 'valid') === 'valid' && !c.variant;
    if (STATUSES.includes(to) && (valid || storesRefused)) status.set(String(c.salesId), to);
    if (!valid) return reply(c, 403, { status: false, message: 'Unauthorized', code: '403', response: null });
    return reply(c, 200, { status: true, message: 'Order status updated', code: '200', response: null });
  };
  const read = async (c: Call) => {
    const id = /\/sales\/(\d+)\//.exec(c.path ?? '')![1]!;
    const response = { orderStatus: status.get(id) ?? 'Pending', paymentStatus: 'unpaid' };
    return reply({ ...c, method: 'GET' }, 200, { status: true, message: 'Order status', code: '200', response });
  };
  return { update, read, status };
}

type Vendor = ReturnType<typeof vendor>;

/** One run of the kit against `v`: its own nonce, seed and run state; `after` is awaited after each of its requests. */
function run(v: Vendor, nonce: string, seed: number, after: () => Promise<unknown> = async () => {}) {
  const raw = referenceRunConfig(BASE, ['reference-token-1', 'reference-token-2'], seed) as any;
  delete raw.operations['order-create'];
  delete raw.operations['update-payment-status'];
  const config = loadConfig({ base: raw, env: {} });
  const ctx = { nonce, seed, deadline: Date.now() + 60_000, config } as unknown as SuiteContext;
  const failed: string[] = [];
  const then = async (ex: Promise<Exchange>) => {
    const e = await ex;
    await after();
    return e;
  };
  const h = {
    config,
    ctx,
    run: runShared(ctx),
    client: { updateOrderStatus: (c: Call) => then(v.update(c)), raw: (c: Call) => then(v.read(c)) },
    note: () => {},
    observe: () => {},
    fail: (_id: string, title: string, actual: string) => void failed.push(`${title}: ${actual}`),
    uniqueKey: () => ({ nonce, salt: 'test' }),
  } as unknown as Harness;
  return { h, failed, pool: config.fixtures.sales.refusals };
}

/** What run B's tests send to the pool after each of run A's requests: the safe request without a valid token and with a near miss, and the no-change probe. */
function otherRunsRequests(b: ReturnType<typeof run>) {
  const [safe] = validCalls(b.h).filter((c) => c.operation === 'order-status');
  return async () => {
    await safe!.send('none');
    await safe!.send({ kind: 'suffix', text: 'x' });
    await b.h.client.updateOrderStatus({ salesId: b.pool[0]!, branchId: b.h.config.fixtures.branchId, body: { orderStatus: 'Pending' } });
  };
}

/** Runs A and B at once against one vendor, B's requests to the pool after each of A's. */
async function twoRuns(storesRefused: boolean) {
  const v = vendor(storesRefused);
  const b = run(v, 'bbbb2222', 202);
  const a = run(v, 'aaaa1111', 101, otherRunsRequests(b));
  const [partA, partB] = await Promise.all([voucherWrites(a.h), voucherWrites(b.h)]);
  return { a, b, partA, partB, v };
}

describe('AUTH-11 on the refusals pool, two runs of the kit at once', () => {
  it('takes the vouchers other tests ask Pending of last', () => {
    expect(pendingAsked([1021, 1022, 1023, 1030])).toEqual([1021, 1030]);
    expect(readAroundOrder([1021, 1022, 1023, 1030])).toEqual([1023, 1022, 1030, 1021]);
    expect(readAroundOrder([7])).toEqual([7]);
  });

  it("passes a correct vendor in both runs, each judging its three refused writes, the other run's requests landing between", async () => {
    const { a, b, partA, partB, v } = await twoRuns(false);
    expect([a.failed, b.failed]).toEqual([[], []]);
    expect([partA, partB]).toEqual([{ judged: 3 }, { judged: 3 }]);
    expect([...v.status.values()].every((s) => s === 'Pending')).toBe(true);
  });

  it("fails a vendor that stores refused updates in both runs: the other run's Pending, stored too, sets back no voucher read around", async () => {
    const { a, b, partA, partB, v } = await twoRuns(true);
    expect(a.failed).toEqual([expect.stringMatching(/^A write refused for its token changed the voucher: orderStatus Confirmed, sent without api-token/)]);
    expect(b.failed).toHaveLength(1);
    expect([partA, partB]).toEqual([{ judged: 3 }, { judged: 3 }]);
    // What the other run asked Pending of was set back (stored): the vouchers the two runs read around are not those.
    for (const id of pendingAsked(a.pool)) expect(v.status.get(String(id)) ?? 'Pending').toBe('Pending');
  });
});
