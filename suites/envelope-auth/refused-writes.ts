// AUTH-11, 5 rule 2: "A request without a valid token is rejected with HTTP 403": a rejected
// write is not carried out. Each write the config gives is sent without a valid token, and what it
// would have changed is read back where a read is configured (the reads per write:
// refusedWritesChangeNothing). Only a refusal for the token (401/403) is judged: an accepted write
// is AUTH-1/AUTH-2/IX-1/IX-2's.
import type { TestContext } from 'vitest';
import fc from 'fast-check';
import { fixtureValues, operationRequest, sendOperation } from '../../client/index-operation.ts';
import { anyContactId, showExact } from '../../contract/checks/customer.ts';
import { describeResponse } from '../../contract/checks/finding.ts';
import { uniquenessRefusal } from '../../contract/checks/uniqueness.ts';
import { acceptedBy } from '../../config/answer-shape.ts';
import { atPath } from '../../core/json.ts';
import type { Exchange, TokenKind, TokenVariant } from '../../core/types.ts';
import { customer } from '../../generators/customer.ts';
import type { Harness } from '../../runtime/harness.ts';
import { customerConstraints } from '../customer/constraints.ts';
import { contactsHolding } from '../customer/mobile-lookup.ts';
import { configured, notServed, send, withValues } from '../index-operations/configured.ts';
import { orderCreate } from '../order-status/fresh.ts';
import { runState, said, statusAccepted } from '../order-status/vouchers.ts';
import { refusedForToken, voucherWrites, WITHOUT_TOKEN, type Part } from './refused-voucher-writes.ts';
import { voucherDataRefused } from './refused-voucher-data.ts';

const ID = 'AUTH-11';
type Token = TokenKind | TokenVariant;

type Id = number | bigint;
const asId = (id: bigint): Id => (id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : id);

/** An id as an answer holds it: a JSON integer or a string of digits; undefined otherwise. */
function numericId(v: unknown): bigint | undefined {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^\d{1,40}$/.test(v)) return BigInt(v);
  return undefined;
}

/** How many ids between two accepted creations are read at most (the run's other creations land there too). */
const MAX_BETWEEN = 24;

/**
 * Order Create sent without a valid token between two accepted creations, all in the fixtures'
 * other branch (otherBranchId), where no other test of the run creates: an id between the two
 * that reads as a voucher of that branch was made by a refused creation. The run's other
 * creations (in branchId) take ids between them too, so each id is read in the other branch,
 * and a control read first shows that the read refuses a voucher of another branch.
 */
async function orderCreateRefused(h: Harness): Promise<Part> {
  const create = orderCreate(h);
  if (!create) return { judged: 0, noRead: true, why: 'operations["order-create"] is not configured' };
  const byId = configured(h).list.find((c) => c.name === 'get-sales-data-by-id');
  const rb = h.config.readBack?.orderStatus;
  if (!rb && !byId)
    return {
      judged: 0,
      noRead: true,
      why: 'Order Create: neither readBack.orderStatus nor operations["get-sales-data-by-id"] is configured to read a voucher by id',
    };
  const f = h.config.fixtures;
  const other = f.otherBranchId;
  // get-sales-data-by-id first: readBack's quota is often the tightest of a run.
  const read = async (id: Id, branchId: Id): Promise<Exchange> => {
    if (!byId) {
      const path = rb!.path.replaceAll('{salesId}', encodeURIComponent(String(id))).replaceAll('{branchId}', encodeURIComponent(String(branchId)));
      return h.client.raw({ method: 'GET', path, quota: 'orderStatusRead' });
    }
    return send(h, withValues(h, byId, { salesId: id, branchId }));
  };
  // The read must tell branches apart: a voucher of branchId read in the other branch is refused.
  const control = await read(f.sales.refusals[f.sales.refusals.length - 1]!, other);
  if (control.response?.status === 200)
    return {
      judged: 0,
      why: `Order Create: the voucher read answers a voucher of branch ${f.branchId} asked in branch ${other} (${describeResponse(control)}): it cannot tell whose creation an id is`,
    };
  const request = operationRequest(create, { ...fixtureValues(h.config), branchId: other });
  const at = create.created ?? 'response.salesId';
  const make = (t: Token = 'valid') => sendOperation(h.client, request, t);
  // Order Create is an index operation: its config may name a 2xx refusal shape.
  const took = (ex: Exchange) => acceptedBy(create, ex.response?.status, ex.json);
  const idOf = (ex: Exchange) => (took(ex) ? numericId(atPath(ex.json, at)) : undefined);
  /** One bracket: an accepted creation, the refused ones, another accepted one, the ids between read in the other branch. */
  const bracket = async (): Promise<Part | { refused: Exchange[]; ai: bigint; bi: bigint; found: Array<{ id: bigint; ex: Exchange }> }> => {
    const a = await make();
    const refused: Exchange[] = [];
    for (const t of WITHOUT_TOKEN) refused.push(await make(t));
    const b = await make();
    const [ai, bi] = [idOf(a), idOf(b)];
    if (ai === undefined || bi === undefined)
      return { judged: 0, why: `Order Create in branch ${other} with the valid token gave no id at ${at} (${describeResponse(ai === undefined ? a : b)})` };
    for (const [ex, id] of [[a, ai] as const, [b, bi] as const])
      runState(h).created.push({ role: 'auth', salesId: asId(id), request: `${ex.request.method} ${new URL(ex.request.url).pathname} (branch ${other})` });
    if (refused.some(took)) return { judged: 0, why: 'Order Create without a valid token was accepted (IX-1, IX-2 judge it)' };
    if (!refused.every(refusedForToken))
      return { judged: 0, why: `Order Create without a valid token was answered ${refused.map(describeResponse).join(', ')}, not 401/403` };
    if (bi <= ai || bi - ai - 1n > BigInt(MAX_BETWEEN))
      return {
        judged: 0,
        why: `Order Create: vouchers ${ai} and ${bi}, made before and after the refused ones, are not numbered in order closely enough to read the ids between`,
      };
    const found: Array<{ id: bigint; ex: Exchange }> = [];
    for (let id = ai + 1n; id < bi; id++) {
      const ex = await read(asId(id), other);
      if (ex.response?.status === 200) found.push({ id, ex });
    }
    return { refused, ai, bi, found };
  };
  const first = await bracket();
  if ('judged' in first) return first;
  h.note(ID, first.refused.length, 'auth.refused-order-create-makes-nothing');
  if (first.found.length === 0) return { judged: first.refused.length };
  // Another writer may have made a voucher in that branch meanwhile: a vendor that writes refused creations does it again.
  const again = await bracket();
  if ('judged' in again)
    return {
      judged: 0,
      why: `Order Create: a voucher appeared between the refused creations, and the second try could not judge: ${'why' in again ? again.why : ''}`,
    };
  if (again.found.length === 0)
    return {
      judged: 0,
      why: `Order Create: voucher ${first.found[0]!.id} of branch ${other} appeared between the refused creations once, not when they were sent again (another writer?)`,
    };
  const { refused, ai, bi, found } = again;
  h.fail(
    ID,
    'An Order Create refused for its token made a voucher',
    `Order Create in branch ${other} answered ${refused.map((r) => `#${r.seq} ${said(r)}`).join(', ')} without a valid token; voucher(s) ${found.map((x) => x.id).join(', ')} of branch ${other}, between ${ai} and ${bi} made just before and after with the valid token, read back (as in a first try: ${first.found.map((x) => x.id).join(', ')})`,
    `no voucher of branch ${other} between ${ai} and ${bi}: the refused creations made nothing`,
    found[0]!.ex,
  );
  return { judged: refused.length };
}

/** contact-save without a valid token, then the same customer with it: one contact under its mobile number. */
async function contactSaveRefused(h: Harness): Promise<Part> {
  const LOOKUP = 'get-contact-by-mobile-no';
  const lookup = configured(h).list.find((c) => c.name === LOOKUP);
  if (!lookup) return { judged: 0, noRead: true, why: `contact-save: operations.${LOOKUP} is not configured to find a customer by its mobile number` };
  const branchId = h.config.fixtures.branchId;
  const [body] = fc.sample(customer({ ...customerConstraints(h, { min: 1, max: 1 }), empties: false }), { seed: h.ctx.seed + 151, numRuns: 1 });
  const refused: Exchange[] = [];
  for (const t of WITHOUT_TOKEN)
    refused.push(await h.client.createCustomer({ branchId, body: body!, ...(typeof t === 'string' ? { token: t } : { variant: t }) }));
  if (refused.some(statusAccepted)) return { judged: 0, why: 'contact-save without a valid token was accepted (AUTH-1, AUTH-2, AUTH-6 judge it)' };
  if (!refused.some(refusedForToken))
    return { judged: 0, why: `contact-save without a valid token was answered ${refused.map(describeResponse).join(', ')}, not 401/403` };
  const created = await h.client.createCustomer({ branchId, body: body! });
  h.note(ID, refused.length, 'auth.refused-contact-save-saves-nothing');
  const refusals = refused.map((r) => `#${r.seq} ${said(r)}`).join(', ');
  if (uniquenessRefusal(created) !== undefined) {
    h.fail(
      ID,
      'A customer refused for its token was saved: the same customer, sent with the valid token next, is refused as taken',
      describeResponse(created),
      'HTTP 200',
      created,
    );
    return { judged: refused.length };
  }
  const contactId = anyContactId(created);
  if (contactId === undefined) return { judged: 0, why: `contact-save with the valid token was answered ${describeResponse(created)} (CU-1 judges creation)` };
  const found = await send(h, withValues(h, lookup, { mobNo: body!.mobNo }));
  const why = notServed(LOOKUP, found);
  if (why) return { judged: 0, why };
  const holding = contactsHolding(found.json, body!.mobNo);
  if (holding.length === 0) return { judged: 0, why: `${LOOKUP} lists no contact with the mobile number of contactId ${String(contactId)}, just created` };
  if (holding.length > 1 || (holding[0] !== '?' && holding[0] !== String(contactId)))
    h.fail(
      ID,
      'A customer refused for its token was saved: its mobile number is found under more contacts than were created',
      `${LOOKUP} lists ${holding.length} contact(s) with mobNo ${body!.mobNo}: ${showExact(holding)} (refused without a valid token: ${refusals})`,
      `contactId ${String(contactId)} only (the creation with the valid token)`,
      found,
    );
  return { judged: refused.length };
}

// What each write's refusal is read back with:
//  - the order status update and Update Payment Status: the voucher through readBack.orderStatus;
//  - the voucher's other writes (Update Due Date, Update Shipping Detail): a fresh voucher read
//    whole through get-sales-data-by-id (refused-voucher-data.ts);
//  - Order Create, whose refusal names no voucher: the ids between two accepted creations made just
//    before and after the refused ones, all in the other branch, read there through
//    readBack.orderStatus or get-sales-data-by-id;
//  - contact-save: Get Contact By Mobile No lists the refused customer's mobile number once, under
//    the contact the same customer made with the valid token.
/** Every part; not run when no read is configured for any write, inconclusive when none could judge. */
export async function refusedWritesChangeNothing(h: Harness, t: TestContext): Promise<void> {
  const parts = await Promise.all([orderCreateRefused(h), voucherWrites(h), voucherDataRefused(h), contactSaveRefused(h)]);
  const whys = parts.flatMap((p) => ('why' in p ? [p] : []));
  if (whys.length === parts.length && whys.every((p) => p.noRead))
    h.skip(`no read shows what a refused write changed: ${whys.map((p) => p.why).join('; ')}`, t);
  // Each part named in the record: one the config allows that judged nothing leaves AUTH-11 inconclusive.
  parts.forEach((p, i) => h.part(ID, PART_NAMES[i]!, 'why' in p ? { judged: 0, why: p.why, outOfScope: p.noRead } : { judged: p.judged }));
}

/** AUTH-11's parts, in the order refusedWritesChangeNothing runs them. */
export const PART_NAMES = ['Order Create', 'order status update and Update Payment Status', 'Update Due Date, Update Shipping Detail', 'contact-save'];
