// AUTH-11 on Order Create (5 rule 2: a request without a valid token is rejected, so a refused
// creation makes nothing). Each creation sent without a valid token carries a marker of its own
// (runtime/marker.ts) in the body field the config names (marker["order-create"]); a voucher found
// carrying one was made by that refused request. Found where a sequentially numbering vendor puts
// it: the ids between two accepted creations made just before and after, in the fixtures' other
// branch. What lands there without such a marker (another client's order, another run of the kit's)
// is another writer's and is never judged: the ids only say where to look, the marker decides.
import { fixtureValues, operationRequest, sendOperation, withBodyText } from '../../client/index-operation.ts';
import { acceptedBy } from '../../config/answer-shape.ts';
import { describeResponse } from '../../contract/checks/finding.ts';
import { holdsMarker, madeByRefused, type MarkedRead, type MarkedRequest } from '../../contract/checks/own-writes.ts';
import { atPath } from '../../core/json.ts';
import type { Exchange } from '../../core/types.ts';
import type { Harness } from '../../runtime/harness.ts';
import { requestMarker } from '../../runtime/marker.ts';
import { configured, send, withValues } from '../index-operations/configured.ts';
import { orderCreate } from '../order-status/fresh.ts';
import { runState, said } from '../order-status/vouchers.ts';
import { refusedForToken, WITHOUT_TOKEN, type Part } from './refused-voucher-writes.ts';
import { suiteSays } from '../../core/words/suites.ts';

const ID = 'AUTH-11';
type Id = number | bigint;
const asId = (id: bigint): Id => (id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : id);

/** An id as an answer holds it: a JSON integer or a string of digits; undefined otherwise. */
function numericId(v: unknown): bigint | undefined {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^\d{1,40}$/.test(v)) return BigInt(v);
  return undefined;
}

/** How many ids between two accepted creations are read at most (every writer of the server numbers there). */
export const MAX_BETWEEN = 48;
/** Brackets tried when other writers' creations leave too many ids between ours to read. */
const TRIES = 3;

type Bracket = { refused: MarkedRequest[]; found: MarkedRead[]; between: string } | { wide: string } | Part;

export async function orderCreateRefused(h: Harness): Promise<Part> {
  const create = orderCreate(h);
  if (!create) return { judged: 0, noRead: true, why: suiteSays('envNoOrderCreate') };
  const field = h.config.marker?.['order-create'];
  const at = h.config.marker?.['get-sales-data-by-id'];
  if (!field || !at)
    return {
      judged: 0,
      noRead: true,
      why: suiteSays('envNoMarker'),
    };
  const byId = configured(h).list.find((c) => c.name === 'get-sales-data-by-id');
  const rb = h.config.readBack?.orderStatus;
  if (!rb && !byId)
    return {
      judged: 0,
      noRead: true,
      why: suiteSays('envOrderCreateNoRead'),
    };
  const other = h.config.fixtures.otherBranchId;
  // get-sales-data-by-id first: readBack's quota is often the tightest of a run.
  const read = async (id: Id): Promise<Exchange> => {
    if (!byId) {
      const path = rb!.path.replaceAll('{salesId}', encodeURIComponent(String(id))).replaceAll('{branchId}', encodeURIComponent(String(other)));
      return h.client.raw({ method: 'GET', path, quota: 'orderStatusRead' });
    }
    return send(h, withValues(h, byId, { salesId: id, branchId: other }));
  };
  const request = operationRequest(create, { ...fixtureValues(h.config), branchId: other });
  const created = create.created ?? 'response.salesId';
  const make = (marker: string, t: (typeof WITHOUT_TOKEN)[number] | 'valid' = 'valid') => sendOperation(h.client, withBodyText(request, field, marker), t);
  // Order Create is an index operation: its config may name a 2xx refusal shape.
  const took = (ex: Exchange) => acceptedBy(create, ex.response?.status, ex.json);
  const idOf = (ex: Exchange) => (took(ex) ? numericId(atPath(ex.json, created)) : undefined);

  /** An accepted creation, the refused ones (each its own marker), another accepted one; the ids between read. */
  const bracket = async (): Promise<Bracket> => {
    const mine = requestMarker(h, 'made');
    const a = await make(mine);
    const refused: MarkedRequest[] = [];
    for (const t of WITHOUT_TOKEN) {
      const marker = requestMarker(h, 'refused');
      refused.push({ marker, ex: await make(marker, t) });
    }
    const b = await make(requestMarker(h, 'made'));
    const [ai, bi] = [idOf(a), idOf(b)];
    if (ai === undefined || bi === undefined)
      return {
        judged: 0,
        why: suiteSays('envOrderCreateNoId', { other, created, answer: describeResponse(ai === undefined ? a : b) }),
      };
    for (const [ex, id] of [[a, ai] as const, [b, bi] as const])
      runState(h).created.push({ role: 'auth', salesId: asId(id), request: `${ex.request.method} ${new URL(ex.request.url).pathname} (branch ${other})` });
    const exs = refused.map((r) => r.ex);
    if (exs.some(took)) return { judged: 0, why: suiteSays('envOrderCreateAccepted') };
    if (!exs.every(refusedForToken)) return { judged: 0, why: suiteSays('envOrderCreateNotRefused', { answers: exs.map(describeResponse).join(', ') }) };
    // The read must show the marker: the voucher made with the valid token carries its own.
    const control = await read(asId(ai));
    if (!holdsMarker(atPath(control.json, at), mine))
      return {
        judged: 0,
        why: suiteSays('envMarkerUnread', { salesId: ai, mine, field, answer: describeResponse(control), at }),
      };
    if (bi <= ai || bi - ai - 1n > BigInt(MAX_BETWEEN)) return { wide: `${ai} and ${bi}` };
    const found: MarkedRead[] = [];
    for (let id = ai + 1n; id < bi; id++) {
      const ex = await read(asId(id));
      if (ex.response?.status === 200) found.push({ id: String(id), ex, text: atPath(ex.json, at) });
    }
    return { refused, found, between: `${ai} and ${bi}` };
  };

  const wide: string[] = [];
  for (let k = 0; k < TRIES; k++) {
    const r = await bracket();
    if ('judged' in r) return r;
    if ('wide' in r) {
      wide.push(r.wide);
      continue;
    }
    h.note(ID, r.refused.length, 'auth.refused-order-create-makes-nothing');
    const { made, others } = madeByRefused(r.found, r.refused);
    if (others.length > 0)
      h.observe(
        'auth.order-create-other-writers',
        `${others.length} voucher(s) between ${r.between} carry no refused creation's marker: another writer's, not judged`,
      );
    const first = made[0];
    if (first)
      h.fail(
        ID,
        'An Order Create refused for its token made a voucher',
        `Order Create in branch ${other} sent without a valid token with "${first.by.marker}" in ${field}, answered #${first.by.ex.seq} ${said(first.by.ex)}; voucher ${first.read.id} of branch ${other} reads "${String(first.read.text)}" at ${at}${made.length > 1 ? ` (and ${made.length - 1} more)` : ''}`,
        `no voucher carrying the marker of a refused creation: the refused creations made nothing`,
        first.read.ex,
      );
    return { judged: r.refused.length };
  }
  return {
    judged: 0,
    why: suiteSays('envNotInOrder', { wide: wide.join('; ') }),
  };
}
