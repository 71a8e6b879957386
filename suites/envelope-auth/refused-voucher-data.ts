// AUTH-11 on the voucher's other writes (Update Due Date, Update Shipping Detail, and any
// configured write whose templates name a {salesId}): each sent without a valid token to a fresh
// voucher Order Create makes in this run, then the whole voucher read with Get Sales Data By Id
// (5 rule 2). It is read twice first: a field that changes with nothing sent (a view count) is no
// write's. A change is seen again on a second fresh voucher before it is a failure.
import { acceptedBy } from '../../config/answer-shape.ts';
import type { Exchange } from '../../core/types.ts';
import { tokenDescription } from '../../contract/checks/auth.ts';
import type { Harness } from '../../runtime/harness.ts';
import { configured, send, withValues, type Configured } from '../index-operations/configured.ts';
import { createVoucher, orderCreate } from '../order-status/fresh.ts';
import type { Id } from '../order-status/plan.ts';
import { said } from '../order-status/vouchers.ts';
import { movingFields, voucherDiff } from '../order-status/voucher-data.ts';
import { refusedForToken, WITHOUT_TOKEN, type Part } from './refused-voucher-writes.ts';
import { suiteSays } from '../../core/words/suites.ts';

const ID = 'AUTH-11';
/** Writes with parts of their own: the order status update, Update Payment Status, Order Create. */
const OWN_PARTS = new Set(['update-payment-status', 'order-create']);

/** The configured writes to one voucher this part sends: writes whose templates hold {salesId}. */
export function voucherDataWrites(h: Harness): Configured[] {
  return configured(h).list.filter(
    (c) => c.op.writes === true && !OWN_PARTS.has(c.name) && JSON.stringify([c.op.path, c.op.query ?? {}, c.op.body ?? null]).includes('{salesId}'),
  );
}

type Bracket =
  { changed: false; judged: number } | { changed: true; judged: number; what: string; refused: Exchange[]; diff: string[]; after: Exchange } | { why: string };

/** One fresh voucher: read twice, each write refused for its token, read again after each write's refusals. */
async function bracket(h: Harness, writes: Configured[], read: Configured): Promise<Bracket> {
  const made = await createVoucher(h, 'auth', false);
  if (!made.ok) return { why: made.why };
  const salesId: Id = made.salesId;
  const readIt = () => send(h, withValues(h, read, { salesId }));
  const first = await readIt();
  if (!acceptedBy(read.op, first.response?.status, first.json))
    return { why: suiteSays('envMadeUnread', { salesId, request: made.request, said: said(first) }) };
  // A control: the voucher read again with nothing sent between. A field that changes by itself (a
  // read count, a time the vendor stamps) is no write's, and is left out below.
  let before = await readIt();
  if (!acceptedBy(read.op, before.response?.status, before.json)) return { why: suiteSays('salesDataAgainUnread', { salesId, said: said(before) }) };
  const moving = movingFields(first.json, before.json, read.op.volatile);
  let judged = 0;
  for (const w of writes) {
    const refused: Exchange[] = [];
    for (const t of WITHOUT_TOKEN) {
      const ex = await send(h, withValues(h, w, { salesId }), t);
      // Accepted: AUTH-1, AUTH-2, AUTH-6 (IX-1, IX-2) judge it, and the voucher changed for a reason of its own.
      if (acceptedBy(w.op, ex.response?.status, ex.json)) return { why: suiteSays('envWriteAccepted', { name: w.name, said: said(ex) }) };
      if (refusedForToken(ex)) refused.push(ex);
    }
    if (refused.length === 0) continue;
    const after = await readIt();
    if (!acceptedBy(read.op, after.response?.status, after.json))
      return { why: suiteSays('envAfterRefusedUnread', { salesId, name: w.name, said: said(after) }) };
    judged += refused.length;
    const { changed } = voucherDiff(before.json, after.json, moving);
    if (changed.length > 0) return { changed: true, judged, what: `${w.name} to voucher ${salesId} (made by ${made.request})`, refused, diff: changed, after };
    before = after;
  }
  return { changed: false, judged };
}

/** The part: not applicable without such a write, Order Create and Get Sales Data By Id; a change confirmed on a second voucher. */
export async function voucherDataRefused(h: Harness): Promise<Part> {
  const writes = voucherDataWrites(h);
  if (writes.length === 0) return { judged: 0, noRead: true, why: suiteSays('envNoOtherWrite') };
  const read = configured(h).list.find((c) => c.name === 'get-sales-data-by-id');
  const names = writes.map((w) => w.name).join(', ');
  if (!orderCreate(h) || !read)
    return {
      judged: 0,
      noRead: true,
      why: suiteSays('envWritesNeedVoucher', { names }),
    };
  const first = await bracket(h, writes, read);
  if ('why' in first) return { judged: 0, why: first.why };
  h.note(ID, first.judged, 'auth.refused-voucher-write-changes-nothing');
  if (!first.changed) return first.judged > 0 ? { judged: first.judged } : { judged: 0, why: suiteSays('envNoWriteRefused', { names }) };
  const again = await bracket(h, writes, read);
  if ('why' in again || !again.changed)
    return {
      judged: 0,
      why:
        'why' in again
          ? suiteSays('envChangedOnceWhy', { what: first.what, diff: first.diff.slice(0, 3).join('; '), why: again.why })
          : suiteSays('envChangedOnce', { what: first.what, diff: first.diff.slice(0, 3).join('; ') }),
    };
  h.fail(
    ID,
    'A voucher write refused for its token changed the voucher',
    `${again.what}, sent ${again.refused.map((ex) => `${tokenDescription(ex)} (#${ex.seq} ${said(ex)})`).join(', ')}; then Get Sales Data By Id read ${again.diff.slice(0, 5).join('; ')} (as on a first voucher: ${first.what})`,
    'the voucher as read before the refused writes (5 rule 2: a request without a valid token is rejected)',
    again.refused[0],
  );
  return { judged: first.judged };
}
