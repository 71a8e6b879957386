// The order-status vouchers by role, in one place (config fixtures.sales). Each role's list is a
// pool: a test takes the first voucher whose actual state still allows what the role does
// (plan.ts), so a nightly run against the staging server an earlier run left still tests the
// target, and a used-up pool is a fixture problem with its fix, never a failure. Which voucher a
// role takes (made by Order Create, else from its pool) is fresh.ts's takeVoucher.
import type { VoucherRole } from '../../config/schema.ts';
import { show } from '../../contract/checks/finding.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../contract/schemas/order-status.ts';
import type { Exchange } from '../../core/types.ts';
import { atPath } from '../../core/json.ts';
import type { Harness } from '../../runtime/harness.ts';
import { defineRunState } from '../../runtime/run-state.ts';
import type { Answer, Id, PlanIo, Read, RoleSpec } from './plan.ts';
import { suiteSays } from '../../core/words/suites.ts';

export const ROLES: Record<RoleSpec['role'], RoleSpec> = {
  lifecycle: { role: 'lifecycle', paid: false, last: 'Shipped' },
  cancel: { role: 'cancel', paid: false, last: 'Cancelled' },
  deliver: { role: 'deliver', paid: true, last: 'Delivered' },
};

/** A transition tried, for the ST-2 matrix (reports/render/html/observed.ts reads this shape). */
export interface Transition {
  voucher: string;
  from: string;
  to: string;
  status: number | null;
  accepted: boolean;
}

/** A voucher Order Create made in this run: for which role, and the request that made it (evidence). */
export interface Created {
  role: string;
  salesId: Id;
  /** `POST /api/v1/sales/order-create?branch_id=1 answered HTTP 200`: the creation request, as the certificate shows it. */
  request: string;
}

/** What the tests of one run share (runtime/run-state.ts): the transitions tried, the vouchers taken and made, the no-change probe. */
export interface VoucherRun {
  transitions: Transition[];
  taken: Map<string, { salesId: Id; state: OrderStatus }>;
  created: Created[];
  noChange?: Promise<boolean | undefined>;
  /**
   * Updates in flight now, updates started so far, and the exchanges another update of this run
   * overlapped. Counted here rather than read from the exchanges' startedAt and durationMs: those
   * time the request on the wire only (not its wait in the scheduler), to the millisecond, and an
   * update still in flight has no exchange yet (sendAlone waits until none is).
   */
  flight: { now: number; started: number; overlapped: WeakSet<Exchange> };
  /** Vouchers of the parallel pool a test of parallel.test.ts took: the other passes them over. */
  claimed: Set<string>;
}

/** The vouchers of this run (one suite worker may serve several runs of the self-test: each has its own). */
export const runState = defineRunState('vouchers', (): VoucherRun => ({
  transitions: [],
  taken: new Map(),
  created: [],
  flight: { now: 0, started: 0, overlapped: new WeakSet() },
  claimed: new Set(),
}));

export function writesForbidden(h: Harness): boolean {
  return h.config.writes === false;
}

export function pool(h: Harness, role: VoucherRole): readonly Id[] {
  return h.config.fixtures.sales[role] ?? [];
}

/** Vouchers that only receive requests a conforming target refuses: they stay Pending. */
export function refusalVouchers(h: Harness): readonly Id[] {
  return pool(h, 'refusals');
}

/**
 * An order status update (4.1), or another write section 4 details (4.2's contactSave), the target
 * took: a 2xx. Their refusals are "a validation error (status 400)"; a 2xx whose envelope says
 * `status: false` is ENV-2's to judge, and whether it wrote is read back where it matters. (An
 * index operation's is `acceptedBy`, config/answer-shape.ts: its config may name a 2xx refusal.)
 */
export const statusAccepted = (ex: Exchange) => ex.response !== undefined && ex.response.status >= 200 && ex.response.status < 300;

/** A usable answer: sent, answered, and not still rate limited. */
export function answered(ex: Exchange): boolean {
  return !ex.notSent && ex.response !== undefined && ex.response.status !== 429;
}

/** Text a server sent, for a reason a user reads: control and format characters (bidi overrides) blanked, cut short. */
export function printable(text: string, max = 80): string {
  const t = text
    .slice(0, max * 4)
    .replace(/\p{C}+/gu, ' ')
    .trim();
  return t.length > max ? `${t.slice(0, max - 3)}...` : t;
}

/** `HTTP 400 "Cannot move order from Shipped to Confirmed"`: the server's message, short and printable. */
export function said(ex: Exchange): string {
  if (ex.notSent) return `not sent (${ex.notSent.message})`;
  if (!ex.response) return `no answer (${ex.failure?.kind ?? 'unknown'}: ${ex.failure?.message ?? ''})`;
  const j = ex.json as { message?: unknown } | undefined;
  const text = printable(typeof j?.message === 'string' ? j.message : ex.response.body);
  return `HTTP ${ex.response.status}${text ? ` ${JSON.stringify(text)}` : ''}`;
}

/** An update sent by a test: what it moved, from what (null: not known), and the exchange. */
export interface Sent {
  salesId: Id;
  from: OrderStatus | null;
  to: OrderStatus;
  ex: Exchange;
}

/** Another update of this run was in flight while this one was (an update lost then is OS-7's to judge, not OS-9's). */
export function overlappedAnother(h: Harness, ex: Exchange): boolean {
  return runState(h).flight.overlapped.has(ex);
}

/** Sends `to`, and records the transition when the state it starts from is known. */
export async function sendStatus(h: Harness, label: string, salesId: Id, from: OrderStatus | null, to: OrderStatus): Promise<Exchange> {
  const flight = runState(h).flight;
  const [alongside, mine] = [flight.now++, ++flight.started];
  const ex = await h.client.updateOrderStatus({ salesId, branchId: h.config.fixtures.branchId, body: { orderStatus: to } }).finally(() => flight.now--);
  if (alongside > 0 || flight.started !== mine) flight.overlapped.add(ex);
  if (from !== null && answered(ex))
    runState(h).transitions.push({ voucher: `${label} ${salesId}`, from, to, status: ex.response!.status, accepted: statusAccepted(ex) });
  return ex;
}

/** Sends `to` when no other update is in flight (a few tries): an answer no other update can have interfered with. */
export async function sendAlone(h: Harness, label: string, salesId: Id, from: OrderStatus, to: OrderStatus): Promise<Exchange> {
  const flight = runState(h).flight;
  let ex: Exchange | undefined;
  for (let tries = 0; tries < 3; tries++) {
    for (let waited = 0; flight.now > 0 && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    ex = await sendStatus(h, label, salesId, from, to);
    if (!overlappedAnother(h, ex)) break;
  }
  return ex!;
}

/** Reads a voucher through readBack.orderStatus (a GET path the config gives; not in the spec). */
export async function readVoucher(h: Harness, salesId: Id): Promise<Read> {
  const rb = h.config.readBack?.orderStatus;
  if (!rb) return { ok: false, why: suiteSays('osReadBackOff') };
  const path = rb.path
    .replaceAll('{salesId}', encodeURIComponent(String(salesId)))
    .replaceAll('{branchId}', encodeURIComponent(String(h.config.fixtures.branchId)));
  const ex = await h.client.raw({ method: 'GET', path, quota: 'orderStatusRead' });
  if (ex.response?.status !== 200) return { ok: false, why: suiteSays('osReadBackAnswered', { path, said: said(ex) }) };
  const value = atPath(ex.json, rb.orderStatus);
  // The read path is the vendor's own: its spelling of a status is compared without regard to case.
  const status = typeof value === 'string' ? ORDER_STATUSES.find((s) => s.toLowerCase() === value.trim().toLowerCase()) : undefined;
  if (!status)
    return {
      ok: false,
      why: suiteSays('osReadBackNoStatus', { field: rb.orderStatus, value: printable(typeof value === 'bigint' ? String(value) : show(value, 60)) }),
    };
  const paid =
    String(atPath(ex.json, rb.paymentStatus) ?? '')
      .trim()
      .toLowerCase() === rb.paidValue.toLowerCase();
  return { ok: true, orderStatus: status, paid };
}

/**
 * Does the target accept Pending on a voucher that is Pending? Asked once per run, of the first
 * refusals voucher (Pending, and never changed by a conforming target: the answer changes nothing).
 */
function acceptsNoChange(h: Harness, sent: Sent[]): Promise<boolean | undefined> {
  const state = runState(h);
  state.noChange ??= (async () => {
    const salesId = refusalVouchers(h)[0]!;
    const ex = await sendStatus(h, 'refusals', salesId, 'Pending', 'Pending');
    sent.push({ salesId, from: 'Pending', to: 'Pending', ex });
    return answered(ex) ? statusAccepted(ex) : undefined;
  })();
  return state.noChange;
}

/** The requests of planning go through the test's harness; `sent` lists them for its checks. */
export function planIo(h: Harness, role: string, sent: Sent[]): PlanIo {
  const answer = (ex: Exchange): Answer => ({ answered: answered(ex), accepted: statusAccepted(ex), said: said(ex) });
  return {
    ...(h.config.readBack?.orderStatus ? { read: (salesId: Id) => readVoucher(h, salesId) } : {}),
    set: async (salesId, from, to) => {
      const ex = await sendStatus(h, role, salesId, from, to);
      sent.push({ salesId, from, to, ex });
      return answer(ex);
    },
    acceptsNoChange: () => acceptsNoChange(h, sent),
  };
}
