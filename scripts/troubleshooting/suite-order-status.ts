// What to do about each reason the order-status suites write of their own (core/words/suite-order-status.ts),
// by code: a reason without its entry here does not compile.
import type { ORDER_STATUS_WORDS } from '../../core/words/suite-order-status.ts';
import { ANOTHER_CLIENT } from './suite-order-status-vouchers.ts';

const NO_WRITES =
  'Set `writes: true` (on a target whose data may change: staging) to verify these requirements; with `writes: false` they stay out of the run.';
const READ_BACK = 'Configure `readBack.orderStatus` (the path that reads a voucher and the field holding its status) ([configuration.md](configuration.md)).';
const UNCHANGED =
  'Configure `operations["order-create"]` and `operations["get-sales-data-by-id"]` (ask the vendor for their paths), so the run can read a whole voucher.';

export const ORDER_STATUS_TODO: Record<keyof typeof ORDER_STATUS_WORDS, string> = {
  osChangedUnderTheRun: 'Give runs that overlap in time pools of vouchers of their own (fixtures.sales), or run again when no other run is on.',
  osNoWritesNoVoucher: NO_WRITES,
  osNoUsableAnswer: 'The target gave no usable answer to a status update: read the answer named (and `target.timeoutMs`, `run.rateLimit`), then run again.',
  osPaidUnread: READ_BACK,
  osNoWritesStatuses: NO_WRITES,
  osDeliveredNotSent:
    'Give fixtures.sales an unpaid voucher that can reach Delivered (or configure `operations["order-create"]`): the part says which step was missing.',
  osNoDeliveredRefused: 'Read OS-3: it says why no Delivered on an unpaid voucher was refused.',
  osRefusedDeliveredUnread: READ_BACK,
  osNoUnpaidDeliveredRefused: 'Read OS-3: it says why no Delivered on an unpaid voucher was refused.',
  osNoWalkThisPart: 'Nothing, if this part of a resumed run took no voucher; else give fixtures.sales vouchers in the named states (see the observations).',
  osNoKnownTransition: 'Give fixtures.sales vouchers in the states the walks start from (see fixtures.sales.* in the observations).',
  osParallelNeedsReadBack: READ_BACK,
  osPoolUnread: 'Check `readBack.orderStatus` (its path and the voucher field it reads) against the vouchers of the pool named.',
  osNotTogether:
    'The kit could not send the updates together: give `run.concurrency` 2 or more, and state the Order Status quota (`run.rateLimit`) if the target limits it; run again on a quiet server.',
  osFewerThanTwo: 'Give fixtures.sales.parallel more vouchers (Pending, unpaid), or configure `operations["order-create"]` so each run makes its own.',
  osNotReadBack: 'Check `readBack.orderStatus` (its path and the voucher field it reads) against the target.',
  osAllRefused:
    'The target refused every update, alone too: read the refusals (the lifecycle requirements judge them) and the vouchers given (fixtures.sales.parallel).',
  osOverlapNeedsReadBack: READ_BACK,
  osNoOverlapVoucher: 'Configure `operations["order-create"]`, or give fixtures.sales.parallel more vouchers than the four OS-7 takes.',
  osNoOverlapVoucherMade: 'Fix `operations["order-create"]` with the reason given (or give fixtures.sales.parallel more vouchers than the four OS-7 takes).',
  osNoInvalidRefused: 'Read OS-2b and OS-2c: they say why no update with an invalid reason or branch_id was refused.',
  osNotRefused: 'Read the answer named: the update was not refused, and the requirement it verifies judges that.',
  osUnchangedNotServed: UNCHANGED,
  osUnchangedNotConfigured: UNCHANGED,
  osMadeUnread: 'Check `operations["order-create"]` (its created path and branch) and `operations["get-sales-data-by-id"]` against the target.',
  salesDataAgainUnread: 'Get Sales Data By Id read the voucher once, not twice: check the target with the answer named, and run again.',
  osConfirmedRefused: 'Read the answer named: the lifecycle requirements judge a refused Confirmed; check `operations["order-create"]` makes Pending vouchers.',
  osAfterUnread: 'Get Sales Data By Id did not read the voucher after the update: check the target with the answer named, and run again.',
  osNoWritesValidation: NO_WRITES,
  osValidationNeedsReadBack: READ_BACK,
  osAcrossNotServed: 'Fix the paths of `operations["order-create"]` and `operations["update-payment-status"]` (ask the vendor) with the answers named.',
  osAcrossNotConfigured:
    'Configure `operations["order-create"]` and `operations["update-payment-status"]` (ask the vendor for their paths) to verify these requirements.',
  osAcrossNoPlaceholder: 'Put a {paymentStatus} placeholder in the path, query or body of `operations["update-payment-status"]`.',
  osAcrossNeedsReadBack: READ_BACK,
  osPaymentMoved: ANOTHER_CLIENT,
};
