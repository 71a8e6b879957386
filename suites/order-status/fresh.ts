// Fresh vouchers per run, from Order Create and Update Payment Status of the index the config
// describes: a nightly run needs no voucher pools that run dry, and touches no voucher another run
// uses. The deliver walk's voucher is made paid (spec 3; its {paymentStatus} gets
// readBack.orderStatus.paidValue, else "paid"). Each creation carries the run's marker
// (runtime/marker.ts) and is recorded in the run object and the certificate. Without Order Create
// (or with writes false) the pools of fixtures.sales are used: takeVoucher chooses (vouchers.ts knows nothing of Order Create: the two do not import each other).
import { fixtureValues, operationRequest, sendOperation, withBodyText } from '../../client/index-operation.ts';
import { acceptedBy, answerAt, refusalText, refusedByShape } from '../../config/answer-shape.ts';
import type { OperationConfig } from '../../config/operations.ts';
import type { Exchange } from '../../core/types.ts';
import type { Harness } from '../../runtime/harness.ts';
import { requestMarker } from '../../runtime/marker.ts';
import type { OrderStatus } from '../../contract/schemas/order-status.ts';
import { planVoucher, stepsFrom, type Answer, type Id, type Plan, type PlanIo, type Read, type RoleSpec } from './plan.ts';
import { planIo, pool, readVoucher, runState, said, type Sent } from './vouchers.ts';
import { suiteSays } from '../../core/words/suites.ts';

/** A success of `op`: a 2xx that is not the refusal shape its config gives (e.g. HTTP 200 with status: false). */
const ok = (op: OperationConfig, ex: Exchange) => acceptedBy(op, ex.response?.status, ex.json);

/** What `op` answered, its refusal shape named when a 2xx is one. */
const answered = (op: OperationConfig, ex: Exchange) =>
  refusedByShape(op, ex.response?.status, ex.json) ? `${said(ex)}, a refusal (${refusalText(op)})` : said(ex);

/** The configured Order Create, when the run may write; undefined: the pools are used. */
export function orderCreate(h: Harness): OperationConfig | undefined {
  return h.config.writes === false ? undefined : h.config.operations?.['order-create'];
}

/** An id as the answer holds it: a JSON integer (bigint past 2^53) or a string of digits. */
function idOf(v: unknown): Id | undefined {
  if (typeof v === 'bigint') return v > 0n ? v : undefined;
  if (typeof v === 'number') return Number.isSafeInteger(v) && v > 0 ? v : undefined;
  if (typeof v === 'string' && /^[1-9]\d{0,39}$/.test(v)) return Number.isSafeInteger(Number(v)) ? Number(v) : BigInt(v);
  return undefined;
}

/** `POST /api/v1/sales/order-create?branch_id=1 answered HTTP 200`. */
const line = (ex: Exchange) => `${ex.request.method} ${new URL(ex.request.url).pathname}${new URL(ex.request.url).search} answered ${said(ex)}`;

export type Made = { ok: true; salesId: Id; made: Exchange; request: string; paid?: Exchange } | { ok: false; why: string };

/** Makes a voucher with Order Create in the fixtures' branch (and, `paid`, sets its payment status paid). */
export async function createVoucher(h: Harness, role: string, paid: boolean): Promise<Made> {
  const create = orderCreate(h);
  if (!create) return { ok: false, why: suiteSays('osOrderCreateOff') };
  const values = fixtureValues(h.config);
  // The voucher carries a marker of its own under the run's where the config says (marker["order-create"]): one of ours, told by it.
  const field = h.config.marker?.['order-create'];
  const request = operationRequest(create, values);
  const made = await sendOperation(h.client, field ? withBodyText(request, field, requestMarker(h, 'made')) : request);
  const at = create.created ?? 'response.salesId';
  const salesId = ok(create, made) ? idOf(answerAt(made.json, at)) : undefined;
  if (salesId === undefined) return { ok: false, why: suiteSays('osOrderCreateNoId', { at, answered: answered(create, made) }) };
  const sent = line(made);
  runState(h).created.push({ role, salesId, request: sent });
  if (!paid) return { ok: true, salesId, made, request: sent };
  const pay = h.config.operations?.['update-payment-status'];
  if (!pay) return { ok: false, why: suiteSays('osMadeNoPayOperation', { salesId }) };
  if (!JSON.stringify([pay.path, pay.query ?? {}, pay.body ?? null]).includes('{paymentStatus}')) return { ok: false, why: suiteSays('osPayNoPlaceholder') };
  const paidValue = h.config.readBack?.orderStatus?.paidValue ?? 'paid';
  const payEx = await sendOperation(h.client, operationRequest(pay, values, { salesId, paymentStatus: paidValue }));
  if (!ok(pay, payEx)) return { ok: false, why: suiteSays('osMadeNotPaid', { salesId, answered: answered(pay, payEx) }) };
  return { ok: true, salesId, made, request: `${sent}, then ${line(payEx)}`, paid: payEx };
}

/**
 * The role's voucher made in this run. It must take an update before it is walked, so the walk
 * judges the target on a voucher known to be one (IX-10, where Get Sales Data By Id tells a config
 * problem apart, is OS-6's test's): Pending first (no change on a new Pending voucher); refused by
 * a target that accepts "no change", the voucher is not usable; refused as "no change", the
 * role's first step from the state it reads (or Pending) is the update. The deliver voucher is
 * read paid first when readBack.orderStatus is configured.
 */
export async function freshPlan(h: Harness, spec: RoleSpec, io: PlanIo): Promise<Plan> {
  const made = await createVoucher(h, spec.role, spec.paid);
  if (!made.ok) return { kind: 'used-up', reason: made.why, passedOver: [] };
  const { salesId, request } = made;
  const unusable = (why: string): Plan => ({ kind: 'used-up', reason: why, passedOver: [] });
  const noAnswer = (a: Answer): Plan => ({ kind: 'no-answer', reason: suiteSays('osFreshNoAnswer', { salesId, said: a.said }) });
  const taken = (state: OrderStatus, how: string, steps = stepsFrom(spec, state)): Plan => ({
    kind: 'taken',
    salesId,
    state,
    steps,
    how: `made by Order Create: ${request}; ${how}`,
    passedOver: [],
    ...(paidUnread ? { paidUnread } : {}),
  });
  let read: Read | undefined;
  let paidUnread = false;
  if (spec.paid) {
    read = io.read ? await io.read(salesId) : undefined;
    if (read?.ok && !read.paid) return unusable(suiteSays('osFreshNotPaid', { salesId, request }));
    paidUnread = !read?.ok;
  }
  const pending = await io.set(salesId, null, 'Pending');
  if (!pending.answered) return noAnswer(pending);
  if (pending.accepted) return taken('Pending', 'accepted Pending');
  if ((await io.acceptsNoChange()) === true) return unusable(suiteSays('osFreshPendingRefused', { salesId, request, said: pending.said }));
  read ??= io.read ? await io.read(salesId) : undefined;
  const state = read?.ok ? read.orderStatus : null;
  const first = stepsFrom(spec, state ?? 'Pending')[0];
  if (!first) return unusable(suiteSays('osFreshNoStep', { salesId, request, state, role: spec.role }));
  const step = await io.set(salesId, state, first);
  if (!step.answered) return noAnswer(step);
  if (step.accepted) return taken(first, `refused Pending as no change, accepted ${first}`, stepsFrom(spec, state ?? 'Pending').slice(1));
  return unusable(suiteSays('osFreshRefused', { salesId, request, first, said: step.said }));
}

/** `n` vouchers made at once for the parallel updates (OS-7); the certificate says what was made, or why not. */
export async function freshVouchers(h: Harness, n: number): Promise<Id[]> {
  const made = await h.parallel(Array.from({ length: n }), () => createVoucher(h, 'parallel', false));
  const ids = made.flatMap((m) => (m.ok ? [m.salesId] : []));
  const first = made.find((m) => m.ok) as { request: string } | undefined;
  const failed = made.find((m) => !m.ok) as { why: string } | undefined;
  const what = ids.length ? `made ${ids.join(', ')} by Order Create (${first!.request})` : '';
  h.observe('fixtures.sales.parallel', [what, failed ? `Order Create: ${failed.why}` : ''].filter(Boolean).join('; '));
  return ids;
}

/**
 * The role's voucher: one Order Create makes in this run when the config names it (fresh.ts),
 * else (or when that voucher is not usable) the first usable voucher of the role's pool. The
 * certificate says what was taken (observation "fixtures.sales.ROLE": the voucher and how it was
 * made or found, or why none was).
 */
export async function takeVoucher(h: Harness, spec: RoleSpec, sent: Sent[]): Promise<Plan> {
  let fresh: Plan | undefined;
  if (orderCreate(h)) {
    fresh = await freshPlan(h, spec, planIo(h, spec.role, sent));
    if (fresh.kind !== 'used-up' || pool(h, spec.role).length === 0) return taking(h, spec, fresh);
  }
  const plan = await planVoucher(pool(h, spec.role), spec, planIo(h, spec.role, sent));
  if (!fresh) return taking(h, spec, plan);
  // Order Create's voucher was not usable: the pool is the fallback, and the certificate says why.
  const instead = (pool: string) => suiteSays('osPoolInstead', { fresh: (fresh as { reason: string }).reason, pool });
  return taking(h, spec, plan.kind === 'taken' ? plan : { ...plan, reason: instead(plan.reason) }, instead(''));
}

function taking(h: Harness, spec: RoleSpec, plan: Plan, before = ''): Plan {
  if (plan.kind === 'taken') {
    runState(h).taken.set(spec.role, { salesId: plan.salesId, state: plan.state });
    const over = plan.passedOver.length ? `; passed over ${plan.passedOver.join(', ')}` : '';
    h.observe(`fixtures.sales.${spec.role}`, `${before}took ${plan.salesId} (${plan.how})${over}`);
  } else {
    h.observe(`fixtures.sales.${spec.role}`, plan.reason);
  }
  return plan;
}
