// Another integrator on a shared staging server (reference/other-writer.ts): each write adds a
// transaction back-dated into the report's range, in time order, a customer and an order; the
// report reads the new data at once.
import { describe, expect, it } from 'vitest';
import type { Ctx } from '../../reference/context.ts';
import { referenceData } from '../../reference/data.ts';
import { startOtherWriter, withTransaction, writeOnce } from '../../reference/other-writer.ts';
import { defaultProfile } from '../../reference/profiles/default.ts';
import { sharedProfile } from '../../reference/profiles/shared.ts';
import { mulberry32 } from '../../reference/random.ts';
import { startReference } from '../../reference/server.ts';
import { Store } from '../../reference/store.ts';

describe('another integrator writing while a run reads', () => {
  it('adds a transaction with a new id, in time order, without changing the data it came from', () => {
    const data = referenceData(42);
    const t = data.transactions[10]!.t;
    const next = withTransaction(data, data.transactions[3]!, t, 2);
    expect(next.transactions).toHaveLength(data.transactions.length + 1);
    expect(data.transactions).toHaveLength(referenceData(42).transactions.length);
    const added = next.transactions.find((x) => x.transactionId === Math.max(...data.transactions.map((y) => y.transactionId)) + 1)!;
    expect(added).toMatchObject({ t, branchId: 2, module: data.transactions[3]!.module });
    expect(next.transactions.every((x, i, all) => i === 0 || all[i - 1]!.t <= x.t)).toBe(true);
  });

  it('writes a back-dated transaction, a customer and an order each time', () => {
    const ctx = { profile: defaultProfile, data: referenceData(42), store: new Store(defaultProfile) } as Ctx;
    const [txs, contacts, vouchers] = [ctx.data.transactions.length, ctx.store.contacts.size, ctx.store.vouchers.size];
    const r = mulberry32(1);
    writeOnce(ctx, r);
    writeOnce(ctx, r);
    expect(ctx.data.transactions.length).toBe(txs + 2);
    expect(ctx.store.contacts.size).toBe(contacts + 2);
    expect(ctx.store.vouchers.size).toBe(vouchers + 2);
    // Its mobile numbers start with 5: never one a run generates (Indian mobile numbers start 6-9).
    expect([...ctx.store.contacts.values()].every((c) => String(c.mobNo).startsWith('5'))).toBe(true);
  });

  it('paced by requests served, writes at the same request on any machine, and no sooner', () => {
    const profile = { ...defaultProfile, otherWriter: { everyRequests: 3 } };
    const ctx = { profile, data: referenceData(42), store: new Store(profile) } as Ctx;
    const txs = ctx.data.transactions.length;
    const writer = startOtherWriter(ctx, 42);
    const after = (n: number) => {
      for (let i = 0; i < n; i++) writer.served();
      return ctx.data.transactions.length - txs;
    };
    expect([after(2), after(1), after(2), after(1)]).toEqual([0, 1, 1, 2]);
    writer.stop();
  });

  it('is the shared profile: the default vendor with a writer every 300 requests served, stopped with its server', async () => {
    expect(sharedProfile.otherWriter).toEqual({ everyRequests: 300 });
    const server = await startReference({ port: 0, profile: 'shared' });
    await server.close(); // the writer's timer is cleared: the process is not kept alive by it
  });
});
