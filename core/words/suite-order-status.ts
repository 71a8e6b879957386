// The reasons the order-status suites (4.1: lifecycle, validation, parallel updates, a voucher left unchanged) write of their own for a requirement they could not judge
// (inconclusive), that the config leaves out (out of scope), or a test they skip, by code
// (suites/order-status/). core/words/suites.ts gathers them; scripts/troubleshooting/ says what to do
// about each code. A reason a suite writes is made here or does not compile.
import type { Value, WordsTable } from './words.ts';

export const ORDER_STATUS_WORDS = {
  osChangedUnderTheRun: {
    say: (v: { salesId: Value; role: string; state: string; now: string }) =>
      `voucher ${v.salesId} of fixtures.sales.${v.role} changed under the run (the run left it ${v.state}, it reads ${v.now}): ` +
      'another run is using the same vouchers; give runs that overlap in time pools of their own',
  },
  osNoWritesNoVoucher: { say: () => 'writes is false: no voucher is created or changed' },
  osNoUsableAnswer: { say: (v: { salesId: Value; to: Value; said: Value }) => `voucher ${v.salesId}: ${v.to} got no usable answer (${v.said})` },
  osPaidUnread: {
    say: (v: { salesId: Value; said: Value }) =>
      `voucher ${v.salesId}: Delivered ${v.said}, and whether Update Payment Status made it paid is not read (configure readBack.orderStatus)`,
  },
  osNoWritesStatuses: { say: () => 'writes: false forbids changing order statuses' },
  osDeliveredNotSent: { say: () => 'Delivered was not sent' },
  osNoDeliveredRefused: { say: () => 'no Delivered was refused (OS-3 says why)' },
  osRefusedDeliveredUnread: { say: () => 'readBack.orderStatus is not configured: a refused Delivered is not read back' },
  osNoUnpaidDeliveredRefused: { say: () => 'no Delivered on an unpaid voucher was refused (OS-3 says why)' },
  osNoWalkThisPart: {
    say: () =>
      'no transition from a known state was tried: no walk took a voucher in this part of the run (see fixtures.sales.* in the observations; a resumed run whose walks ended in an earlier part has none to probe)',
  },
  osNoKnownTransition: { say: () => 'no transition from a known state was tried (see fixtures.sales.* in the observations)' },
  osParallelNeedsReadBack: { say: () => 'needs readBack.orderStatus: whether an update took effect is seen only by reading the voucher back' },
  osPoolUnread: { say: (v: { name: Value; first: Value; why: Value }) => `readBack.orderStatus read none of ${v.name} (${v.first}: ${v.why})` },
  osFewerThanTwo: { say: (v: { name: Value; parts: Value }) => `fewer than 2 of ${v.name} can still take a lifecycle step: ${v.parts}` },
  osNotTogether: {
    say: (v: { n: Value }) => `none of the ${v.n} updates sent at once met another in flight (each was answered before the next was sent)`,
  },
  osNotReadBack: { say: (v: { salesId: Value; why: Value }) => `voucher ${v.salesId} could not be read back: ${v.why}` },
  osAllRefused: { say: (v: { refused: Value }) => `every update sent at once was refused, and refused alone too (${v.refused})` },
  osOverlapNeedsReadBack: { say: () => 'needs readBack.orderStatus: whether either update took effect is seen only by reading the voucher back' },
  osNoOverlapVoucher: {
    say: (v: { atOnce: Value }) =>
      `needs operations["order-create"] or fixtures.sales.parallel of more than ${v.atOnce} vouchers (its first ${v.atOnce} are OS-7's)`,
  },
  osNoOverlapVoucherMade: {
    say: (v: { atOnce: Value; why: string }) =>
      `needs operations["order-create"] or fixtures.sales.parallel of more than ${v.atOnce} vouchers (its first ${v.atOnce} are OS-7's); Order Create: ${v.why}`,
  },
  osNoInvalidRefused: { say: () => 'no update carrying an invalid reason or branch_id was refused (OS-2b, OS-2c say why)' },
  osNotRefused: { say: (v: { salesId: Value; said: Value }) => `voucher ${v.salesId}: ${v.said}` },
  osUnchangedNotServed: {
    say: (v: { gone: Value }) => `needs operations["order-create"] and operations["get-sales-data-by-id"]: not served (the preflight's ${v.gone})`,
  },
  osUnchangedNotConfigured: {
    say: () => 'needs operations["order-create"] and operations["get-sales-data-by-id"] in the config (the spec gives no path to read a whole voucher)',
  },
  osMadeUnread: {
    say: (v: { salesId: Value; request: Value; said: Value }) =>
      `Get Sales Data By Id did not read voucher ${v.salesId}, made by ${v.request} (${v.said}): check operations["order-create"] (its created path, its branch)`,
  },
  salesDataAgainUnread: { say: (v: { salesId: Value; said: Value }) => `Get Sales Data By Id did not read voucher ${v.salesId} again (${v.said})` },
  osConfirmedRefused: { say: (v: { salesId: Value; said: Value }) => `Confirmed was not accepted on the new voucher ${v.salesId} (${v.said})` },
  osAfterUnread: { say: (v: { salesId: Value; said: Value }) => `Get Sales Data By Id did not read voucher ${v.salesId} after the update (${v.said})` },
  osNoWritesValidation: { say: () => 'writes: false: a non-conforming target would change the voucher' },
  osValidationNeedsReadBack: { say: () => 'no readBack.orderStatus in the config: the voucher cannot be read before and after' },
  osAcrossNotServed: { say: (v: { gone: string; said: string }) => `${v.gone} not served (the preflight's ${v.said})` },
  osAcrossNotConfigured: {
    say: () =>
      'needs operations["order-create"] and operations["update-payment-status"] in the config: the spec shows no way to make a voucher or set its payment status',
  },
  osAcrossNoPlaceholder: { say: () => 'operations["update-payment-status"] holds no {paymentStatus} placeholder: the kit cannot ask for a payment status' },
  osAcrossNeedsReadBack: { say: () => 'needs readBack.orderStatus: a payment status is judged only as read' },
  osPaymentMoved: {
    say: (v: { scenario: string }) =>
      `${v.scenario}: the payment status changed under a transition on one fresh voucher and not on a second: another client may be changing vouchers`,
  },
} satisfies WordsTable;
