// The reasons the order-status suites' voucher helpers make (suites/order-status/: fresh.ts, plan.ts,
// vouchers.ts, refusal-state.ts, across-run.ts, parallel-source.ts) for a voucher they could not
// make, take, read or judge, by code. The tests pass them on (inconclusive, skip, the observation
// fixtures.sales.*). core/words/suites.ts gathers them; scripts/troubleshooting/ says what to do
// about each code. What a value holds (an exchange as `HTTP 404 "..."`, a request line, a list
// of vouchers) is a description the helper makes; the sentence around it is made here.
import type { Value, WordsTable } from './words.ts';

const FIX = 'reset the staging data or add fresh vouchers to the pool';
const NEEDS_PARALLEL = 'needs fixtures.sales.parallel (at least 2 unpaid vouchers in branchId) or operations["order-create"]';

/** An across scenario's voucher, as its reasons name it. */
type Across = { scenario: string; salesId: Value; request: Value };
const made = (v: Across) => `voucher ${v.salesId} (made by ${v.request})`;

export const ORDER_STATUS_VOUCHER_WORDS = {
  osOrderCreateOff: { say: () => 'operations["order-create"] is not configured (or writes is false)' },
  osOrderCreateNoId: {
    say: (v: { at: Value; answered: Value }) => `Order Create gave no salesId at ${v.at} (${v.answered}; check operations["order-create"])`,
  },
  osMadeNoPayOperation: {
    say: (v: { salesId: Value }) => `voucher ${v.salesId} made by Order Create is not paid, and operations["update-payment-status"] is not configured`,
  },
  osPayNoPlaceholder: { say: () => 'operations["update-payment-status"] holds no {paymentStatus} placeholder: the kit cannot ask for paid' },
  osMadeNotPaid: {
    say: (v: { salesId: Value; answered: Value }) => `Update Payment Status did not make voucher ${v.salesId} (made by Order Create) paid: ${v.answered}`,
  },
  osFreshNoAnswer: {
    say: (v: { salesId: Value; said: Value }) => `voucher ${v.salesId}, made in this run by Order Create, got no usable answer: ${v.said}`,
  },
  osFreshNotPaid: { say: (v: { salesId: Value; request: Value }) => `voucher ${v.salesId}, made in this run (${v.request}), reads not paid` },
  osFreshPendingRefused: {
    say: (v: { salesId: Value; request: Value; said: Value }) =>
      `voucher ${v.salesId}, made in this run (${v.request}), refused Pending (${v.said}), which the target accepts on a Pending voucher`,
  },
  osFreshNoStep: {
    say: (v: { salesId: Value; request: Value; state: Value | null; role: Value }) =>
      `voucher ${v.salesId}, made in this run (${v.request}), reads ${v.state}, from which the ${v.role} walk has no step`,
  },
  osFreshRefused: {
    say: (v: { salesId: Value; request: Value; first: Value; said: Value }) =>
      `voucher ${v.salesId}, made in this run (${v.request}), refused Pending and ${v.first}: ${v.said}`,
  },
  osPoolInstead: { say: (v: { fresh: Value; pool: Value }) => `Order Create: ${v.fresh}; the pool instead: ${v.pool}` },
  osPoolNoAnswer: {
    say: (v: { salesId: Value; role: Value; said: Value }) => `voucher ${v.salesId} of fixtures.sales.${v.role} got no usable answer: ${v.said}`,
  },
  osPoolUnexplained: {
    say: (v: { key: Value; listed: Value; first: Value | undefined; readPath: boolean }) =>
      `no voucher of ${v.key} could be used (${v.listed}): either earlier runs moved them on (then ${FIX}), ` +
      `or the target refuses ${v.first} on a Pending voucher; ${v.readPath ? 'fix' : 'configure'} readBack.orderStatus so the kit reads their state and tells which`,
  },
  osPoolMovedOn: {
    say: (v: { key: Value; listed: Value; many: boolean; readAll: boolean }) =>
      `no voucher of ${v.key} is Pending any more (${v.listed}), ` +
      (v.readAll
        ? `and the target did not move ${v.many ? 'them' : 'it'} back to Pending`
        : `and the target, which accepts Pending on a Pending voucher, refused to move ${v.many ? 'them' : 'it'} back`) +
      `: ${FIX}`,
  },
  osPoolWrongPayment: {
    say: (v: { alone: boolean; key: Value; listed: Value; paid: boolean }) =>
      `${v.alone ? `no voucher of ${v.key} is usable: ` : 'also '}${v.listed}: this role needs vouchers whose payment ${v.paid ? 'is paid' : 'is not paid'}; correct ${v.key}`,
  },
  osPoolSomeUnread: { say: (v: { listed: Value }) => `readBack.orderStatus could not read ${v.listed}` },
  osReadBackOff: { say: () => 'readBack.orderStatus is not configured' },
  osReadBackAnswered: { say: (v: { path: Value; said: Value }) => `GET ${v.path} answered ${v.said}` },
  osReadBackNoStatus: { say: (v: { field: Value; value: Value }) => `${v.field} is ${v.value}, none of the six statuses` },
  osRefusedMoved: {
    say: (v: { salesId: Value; now: Value; to: Value; was: Value }) =>
      `voucher ${v.salesId} read ${v.now} after ${v.to} was refused (was ${v.was}): another client may be changing it`,
  },
  osNoneFree: { say: (v: { candidates: Value }) => `voucher ${v.candidates}: none was free of other tests in time` },
  osParallelNeeds: { say: () => NEEDS_PARALLEL },
  osParallelTooFew: {
    say: (v: { made: Value; pool: Value }) =>
      `Order Create made ${v.made} voucher(s), fewer than 2 (the observation fixtures.sales.parallel says why), and fixtures.sales.parallel holds ${v.pool}: ${NEEDS_PARALLEL}`,
  },
  osAcrossNotMade: { say: (v: { scenario: string; why: Value }) => `${v.scenario}: ${v.why}` },
  osAcrossUnread: { say: (v: Across & { why: Value }) => `${v.scenario}: ${made(v)} could not be read: ${v.why}` },
  osAcrossPayRefused: {
    say: (v: Across & { payment: Value; said: Value }) => `${v.scenario}: ${made(v)}: Update Payment Status refused ${v.payment}: ${v.said}`,
  },
  osAcrossPayUnread: { say: (v: Across & { why: Value }) => `${v.scenario}: ${made(v)} could not be read after Update Payment Status: ${v.why}` },
  osAcrossPayNotRead: {
    say: (v: Across & { paid: boolean; payment: Value; said: Value }) =>
      `${v.scenario}: ${made(v)} reads ${v.paid ? 'paid' : 'not paid'} after Update Payment Status set ${v.payment} (${v.said}): check readBack.orderStatus (paidValue, unpaidValue, partialValue)`,
  },
  osAcrossPayMoved: {
    say: (v: Across & { now: Value; was: Value }) => `${v.scenario}: ${made(v)} read ${v.now} after Update Payment Status (was ${v.was})`,
  },
  osAcrossNoAnswer: { say: (v: Across & { to: Value; said: Value }) => `${v.scenario}: ${made(v)}: ${v.to} got no usable answer (${v.said})` },
  osAcrossStepUnread: { say: (v: Across & { to: Value; why: Value }) => `${v.scenario}: ${made(v)} could not be read after ${v.to}: ${v.why}` },
  osAcrossAcceptedMoved: {
    say: (v: Across & { now: Value; to: Value }) => `${v.scenario}: ${made(v)} read ${v.now} after ${v.to} was accepted: another client may be changing it`,
  },
  osAcrossPaidMoved: {
    say: (v: Across) => `${v.scenario}: ${made(v)} read paid after Delivered was accepted: its payment status changed under the run`,
  },
  osAcrossAnswered: { say: (v: Across & { to: Value; said: Value }) => `${v.scenario}: ${made(v)}: ${v.to} ${v.said}` },
  osAcrossRefusedMoved: {
    say: (v: Across & { now: Value; to: Value }) => `${v.scenario}: ${made(v)} read ${v.now} after ${v.to} was refused: another client may be changing it`,
  },
} satisfies WordsTable;
