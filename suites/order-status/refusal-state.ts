// OS-8: "state after a refused request = state before". Around each update that carries an accepted
// status (Confirmed, a step any vendor allows from Pending) and one invalid part (a reason that is
// no number, an unknown branch_id), and around each Delivered the lifecycle tests send to a voucher
// that is not paid (4.1 rule 3), the voucher is read through readBack.orderStatus before and after.
// Only a refused update is judged: an accepted one is another requirement's failure (OS-2b, OS-2c,
// OS-3), and its change is no refusal's. A voucher read in a third state, neither as before nor as
// the refused update asked, was changed by another client: inconclusive, never a failure.
import type { Exchange, Finding } from '../../core/types.ts';
import type { Harness } from '../../runtime/harness.ts';
import type { Id, Read } from './plan.ts';
import { answered, readVoucher, said } from './vouchers.ts';
import { aloneUntil, lease } from '../../runtime/voucher-lease.ts';
import { suiteSays } from '../../core/words/suites.ts';

/** An update the target must refuse: the status it asks for, what makes it invalid (for the finding), and how it is sent. */
export interface Refusal {
  to: string;
  invalid: string;
  send: () => Promise<Exchange>;
}

/** What reading around a voucher's refusals found: the findings, how many refusals were judged, why none was. */
export interface AroundRefusals {
  findings: Finding[];
  judged: number;
  /** Why a refusal could not be judged (a read that failed, another client), when one could not. */
  why?: string;
}

const refused = (ex: Exchange) => answered(ex) && ex.response!.status >= 400 && ex.response!.status < 500;
const shows = (r: Extract<Read, { ok: true }>) => `${r.orderStatus}${r.paid ? ' (paid)' : ''}`;

/**
 * Sends each refusal to voucher `salesId` in order; with readBack.orderStatus, reads the voucher
 * first and after each: a refused update must leave it as it was read before. `unread: 'send'`
 * sends every refusal even when a read fails (they are judged for another requirement too);
 * `'stop'` sends none past a read that failed (they are sent for OS-8 only).
 */
export async function sendReadingAround(h: Harness, salesId: Id, list: Refusal[], unread: 'send' | 'stop'): Promise<AroundRefusals> {
  const out: AroundRefusals = { findings: [], judged: 0 };
  const reads = h.config.readBack?.orderStatus !== undefined;
  let before: Read | undefined = reads ? await readVoucher(h, salesId) : undefined;
  for (const r of list) {
    if (before && !before.ok) {
      out.why ??= suiteSays('voucherNotRead', { salesId: String(salesId), why: before.why });
      if (unread === 'stop') break;
    }
    const ex = await r.send();
    if (!before?.ok) continue;
    const after = await readVoucher(h, salesId);
    if (!refused(ex) || !after.ok) {
      before = after;
      continue;
    }
    const changed = after.orderStatus !== before.orderStatus || after.paid !== before.paid;
    if (changed && after.orderStatus !== r.to && after.orderStatus !== before.orderStatus) {
      out.why ??= suiteSays('osRefusedMoved', { salesId: String(salesId), now: after.orderStatus, to: r.to, was: before.orderStatus });
      before = after;
      continue;
    }
    out.judged++;
    if (changed)
      out.findings.push(
        ...h.finding(
          'OS-8',
          `A refused ${r.to} changed the voucher`,
          `${said(ex)} to orderStatus ${r.to} (${r.invalid}), then voucher ${String(salesId)} read ${shows(after)}`,
          `voucher ${String(salesId)} still ${shows(before)}, as read before the refused update`,
          ex,
        ),
      );
    before = after;
  }
  return out;
}

function refusals(h: Harness, salesId: Id): Refusal[] {
  const f = h.config.fixtures;
  return [
    {
      to: 'Confirmed',
      invalid: 'reason "not-a-number" is no number (4.1 rule 2)',
      send: () => h.client.updateOrderStatus({ salesId, branchId: f.branchId, body: { orderStatus: 'Confirmed', reason: 'not-a-number' } }),
    },
    {
      to: 'Confirmed',
      invalid: `branch_id ${f.invalidBranchId} is no valid branch (7)`,
      send: () => h.client.updateOrderStatus({ salesId, branchId: f.invalidBranchId, body: { orderStatus: 'Confirmed' } }),
    },
  ];
}

/**
 * sendReadingAround on one voucher of `candidates` held alone (runtime/voucher-lease.ts) from the
 * read before to the read after: no other test's write lands between them. `salesId`: the one held.
 */
export async function readingAroundAlone(
  h: Harness,
  candidates: readonly Id[],
  list: (salesId: Id) => Refusal[],
  unread: 'send' | 'stop',
): Promise<AroundRefusals & { salesId?: Id }> {
  const held = await lease(h, h, 'alone', candidates, aloneUntil(h.ctx.deadline));
  if (!held) return { findings: [], judged: 0, why: suiteSays('osNoneFree', { candidates: candidates.map(String).join(', ') }) };
  try {
    const salesId = held.salesId as Id;
    return { ...(await sendReadingAround(h, salesId, list(salesId), unread)), salesId };
  } finally {
    held.release();
  }
}

/** Reads, sends each refusal, reads again (a voucher of `pool` held alone): each refused update must leave the voucher as it was. */
export async function refusalsChangeNothing(h: Harness, pool: readonly Id[]): Promise<Finding[]> {
  const { findings, judged, why } = await readingAroundAlone(h, pool, (salesId) => refusals(h, salesId), 'stop');
  if (judged > 0) h.note('OS-8', judged, 'order-status.refusal-changes-nothing');
  else h.inconclusive('OS-8', why ?? suiteSays('osNoInvalidRefused'));
  return findings;
}
