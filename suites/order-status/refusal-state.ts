// OS-8: "state after a refused request = state before". Around each update that carries an accepted
// status (Confirmed, a step any vendor allows from Pending) and one invalid part (a reason that is
// no number, an unknown branch_id), the voucher is read through readBack.orderStatus before and
// after. Only a refused update is judged: an accepted one is OS-2b's or OS-2c's failure, and its
// change is no refusal's.
import type { Finding } from '../../core/types.ts';
import type { Harness } from '../../runtime/harness.ts';
import type { Id } from './plan.ts';
import { answered, readVoucher, said } from './vouchers.ts';

interface Refusal {
  why: string;
  send: () => ReturnType<Harness['client']['updateOrderStatus']>;
}

function refusals(h: Harness, salesId: Id): Refusal[] {
  const f = h.config.fixtures;
  return [
    {
      why: 'reason "not-a-number" is no number (4.1 rule 2)',
      send: () => h.client.updateOrderStatus({ salesId, branchId: f.branchId, body: { orderStatus: 'Confirmed', reason: 'not-a-number' } }),
    },
    {
      why: `branch_id ${f.invalidBranchId} is no valid branch (7)`,
      send: () => h.client.updateOrderStatus({ salesId, branchId: f.invalidBranchId, body: { orderStatus: 'Confirmed' } }),
    },
  ];
}

/** Reads, sends each refusal, reads again: each refused update must leave the voucher as it was. */
export async function refusalsChangeNothing(h: Harness, salesId: Id): Promise<Finding[]> {
  const findings: Finding[] = [];
  let before = await readVoucher(h, salesId);
  let judged = 0;
  for (const r of refusals(h, salesId)) {
    if (!before.ok) break;
    const ex = await r.send();
    const after = await readVoucher(h, salesId);
    if (!answered(ex) || !ex.response || ex.response.status < 400 || ex.response.status >= 500) {
      before = after;
      continue; // not refused: OS-2b / OS-2c judge it
    }
    if (!after.ok) break;
    judged++;
    if (after.orderStatus !== before.orderStatus || after.paid !== before.paid) {
      findings.push(
        ...h.finding(
          'OS-8',
          'A refused update changed the voucher',
          `${said(ex)} to orderStatus Confirmed (${r.why}), then voucher ${String(salesId)} read ${after.orderStatus}${after.paid ? ' (paid)' : ''}`,
          `voucher ${String(salesId)} still ${before.orderStatus}${before.paid ? ' (paid)' : ''}, as read before the refused update`,
          ex,
        ),
      );
    }
    before = after;
  }
  if (judged > 0) h.note('OS-8', judged, 'order-status.refusal-changes-nothing');
  else
    h.inconclusive(
      'OS-8',
      before.ok ? 'no update carrying an invalid reason or branch_id was refused (OS-2b, OS-2c say why)' : `the voucher could not be read: ${before.why}`,
    );
  return findings;
}
