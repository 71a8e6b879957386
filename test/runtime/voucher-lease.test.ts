// The voucher lease (runtime/voucher-lease.ts): a voucher held alone lets no other test's write
// through until it is released; shared writes go side by side; an alone waiter is served before
// shared writes that came after it; a lease not granted by its time is none. No clock is raced:
// each step awaits the event it needs, and a wait that should not end is seen still pending.
import { describe, expect, it } from 'vitest';
import type { RunShared } from '../../runtime/run-state.ts';
import { inFlow } from '../../client/scheduler.ts';
import { lease, raisedFor, vouchersNamed, writeGate } from '../../runtime/voucher-lease.ts';

const run = (): RunShared =>
  ({ key: 'k', ctx: { config: { fixtures: { sales: { refusals: [1021, 1022], lifecycle: [1001] } } } }, states: new Map() }) as unknown as RunShared;
const FAR = Date.now() + 3_600_000;
/** Lets every pending promise callback run (a few turns of the microtask queue and one of the event loop). */
const settle = () => new Promise((r) => setImmediate(r));
const update = (salesId: number) => ({ salesId, branchId: 1, body: { orderStatus: 'Pending' } });

describe('a voucher lease', () => {
  it("holds a write of another test at its gate until the alone holder releases; the holder's own writes pass", async () => {
    const r = run();
    const [a, b] = [{}, {}];
    const held = (await lease(r, a, 'alone', [1022], FAR))!;
    expect(held.salesId).toBe(1022);
    const own = await writeGate(r, a, 'updateOrderStatus', update(1022), FAR);
    own?.();
    let through = false;
    const other = writeGate(r, b, 'updateOrderStatus', update(1022), FAR).then((open) => ((through = true), open));
    await settle();
    expect(through).toBe(false);
    held.release();
    (await other)?.();
    expect(through).toBe(true);
  });

  it('lets shared writes go side by side, and takes the first voucher of the candidates no write holds', async () => {
    const r = run();
    const one = await writeGate(r, {}, 'updateOrderStatus', update(1021), FAR);
    const two = await writeGate(r, {}, 'updateOrderStatus', update(1021), FAR);
    expect([one, two].every((x) => typeof x === 'function')).toBe(true);
    const alone = (await lease(r, {}, 'alone', [1021, 1022], FAR))!;
    expect(alone.salesId).toBe(1022);
    one!();
    two!();
    alone.release();
  });

  it('serves an alone waiter before shared writes that came after it (never starved)', async () => {
    const r = run();
    const order: string[] = [];
    const first = (await writeGate(r, {}, 'updateOrderStatus', update(1021), FAR))!;
    const alone = lease(r, {}, 'alone', [1021], FAR).then((l) => (order.push('alone'), l));
    const later = writeGate(r, {}, 'updateOrderStatus', update(1021), FAR).then((open) => (order.push('later'), open));
    await settle();
    expect(order).toEqual([]);
    first();
    (await alone)!.release();
    (await later)?.();
    expect(order).toEqual(['alone', 'later']);
  });

  it("lets the alone holder's own writes through while other tests wait for its voucher (no deadlock)", async () => {
    const r = run();
    const [a, b] = [{}, {}];
    const held = (await lease(r, a, 'alone', [1021], FAR))!;
    const waiting = lease(r, b, 'alone', [1021], FAR);
    await settle();
    const own = await writeGate(r, a, 'updateOrderStatus', update(1021), FAR);
    own?.();
    held.release();
    (await waiting)!.release();
  });

  it("raises the alone holder to a MUST's while a MUST's test waits for its voucher, and serves that waiter before an earlier other one", async () => {
    const r = run();
    const [should, other, must] = [{}, {}, {}];
    const held = (await lease(r, should, 'alone', [1021], FAR))!;
    const order: string[] = [];
    const first = inFlow('a SHOULD', () => lease(r, other, 'alone', [1021], FAR), { must: false }).then((l) => (order.push('should'), l));
    await settle();
    // A waiter verifying no MUST raises nobody.
    expect(raisedFor(r, should)).toBe(false);
    const second = inFlow('a MUST', () => lease(r, must, 'alone', [1021], FAR), { must: true }).then((l) => (order.push('must'), l));
    await settle();
    expect(raisedFor(r, should)).toBe(true);
    expect(raisedFor(r, must)).toBe(false);
    held.release();
    (await second)!.release();
    (await first)!.release();
    expect(order).toEqual(['must', 'should']);
    expect(raisedFor(r, should)).toBe(false);
  });

  it('gives no lease when none is free by its time, and never two alone holders of one voucher', async () => {
    const r = run();
    const held = (await lease(r, {}, 'alone', [1021], FAR))!;
    expect(await lease(r, {}, 'alone', [1021], Date.now() - 1)).toBeUndefined();
    held.release();
    expect((await lease(r, {}, 'alone', [1021], Date.now() - 1))?.salesId).toBe(1021);
  });

  it("names a write's vouchers: the update's salesId, a pooled id in an index write's path or body; no read", () => {
    const r = run();
    expect(vouchersNamed(r, 'updateOrderStatus', update(7))).toEqual(['7']);
    expect(vouchersNamed(r, 'index', { method: 'POST', path: '/api/v1/sales/update-due-date', body: { salesId: 1022, dueDate: '2026-01-01' } })).toEqual([
      '1022',
    ]);
    expect(vouchersNamed(r, 'raw', { method: 'PUT', path: '/api/v1/sales/1001/shipping' })).toEqual(['1001']);
    expect(vouchersNamed(r, 'raw', { method: 'GET', path: '/api/v1/sales/1021/order-status' })).toEqual([]);
    expect(vouchersNamed(r, 'index', { method: 'POST', path: '/x', body: { salesId: 10210 } })).toEqual([]);
    expect(vouchersNamed(r, 'report', { body: { limit: 1021 } })).toEqual([]);
  });
});
