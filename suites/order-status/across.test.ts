// Rules across operations (across.ts) on vouchers Order Create makes in this run: 4.1 rule 3 after
// paid -> unpaid, and on a partially paid voucher where readBack.orderStatus.partialValue names
// that value; 4.1 "Only the order status changes" - the payment status read before and after each
// transition, Cancelled included; a refused update reads back as before (OS-8). Needs Order Create,
// Update Payment Status and readBack.orderStatus: without one, skipped with the reason.
import { fixtureValues, operationRequest, sendOperation } from '../../client/index-operation.ts';
import type { Harness } from '../../runtime/harness.ts';
import { verifies } from '../../runtime/verifies.ts';
import { SCENARIOS, sequences as sequencesOf, type AcrossIo, type Judgement, type Payment, type Scenario } from './across.ts';
import { runScenario } from './across-run.ts';
import { createVoucher } from './fresh.ts';
import { outcome } from './across-outcome.ts';
import { readVoucher, sendStatus, writesForbidden } from './vouchers.ts';
import { withSequence } from './voucher-trail.ts';
import { suiteSays } from '../../core/words/suites.ts';

/** What each requirement was verified by, for the certificate's verifiedBy. */
const VIA: Record<string, string> = {
  'OS-3': 'order-status.delivered-needs-paid-now',
  'OS-6': 'order-status.transition-keeps-payment',
  'OS-8': 'order-status.refused-update-reads-as-before',
};

/** The scenarios' requests through the harness; the payment values are the config's (readBack.orderStatus). */
function io(h: Harness): AcrossIo {
  const rb = h.config.readBack!.orderStatus!;
  const pay = h.config.operations!['update-payment-status']!;
  const value: Record<Payment, string | undefined> = { paid: rb.paidValue, unpaid: rb.unpaidValue ?? 'unpaid', partial: rb.partialValue };
  return {
    create: () => createVoucher(h, 'across', false),
    pay: async (salesId, payment) =>
      outcome(await sendOperation(h.client, operationRequest(pay, fixtureValues(h.config), { salesId, paymentStatus: value[payment]! })), pay),
    // Through sendStatus (no known state: no ST-2 row), so that the run's updates in flight are counted (OS-7, OS-9).
    set: async (salesId, to) => outcome(await sendStatus(h, 'across', salesId, null, to)),
    read: (salesId) => readVoucher(h, salesId),
  };
}

/** Why the scenarios cannot run on this config, or undefined. */
function missing(h: Harness): string | undefined {
  const ops = h.config.operations ?? {};
  const gone = ['order-create', 'update-payment-status'].filter((name) => h.ctx.notServed?.[name]);
  if (gone.length > 0) return suiteSays('osAcrossNotServed', { gone: gone.join(' and '), said: gone.map((n) => h.ctx.notServed![n]).join(', ') });
  if (!ops['order-create'] || !ops['update-payment-status']) return suiteSays('osAcrossNotConfigured');
  if (
    !JSON.stringify([ops['update-payment-status'].path, ops['update-payment-status'].query ?? {}, ops['update-payment-status'].body ?? null]).includes(
      '{paymentStatus}',
    )
  )
    return suiteSays('osAcrossNoPlaceholder');
  if (!h.config.readBack?.orderStatus) return suiteSays('osAcrossNeedsReadBack');
  return undefined;
}

/**
 * An OS-6 failure is a payment status that changed under a transition: seen again on a second
 * fresh voucher before it is kept (another client changing one voucher is no defect of the target).
 */
async function confirmed(s: Scenario, first: Judgement[], run: AcrossIo): Promise<Judgement[]> {
  if (!first.some((j) => j.kind === 'fail' && j.id === 'OS-6')) return first;
  const again = await runScenario(s, run);
  if (again.some((j) => j.kind === 'fail' && j.id === 'OS-6')) return first;
  const why = suiteSays('osPaymentMoved', { scenario: s.name });
  return [...first.filter((j) => !(j.kind === 'fail' && j.id === 'OS-6')), { kind: 'inconclusive', ids: ['OS-6'], reason: why }];
}

verifies(
  'across/OS-3+OS-6+OS-8',
  ['OS-3', 'OS-6', 'OS-8'],
  'Update Payment Status and the order status update agree: Delivered after paid -> unpaid and on a partially paid voucher is refused, a transition keeps the payment status, a refusal changes nothing',
  async (h, t) => {
    if (writesForbidden(h)) h.skip(suiteSays('osNoWritesNoVoucher'), t);
    // Not configured: skipped with the reason (as unchanged.test.ts), never a test that saw nothing.
    const why = missing(h);
    if (why) h.skip(why, t);
    const run = io(h);
    const partial = h.config.readBack!.orderStatus!.partialValue !== undefined;
    const scenarios: Scenario[] = [SCENARIOS.unpaidAgain, SCENARIOS.cancelPaid, ...(partial ? [SCENARIOS.partial] : [])];
    if (!partial)
      h.observe('order-status.across.partial', 'not run: readBack.orderStatus.partialValue is not configured (Delivered on a partially paid voucher)');
    const record = (js: Judgement[]) =>
      js.flatMap((j) => {
        if (j.kind === 'note') h.note(j.id, 1, VIA[j.id]);
        else if (j.kind === 'inconclusive') h.inconclusive(j.ids, j.reason);
        // A finding carries its voucher's writes from Order Create on: its curl lines reproduce it in order.
        else return withSequence(h, h.finding(j.id, j.title, j.received, j.expected, j.ex));
        return [];
      });
    // Each scenario on a voucher of its own: side by side.
    const results = await h.parallel(scenarios, async (s) => confirmed(s, await runScenario(s, run), run));
    h.add(record(results.flat()));
    // Model-based: sequences of payments and statuses on fresh vouchers, run as fast-check commands
    // against the spec's model (across-run.ts), a few per run (each run is one voucher and at most
    // 14 requests), the same from the seed; a failing one shrinks.
    let sequences = 0;
    await h.property(
      sequencesOf(['paid', 'unpaid', ...(partial ? (['partial'] as const) : [])]),
      async (s) => {
        sequences++;
        return record(await confirmed(s, await runScenario(s, run), run));
      },
      { numRuns: Math.max(2, Math.ceil(h.ctx.numRuns / 25)) },
    );
    h.observe('order-status.across', { scenarios: scenarios.map((s) => s.name), sequences });
  },
);
