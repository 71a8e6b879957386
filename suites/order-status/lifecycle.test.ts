// 3 States and transitions, 4.1 rule 3: the accepted values on vouchers whose state allows it,
// Delivered against the payment status, and the transition matrix the target enforces (INFO).
// Each test takes a voucher Order Create makes in this run (fresh.ts), else the first usable one of
// its pool (vouchers.ts), from its actual state, so a run after a run gives the same verdict. The
// three walks use vouchers of their own and go side by side; the refusals and the transitions that
// follow them run after them, in order, on the vouchers the walks left.
import { acceptedIsStored, orderStatusAccepted, orderStatusUpdated } from '../../contract/checks/order-status.ts';
import type { OrderStatus } from '../../contract/schemas/order-status.ts';
import type { Exchange } from '../../core/types.ts';
import type { Harness } from '../../runtime/harness.ts';
import { suiteSays } from '../../core/words/suites.ts';
import { verifies } from '../../runtime/verifies.ts';
import type { Plan, RoleSpec } from './plan.ts';
import {
  answered,
  overlappedAnother,
  readVoucher,
  refusalVouchers,
  sendAlone,
  ROLES,
  runState,
  said,
  sendStatus,
  statusAccepted,
  writesForbidden,
  type Sent,
} from './vouchers.ts';
import { takeVoucher } from './fresh.ts';
import { readingAroundAlone } from './refusal-state.ts';
import { withSequence } from './voucher-trail.ts';
import { harChecked } from '../../runtime/har-log.ts';

type Taken = Extract<Plan, { kind: 'taken' }>;

/**
 * The updates sent while choosing a voucher: refusals are not judged (3: "as applicable"); an
 * accepted one is a 4.1 success (OS-5), and one that changed the status is ST-1 evidence.
 */
async function judgePlanning(h: Harness, sent: Sent[]) {
  for (const s of sent) {
    if (!statusAccepted(s.ex)) continue;
    h.check(s.ex, orderStatusUpdated, undefined);
    const changed = s.from === null ? s.to !== 'Pending' : s.from !== s.to;
    if (changed) h.check(s.ex, orderStatusAccepted, { salesId: String(s.salesId), from: s.from ?? 'not read', to: s.to });
    // A step of the walk taken while planning (a fresh voucher's first update, from the state it read): stored too (OS-9).
    if (changed && s.from !== null && s.to !== 'Pending') await storedAsAnswered(h, s.salesId, s.from, s.to, s.ex);
  }
}

/** The role's voucher, or undefined when its pool has none left (then its requirements are inconclusive, with the fix). */
async function take(h: Harness, spec: RoleSpec, ids: string[]): Promise<Taken | undefined> {
  const sent: Sent[] = [];
  const plan = await takeVoucher(h, spec, sent);
  await judgePlanning(h, sent);
  if (plan.kind === 'taken') return plan;
  h.inconclusive(ids, plan.reason);
  return undefined;
}

/**
 * Sends the plan's steps in order from the voucher's known state. A refusal fails the requirement
 * of the step, unless the voucher is read to be in another state than the run left it (another
 * run moving the same voucher is no fault of the target).
 */
async function walk(h: Harness, spec: RoleSpec, v: Taken, ids: string[], requirementOf: (to: OrderStatus) => string): Promise<boolean> {
  let state = v.state;
  const params = (to: OrderStatus) => ({ salesId: String(v.salesId), from: state, to });
  for (const to of v.steps) {
    const ex = await sendStatus(h, spec.role, v.salesId, state, to);
    if (!answered(ex)) {
      h.inconclusive(ids, suiteSays('osNoUsableAnswer', { salesId: v.salesId, to, said: said(ex) }));
      return false;
    }
    if (statusAccepted(ex)) {
      h.check(ex, orderStatusAccepted, params(to), { requirementId: requirementOf(to) });
      h.check(ex, orderStatusUpdated, undefined);
      await storedAsAnswered(h, v.salesId, state, to, ex);
      state = to;
      runState(h).taken.set(spec.role, { salesId: v.salesId, state });
      continue;
    }
    const now = h.config.readBack?.orderStatus ? await readVoucher(h, v.salesId) : undefined;
    if (now?.ok && now.orderStatus !== state) {
      h.inconclusive(ids, suiteSays('osChangedUnderTheRun', { salesId: v.salesId, role: spec.role, state, now: now.orderStatus }));
      return false;
    }
    if (to === 'Delivered' && v.paidUnread) {
      // Made paid in this run by Update Payment Status, not read paid: whether it is paid is not known.
      h.inconclusive(ids, suiteSays('osPaidUnread', { salesId: v.salesId, said: said(ex) }));
      return false;
    }
    // Refused: the finding carries the voucher's writes from its creation (or first request) on, to run in order.
    const refused = harChecked(h, ex, orderStatusAccepted(ex, params(to), { requirementId: requirementOf(to) }));
    h.add({ ...refused, findings: withSequence(h, refused.findings, v.salesId) });
    return false;
  }
  return true;
}

/**
 * OS-9, an acceptance that does not write: with readBack.orderStatus, the voucher is read after
 * each accepted step. Still in the state before the step: the 200 stored nothing. Another state
 * than either: someone else moved it (inconclusive, as for a refusal).
 */
async function storedAsAnswered(h: Harness, salesId: number | bigint, from: OrderStatus, to: OrderStatus, first: Exchange): Promise<void> {
  if (!h.config.readBack?.orderStatus || from === to) return;
  let ex = first;
  let now = await readVoucher(h, salesId);
  if (now.ok && now.orderStatus === from && overlappedAnother(h, ex)) {
    // Another update was in flight: a lost update is OS-7's. The same update again, alone if it can
    // be (a busy run may never leave it alone: OS-9 is a SHOULD, so a second accepted update of the
    // voucher this test owns that is not stored either is judged, whatever else was in flight).
    ex = await sendAlone(h, 'lifecycle', salesId, from, to);
    if (!statusAccepted(ex)) return h.inconclusive('OS-9', suiteSays('os9NotAlone', { salesId, from, to, said: said(ex) }));
    now = await readVoucher(h, salesId);
    if (now.ok && now.orderStatus === to) return h.inconclusive('OS-9', suiteSays('os9StoredAlone', { salesId, from, to }));
  }
  if (!now.ok) return h.inconclusive('OS-9', suiteSays('os9Unread', { salesId, to, why: now.why }));
  if (now.orderStatus === to) return void h.note('OS-9', 1, 'order-status.accepted-is-stored');
  if (now.orderStatus !== from) return h.inconclusive('OS-9', suiteSays('os9OtherState', { salesId, now: now.orderStatus, from, to }));
  h.note('OS-9', 1, 'order-status.accepted-is-stored');
  // Its finding carries the voucher's writes from its creation on: run in order, then read the voucher.
  h.add(withSequence(h, acceptedIsStored({ salesId: String(salesId), from, to, now: now.orderStatus, said: said(ex) }, ex), salesId));
}

const ST1 = () => 'ST-1';

verifies(
  'lifecycle/ST-1+OS-5+OS-9/unpaid',
  ['ST-1', 'OS-5', 'OS-9'],
  'An unpaid voucher accepts Confirmed, Processing and Shipped in lifecycle order, each stored',
  async (h, t) => {
    if (writesForbidden(h)) h.skip(suiteSays('osNoWritesStatuses'), t);
    const ids = ['ST-1', 'OS-5'];
    const v = await take(h, ROLES.lifecycle, ids);
    if (v) await walk(h, ROLES.lifecycle, v, ids, ST1);
  },
);

verifies(
  'lifecycle/ST-1+OS-3+OS-5+OS-9',
  ['ST-1', 'OS-3', 'OS-5', 'OS-9'],
  'A paid voucher accepts the lifecycle to Shipped, and then Delivered, each stored',
  async (h, t) => {
    if (writesForbidden(h)) h.skip(suiteSays('osNoWritesStatuses'), t);
    // 4.1 rule 3: Delivered requires the voucher's payment status to be paid (here it is). A
    // forward-only target may refuse Delivered on a voucher not yet shipped: it is sent after Shipped.
    const ids = ['ST-1', 'OS-3', 'OS-5'];
    const v = await take(h, ROLES.deliver, ids);
    if (v) await walk(h, ROLES.deliver, v, ids, (to) => (to === 'Delivered' ? 'OS-3' : 'ST-1'));
  },
);

verifies('lifecycle/ST-1+OS-5+OS-9/cancelled', ['ST-1', 'OS-5', 'OS-9'], 'Cancelled is accepted on a Pending unpaid voucher, and stored', async (h, t) => {
  if (writesForbidden(h)) h.skip(suiteSays('osNoWritesStatuses'), t);
  const ids = ['ST-1', 'OS-5'];
  const v = await take(h, ROLES.cancel, ids);
  if (v) await walk(h, ROLES.cancel, v, ids, ST1);
});

verifies(
  'lifecycle/OS-3+OS-8',
  ['OS-3', 'OS-8'],
  'Delivered is refused with 400 on every unpaid voucher, with or without a reason, whatever its state, and changes nothing',
  async (h, t) => {
    if (writesForbidden(h)) h.skip(suiteSays('osNoWritesStatuses'), t);
    // 4.1 rule 3 holds in every state and for every payment status but paid: every refusals voucher
    // (Pending, unpaid or partially paid, never changed by a conforming target) and the voucher the
    // lifecycle walk left, whatever its state. A refused Delivered changes nothing: one request and one read each.
    // Each refusals voucher takes one Delivered, with and without a reason in turn; the walked voucher both.
    const bodies = [{ orderStatus: 'Delivered' }, { orderStatus: 'Delivered', reason: 1 }] as const;
    const targets: { salesId: number | bigint; state: string; bodies: readonly (typeof bodies)[number][] }[] = refusalVouchers(h).map((salesId, i) => ({
      salesId,
      state: 'Pending',
      bodies: [bodies[i % 2]!],
    }));
    const walked = runState(h).taken.get('lifecycle');
    if (walked) targets.push({ salesId: walked.salesId, state: walked.state, bodies });
    const reads = h.config.readBack?.orderStatus !== undefined;
    // The vouchers side by side, each held alone from its read before to its read after; the two
    // requests to one voucher in order, each refused one read back (4.1 rule 2; OS-8: it changes nothing).
    const around = await h.parallel(targets, async ({ salesId, state, bodies }) => {
      let asked = 0;
      const out = await readingAroundAlone(
        h,
        [salesId],
        () =>
          bodies.map((body) => ({
            to: 'Delivered',
            invalid: `voucher ${salesId} is not paid (4.1 rule 3)`,
            send: async () => {
              const ex = await h.client.updateOrderStatus({ salesId, branchId: h.config.fixtures.branchId, body });
              asked++;
              h.expectStatus(ex, 400, 'OS-3', `Delivered on unpaid voucher ${salesId} (${state})`);
              if (walked?.salesId === salesId && statusAccepted(ex)) walked.state = 'Delivered';
              return ex;
            },
          })),
        'send',
      );
      const part = `voucher ${salesId} (${state})`;
      h.part('OS-3', part, asked > 0 ? { judged: asked } : { judged: 0, why: out.why ?? suiteSays('osDeliveredNotSent') });
      if (reads) h.part('OS-8', part, out.judged > 0 ? { judged: out.judged } : { judged: 0, why: out.why ?? suiteSays('osNoDeliveredRefused') });
      return out;
    });
    if (!reads) return h.outOfScope('OS-8', suiteSays('osRefusedDeliveredUnread'));
    const judged = around.reduce((n, a) => n + a.judged, 0);
    h.add(around.flatMap((a) => a.findings));
    if (judged > 0) h.note('OS-8', judged, 'order-status.refused-delivered-reads-as-before');
    else h.inconclusive('OS-8', suiteSays('osNoUnpaidDeliveredRefused'));
  },
  { sequential: true },
);

verifies(
  'lifecycle/ST-2',
  ['ST-2'],
  'The transitions the target accepts, back to Pending and after Shipped, Delivered and Cancelled, are recorded',
  async (h, t) => {
    if (writesForbidden(h)) h.skip(suiteSays('osNoWritesStatuses'), t);
    const state = runState(h);
    // "Transitions: not shown": a vendor may refuse any of these; only what it does is recorded.
    const probes: [RoleSpec['role'], OrderStatus, OrderStatus][] = [
      ['deliver', 'Delivered', 'Shipped'],
      ['cancel', 'Cancelled', 'Confirmed'],
      ['lifecycle', 'Shipped', 'Confirmed'],
      ['lifecycle', 'Confirmed', 'Pending'],
    ];
    // Each role's voucher side by side; the probes of one voucher in order.
    const roles = [...new Set(probes.map(([role]) => role))];
    await h.parallel(roles, async (role) => {
      for (const [, from, to] of probes.filter(([r]) => r === role)) {
        const v = state.taken.get(role);
        if (v?.state !== from) continue;
        if (statusAccepted(await sendStatus(h, role, v.salesId, from, to))) v.state = to;
      }
    });
    if (state.transitions.length === 0) h.inconclusive('ST-2', state.taken.size === 0 ? suiteSays('osNoWalkThisPart') : suiteSays('osNoKnownTransition'));
    // By voucher (each voucher's transitions in the order sent): the walks went side by side.
    else
      h.observe(
        'transitions',
        [...state.transitions].sort((a, b) => (a.voucher < b.voucher ? -1 : a.voucher > b.voucher ? 1 : 0)),
      );
  },
  { sequential: true },
);
