// The words of the order-status and customer suites' reasons, byte for byte: each code of core/words/suite-order-status.ts and suite-customer.ts
// renders, from sample values, the sentence the suite wrote in place before its reasons became
// declared words (records.json and the certificate hold the same text). A table: one row a code,
// and every code of the tables has its row.
import { ORDER_STATUS_WORDS } from '../../../core/words/suite-order-status.ts';
import { CUSTOMER_WORDS } from '../../../core/words/suite-customer.ts';
import { describeSuiteWords, type SuiteWordsRow } from './suite-words-kit.ts';

const ROWS: SuiteWordsRow[] = [
  [
    'osChangedUnderTheRun',
    { salesId: 1001n, role: '<role>', state: '<state>', now: '<now>' },
    'voucher 1001 of fixtures.sales.<role> changed under the run (the run left it <state>, it reads <now>): another run is using the same vouchers; give runs that overlap in time pools of their own',
  ],
  ['osNoWritesNoVoucher', undefined, 'writes is false: no voucher is created or changed'],
  ['osNoUsableAnswer', { salesId: 1001n, to: '<to>', said: '<said>' }, 'voucher 1001: <to> got no usable answer (<said>)'],
  [
    'osPaidUnread',
    { salesId: 1001n, said: '<said>' },
    'voucher 1001: Delivered <said>, and whether Update Payment Status made it paid is not read (configure readBack.orderStatus)',
  ],
  ['osNoWritesStatuses', undefined, 'writes: false forbids changing order statuses'],
  ['osDeliveredNotSent', undefined, 'Delivered was not sent'],
  ['osNoDeliveredRefused', undefined, 'no Delivered was refused (OS-3 says why)'],
  ['osRefusedDeliveredUnread', undefined, 'readBack.orderStatus is not configured: a refused Delivered is not read back'],
  ['osNoUnpaidDeliveredRefused', undefined, 'no Delivered on an unpaid voucher was refused (OS-3 says why)'],
  [
    'osNoWalkThisPart',
    undefined,
    'no transition from a known state was tried: no walk took a voucher in this part of the run (see fixtures.sales.* in the observations; a resumed run whose walks ended in an earlier part has none to probe)',
  ],
  ['osNoKnownTransition', undefined, 'no transition from a known state was tried (see fixtures.sales.* in the observations)'],
  ['osParallelNeedsReadBack', undefined, 'needs readBack.orderStatus: whether an update took effect is seen only by reading the voucher back'],
  ['osPoolUnread', { name: '<name>', first: '<first>', why: '<why>' }, 'readBack.orderStatus read none of <name> (<first>: <why>)'],
  ['osFewerThanTwo', { name: '<name>', parts: '<parts>' }, 'fewer than 2 of <name> can still take a lifecycle step: <parts>'],
  ['osNotTogether', { n: 4 }, 'none of the 4 updates sent at once met another in flight (each was answered before the next was sent)'],
  ['osNotReadBack', { salesId: 1001n, why: '<why>' }, 'voucher 1001 could not be read back: <why>'],
  ['osAllRefused', { refused: '<refused>' }, 'every update sent at once was refused, and refused alone too (<refused>)'],
  ['osOverlapNeedsReadBack', undefined, 'needs readBack.orderStatus: whether either update took effect is seen only by reading the voucher back'],
  ['osNoOverlapVoucher', { atOnce: 4 }, 'needs operations["order-create"] or fixtures.sales.parallel of more than 4 vouchers (its first 4 are OS-7\'s)'],
  [
    'osNoOverlapVoucherMade',
    { atOnce: 4, why: '<why>' },
    'needs operations["order-create"] or fixtures.sales.parallel of more than 4 vouchers (its first 4 are OS-7\'s); Order Create: <why>',
  ],
  ['osNoInvalidRefused', undefined, 'no update carrying an invalid reason or branch_id was refused (OS-2b, OS-2c say why)'],
  ['osNotRefused', { salesId: 1001n, said: '<said>' }, 'voucher 1001: <said>'],
  ['osUnchangedNotServed', { gone: '<gone>' }, 'needs operations["order-create"] and operations["get-sales-data-by-id"]: not served (the preflight\'s <gone>)'],
  [
    'osUnchangedNotConfigured',
    undefined,
    'needs operations["order-create"] and operations["get-sales-data-by-id"] in the config (the spec gives no path to read a whole voucher)',
  ],
  [
    'osMadeUnread',
    { salesId: 1001n, request: '<request>', said: '<said>' },
    'Get Sales Data By Id did not read voucher 1001, made by <request> (<said>): check operations["order-create"] (its created path, its branch)',
  ],
  ['salesDataAgainUnread', { salesId: 1001n, said: '<said>' }, 'Get Sales Data By Id did not read voucher 1001 again (<said>)'],
  ['osConfirmedRefused', { salesId: 1001n, said: '<said>' }, 'Confirmed was not accepted on the new voucher 1001 (<said>)'],
  ['osAfterUnread', { salesId: 1001n, said: '<said>' }, 'Get Sales Data By Id did not read voucher 1001 after the update (<said>)'],
  ['osNoWritesValidation', undefined, 'writes: false: a non-conforming target would change the voucher'],
  ['osValidationNeedsReadBack', undefined, 'no readBack.orderStatus in the config: the voucher cannot be read before and after'],
  ['osAcrossNotServed', { gone: '<gone>', said: '<said>' }, "<gone> not served (the preflight's <said>)"],
  [
    'osAcrossNotConfigured',
    undefined,
    'needs operations["order-create"] and operations["update-payment-status"] in the config: the spec shows no way to make a voucher or set its payment status',
  ],
  ['osAcrossNoPlaceholder', undefined, 'operations["update-payment-status"] holds no {paymentStatus} placeholder: the kit cannot ask for a payment status'],
  ['osAcrossNeedsReadBack', undefined, 'needs readBack.orderStatus: a payment status is judged only as read'],
  [
    'osPaymentMoved',
    { scenario: '<scenario>' },
    '<scenario>: the payment status changed under a transition on one fresh voucher and not on a second: another client may be changing vouchers',
  ],
  ['cuBodyBranchNotCreated', { status: 500 }, 'the customer with a branchId in its body was not created (HTTP 500): CU-1 judges creation'],
  [
    'cuBodyBranchUnread',
    { contactId: '<contactId>', branchId: '<branchId>', status: 500, otherBranchId: '<otherBranchId>' },
    'contactId <contactId> read back in neither branch <branchId> (HTTP 500) nor, as sent, in <otherBranchId>: CU-8 judges read-back',
  ],
  ['cuNoWrites', undefined, 'writes: false forbids creating customers'],
  ['cuNoContactId', undefined, 'no creation answered a contactId (see CU-1)'],
  ['cuContactANotCreated', { answer: '<answer>' }, 'contact A was answered <answer>, not created (CU-1 and CU-3 judge creation)'],
  [
    'cuContactAUnread',
    { contactId: '<contactId>', answer: '<answer>' },
    'contact A (<contactId>) read back without two addressIds (<answer>): CU-8 judges the read-back',
  ],
  [
    'cuContactIdShared',
    { contactId: '<contactId>' },
    'contactId <contactId> was answered to more than one creation (CU-2): what reads back under it may be another customer',
  ],
  ['cuFewParallelCreated', { created: 4, asked: 4 }, 'only 4 of 4 parallel creations answered a contactId (see CU-1)'],
  ['cuNotTogether', { created: 16 }, '16 customers were created, but fewer than 2 of them met another creation in flight'],
  ['cuReadBackNotCreated', { status: 500 }, 'a customer to read back was not created (HTTP 500): CU-1 and CU-3 judge creation'],
  ['cuTwoDefaultsNotCreated', { status: 500 }, 'the customer marking two defaults was answered 500: CU-1 and CU-3 judge creation'],
  ['cuContactIdTwice', { contactId: '<contactId>' }, 'contactId <contactId> was answered to more than one creation (CU-2)'],
  ['cuNoTextAccepted', undefined, 'no customer with unusual text was accepted with a contactId to read back (CU-13 shows the answers)'],
  ['cuNoCityList', undefined, 'operations.get-city-list is not configured: no city code is known to be unknown'],
  ['cuNoCityWithState', undefined, 'the state and city lists gave no city with its state: no city code is known to be unknown'],
  ['cuNoReadBackContact', undefined, 'no readBack.getContactById in the config: the spec gives Get Contact By Id no path'],
];

describeSuiteWords("the order-status and customer suites' reasons", ROWS, [ORDER_STATUS_WORDS, CUSTOMER_WORDS]);
