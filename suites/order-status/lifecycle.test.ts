// 3 States and transitions, 4.1 rule 3: the accepted values on vouchers whose state allows them,
// Delivered against the payment status, and the transition matrix the target enforces (INFO).
// Tests run in order and change the fixture vouchers: sales.unpaid[0] walks the lifecycle,
// sales.unpaid[1] is cancelled, sales.paid[0] is walked and delivered.
import { orderStatusUpdated } from '../../contract/checks/order-status.ts';
import type { Exchange } from '../../contract/types.ts';
import { verifies, type Harness } from '../support/harness.ts';
import { fixtureVouchers, writesForbidden } from './vouchers.ts';

interface Transition {
  voucher: string;
  from: string;
  to: string;
  status: number | null;
}
const observed: Transition[] = [];

/** Sets a status and records the transition it attempted. */
async function setStatus(h: Harness, kind: string, salesId: number | bigint, from: string, to: string): Promise<Exchange> {
  const ex = await h.client.updateOrderStatus({ salesId, branchId: h.config.fixtures.branchId, body: { orderStatus: to } });
  observed.push({ voucher: kind, from, to, status: ex.response?.status ?? null });
  return ex;
}

/** 3: the lifecycle "confirmed, processed, shipped", each accepted when the state allows it. */
async function walk(h: Harness, kind: string, salesId: number | bigint): Promise<boolean> {
  const noop = await setStatus(h, kind, salesId, 'Pending', 'Pending');
  // "As applicable": a vendor may refuse Pending -> Pending as no change; that is observed, not failed.
  if (noop.response?.status === 200) h.check(noop, orderStatusUpdated, undefined);
  else h.observe(`${kind}: Pending -> Pending`, noop.response?.status ?? noop.failure?.kind);
  let from = 'Pending';
  for (const to of ['Confirmed', 'Processing', 'Shipped']) {
    const ex = await setStatus(h, kind, salesId, from, to);
    if (h.check(ex, orderStatusUpdated, undefined, { requirementId: ex.response?.status === 200 ? 'OS-5' : 'ST-1' }).length > 0) return false;
    from = to;
  }
  return true;
}

verifies(['ST-1', 'OS-5'], 'An unpaid voucher accepts Pending, Confirmed, Processing and Shipped in lifecycle order', async (h, t) => {
  if (writesForbidden(h)) h.skip('writes: false forbids changing order statuses', t);
  await walk(h, 'unpaid', fixtureVouchers(h).walk);
}, { sequential: true });

verifies(['ST-1', 'OS-3', 'OS-5'], 'A paid voucher accepts the same lifecycle and then Delivered', async (h, t) => {
  if (writesForbidden(h)) h.skip('writes: false forbids changing order statuses', t);
  const salesId = h.config.fixtures.sales.deliver[0]!;
  if (!(await walk(h, 'paid', salesId))) return;
  const ex = await setStatus(h, 'paid', salesId, 'Shipped', 'Delivered');
  // 4.1 rule 3: Delivered requires the voucher's payment status to be paid (here it is).
  h.check(ex, orderStatusUpdated, undefined, { requirementId: ex.response?.status === 200 ? 'OS-5' : 'OS-3' });
}, { sequential: true });

verifies(['ST-1', 'OS-5'], 'Cancelled is accepted on a fresh unpaid voucher', async (h, t) => {
  if (writesForbidden(h)) h.skip('writes: false forbids changing order statuses', t);
  const ex = await setStatus(h, 'unpaid', fixtureVouchers(h).cancel, 'Pending', 'Cancelled');
  h.check(ex, orderStatusUpdated, undefined, { requirementId: ex.response?.status === 200 ? 'OS-5' : 'ST-1' });
}, { sequential: true });

verifies(['OS-3'], 'Delivered is refused with 400 on every unpaid voucher, with or without a reason', async (h, t) => {
  if (writesForbidden(h)) h.skip('writes: false forbids changing order statuses', t);
  for (const salesId of h.config.fixtures.sales.refusals) {
    for (const body of [{ orderStatus: 'Delivered' }, { orderStatus: 'Delivered', reason: 1 }]) {
      const ex = await h.client.updateOrderStatus({ salesId, branchId: h.config.fixtures.branchId, body });
      h.expectStatus(ex, 400, 'OS-3', `Delivered on unpaid voucher ${salesId}`);
    }
  }
}, { sequential: true });

verifies(['ST-2'], 'The transitions the target accepts after Shipped, Delivered and Cancelled are recorded', async (h, t) => {
  if (writesForbidden(h)) h.skip('writes: false forbids changing order statuses', t);
  const v = fixtureVouchers(h);
  // "Transitions: not shown": a vendor may refuse any of these; only what it does is recorded.
  const probes: [string, number | bigint, string, string][] = [
    ['paid', h.config.fixtures.sales.deliver[0]!, 'Delivered', 'Shipped'],
    ['unpaid', v.cancel, 'Cancelled', 'Confirmed'],
    ['unpaid', v.walk, 'Shipped', 'Confirmed'],
    ['unpaid', v.walk, 'Confirmed', 'Pending'],
  ];
  for (const [kind, salesId, from, to] of probes) {
    const before = observed.find((o) => o.voucher === kind && o.to === from && o.status === 200);
    if (before) await setStatus(h, kind, salesId, from, to);
  }
  h.observe('transitions', observed.map((o) => ({ ...o, accepted: o.status === 200 })));
}, { sequential: true });
