// What to do about each reason the order-status suites' voucher helpers make
// (core/words/suite-order-status-vouchers.ts), by code: a reason without its entry here does not compile.
import type { ORDER_STATUS_VOUCHER_WORDS } from '../../core/words/suite-order-status-vouchers.ts';

export const ANOTHER_CLIENT = 'Give the run vouchers no other client or run uses (fixtures.sales), or run again when staging is quiet.';
export const READ_BACK = 'Check `readBack.orderStatus` (its path and the voucher field it reads) against the target.';
const ORDER_CREATE = 'Check `operations["order-create"]` (its path, body and `created`) against the target with the answer named.';
const POOL = 'Reset the staging data or add fresh vouchers to the pool named (fixtures.sales), in the states and payment its role needs.';
const FRESH = 'A voucher Order Create makes should take a Pending update: check `operations["order-create"]` and the answer named; the pool is used instead.';
const NO_ANSWER = 'The target gave no usable answer to a status update: read the answer named (and `target.timeoutMs`, `run.rateLimit`), then run again.';
const ACROSS_READ = 'Check `readBack.orderStatus` (its path, the status field, paidValue, unpaidValue, partialValue) against the target, and run again.';

export const ORDER_STATUS_VOUCHER_TODO: Record<keyof typeof ORDER_STATUS_VOUCHER_WORDS, string> = {
  osOrderCreateOff:
    'Configure `operations["order-create"]` (and `writes: true`) so each run makes its own vouchers; else the pools of fixtures.sales are used.',
  osOrderCreateNoId: ORDER_CREATE,
  osMadeNoPayOperation: 'Configure `operations["update-payment-status"]` (ask the vendor for its path) so a voucher made by Order Create can be made paid.',
  osPayNoPlaceholder: 'Put a {paymentStatus} placeholder in the path, query or body of `operations["update-payment-status"]`.',
  osMadeNotPaid: 'Check `operations["update-payment-status"]` and `readBack.orderStatus.paidValue` against the target with the answer named.',
  osFreshNoAnswer: NO_ANSWER,
  osFreshNotPaid:
    'Check `operations["update-payment-status"]` and `readBack.orderStatus` (paymentStatus, paidValue): the voucher made paid does not read paid.',
  osFreshPendingRefused: FRESH,
  osFreshNoStep: FRESH,
  osFreshRefused: FRESH,
  osPoolInstead: "Read both parts: why Order Create's voucher was not usable, and what the pool gave instead.",
  osPoolNoAnswer: NO_ANSWER,
  osPoolUnexplained: "Configure (or fix) `readBack.orderStatus` so the kit reads the vouchers' state, or reset the pool named (fixtures.sales).",
  osPoolMovedOn: POOL,
  osPoolWrongPayment: 'Correct the pool named (fixtures.sales): each role needs vouchers of its payment status (deliver: paid; the others: not paid).',
  osPoolSomeUnread: READ_BACK,
  osReadBackOff: 'Configure `readBack.orderStatus` (the path that reads a voucher and the field holding its status) ([configuration.md](configuration.md)).',
  osReadBackAnswered: 'Check the path of `readBack.orderStatus` against the target with the answer named.',
  osReadBackNoStatus: 'Check `readBack.orderStatus.orderStatus`: it should name the field holding one of the six statuses.',
  osRefusedMoved: ANOTHER_CLIENT,
  osNoneFree:
    "Other tests held the vouchers named until the run's deadline: give the run more time (`run.maxDurationSeconds`) or more vouchers (fixtures.sales).",
  osParallelNeeds: 'Give fixtures.sales.parallel at least 2 unpaid vouchers in branchId, or configure `operations["order-create"]`.',
  osParallelTooFew:
    'Read the observation fixtures.sales.parallel (why Order Create made fewer than 2), and fix `operations["order-create"]` or give the pool vouchers.',
  osAcrossNotMade: 'Read the reason after the scenario\'s name: it says why Order Create made no voucher (fix `operations["order-create"]` with it).',
  osAcrossUnread: ACROSS_READ,
  osAcrossPayRefused: 'Check `operations["update-payment-status"]` with the answer named: the target refused a payment status the scenario sets.',
  osAcrossPayUnread: ACROSS_READ,
  osAcrossPayNotRead: ACROSS_READ,
  osAcrossPayMoved: ANOTHER_CLIENT,
  osAcrossNoAnswer: NO_ANSWER,
  osAcrossStepUnread: ACROSS_READ,
  osAcrossAcceptedMoved: ANOTHER_CLIENT,
  osAcrossPaidMoved: ANOTHER_CLIENT,
  osAcrossAnswered: 'Read the answer named: neither an acceptance nor a 4xx refusal, so the scenario cannot go on (check `operations` and the target).',
  osAcrossRefusedMoved: ANOTHER_CLIENT,
};
