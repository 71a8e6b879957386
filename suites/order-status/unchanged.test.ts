// 4.1 Purpose: "Only the order status changes; all other voucher data stays unchanged" (OS-6), on a
// voucher Order Create makes in this run, read whole by Get Sales Data By Id before and after
// Pending -> Confirmed. Lenient MUST oracle: every field keeps its value or, for the order status
// field, takes the new status; audit-like fields, the config's `volatile` names and fields that a
// second read with nothing sent shows changed (a view count) are left out. Five requests. IX-10 on
// the same voucher: Order Create's voucher takes an update.
import { acceptedBy } from '../../config/answer-shape.ts';
import { orderCreateVoucherRefused, refusedByTarget } from '../../contract/checks/order-status.ts';
import { fixtureValues, operationRequest, sendOperation } from '../../client/index-operation.ts';
import type { Exchange } from '../../core/types.ts';
import type { Harness } from '../../runtime/harness.ts';
import { verifies } from '../../runtime/verifies.ts';
import type { Id } from './plan.ts';
import { createVoucher } from './fresh.ts';
import { said, statusAccepted, writesForbidden } from './vouchers.ts';
import { movingFields, voucherDiff } from './voucher-data.ts';
import { withSequence } from './voucher-trail.ts';
import { suiteSays } from '../../core/words/suites.ts';

/**
 * IX-10: the voucher Order Create made, which Get Sales Data By Id reads in the branch, takes an
 * update. Confirmed refused: Pending and Cancelled are tried (a vendor whose new orders start in
 * another state takes one of them); all three refused with a 4xx is the failure.
 */
async function updatable(h: Harness, salesId: Id, request: string, confirmed: Exchange): Promise<void> {
  const tried = [confirmed];
  for (const orderStatus of ['Pending', 'Cancelled'] as const) {
    if (ok(tried.at(-1)!) || !refused(tried.at(-1)!)) break;
    tried.push(await h.client.updateOrderStatus({ salesId, branchId: h.config.fixtures.branchId, body: { orderStatus } }));
  }
  const last = tried.at(-1)!;
  const cell = (text: string) => h.observe('ix:IX-10', { 'order-create': text });
  if (ok(last)) return (h.note('IX-10'), cell(`voucher ${salesId} took ${['Confirmed', 'Pending', 'Cancelled'][tried.length - 1]}`));
  if (!refused(last)) return h.inconclusive('IX-10', suiteSays('osNotRefused', { salesId, said: said(last) }));
  h.note('IX-10');
  cell(`FAILED: voucher ${salesId} refused Confirmed, Pending and Cancelled`);
  // Its finding carries the voucher's writes from Order Create on: its curl lines reproduce it in order.
  h.add(withSequence(h, orderCreateVoucherRefused({ salesId: String(salesId), request, said: tried.map(said) }, tried), salesId));
}

const ok = statusAccepted;
const refused = refusedByTarget;

verifies(
  'unchanged/OS-6+IX-10',
  ['OS-6', 'IX-10'],
  "An order status update changes the voucher's order status and nothing else, read with Get Sales Data By Id before and after",
  async (h, t) => {
    const ops = h.config.operations ?? {};
    const read = ops['get-sales-data-by-id'];
    if (writesForbidden(h)) h.skip(suiteSays('osNoWritesNoVoucher'), t);
    const gone = ['order-create', 'get-sales-data-by-id'].filter((name) => h.ctx.notServed?.[name]);
    if (gone.length > 0) h.skip(suiteSays('osUnchangedNotServed', { gone: gone.map((n) => `${n}: ${h.ctx.notServed![n]}`).join(', ') }), t);
    if (!ops['order-create'] || !read) h.skip(suiteSays('osUnchangedNotConfigured'), t);
    const made = await createVoucher(h, 'unchanged', false);
    if (!made.ok) return void h.inconclusive(['OS-6', 'IX-10'], made.why);
    const salesId = made.salesId;
    const readIt = () => sendOperation(h.client, operationRequest(read!, fixtureValues(h.config), { salesId }));
    const before = await readIt();
    if (!acceptedBy(read!, before.response?.status, before.json))
      return void h.inconclusive(['OS-6', 'IX-10'], suiteSays('osMadeUnread', { salesId, request: made.request, said: said(before) }));
    // A control: read again with nothing sent between. A field that changes by itself (a view
    // count, a time the vendor stamps on each read) is no update's, and is left out below.
    const control = await readIt();
    if (!acceptedBy(read!, control.response?.status, control.json))
      return void h.inconclusive(['OS-6', 'IX-10'], suiteSays('salesDataAgainUnread', { salesId, said: said(control) }));
    const moving = movingFields(before.json, control.json, read!.volatile);
    const update = await h.client.updateOrderStatus({ salesId, branchId: h.config.fixtures.branchId, body: { orderStatus: 'Confirmed' } });
    await updatable(h, salesId, made.request, update);
    if (!ok(update)) return void h.inconclusive('OS-6', suiteSays('osConfirmedRefused', { salesId, said: said(update) }));
    const after = await readIt();
    if (!acceptedBy(read!, after.response?.status, after.json)) return void h.inconclusive('OS-6', suiteSays('osAfterUnread', { salesId, said: said(after) }));
    // The order status itself may take the new status (its spelling the vendor's own).
    const { compared, changed } = voucherDiff(control.json, after.json, moving, (w) => typeof w === 'string' && w.toLowerCase() === 'confirmed');
    if (compared > 0) h.note('OS-6', compared);
    if (changed.length > 0)
      h.add(
        withSequence(
          h,
          h.finding(
            'OS-6',
            `Setting Confirmed on voucher ${salesId} changed other voucher data`,
            changed.slice(0, 10).join('; '),
            'only the order status changes (4.1)',
            after,
          ),
          salesId,
        ),
      );
  },
);
