// The words of the order-status voucher helpers' reasons, byte for byte: each code of
// core/words/suite-order-status-vouchers.ts renders, from sample values, the sentence the helper
// (fresh.ts, plan.ts, vouchers.ts, refusal-state.ts, across-run.ts, parallel-source.ts) built as a
// template before its reasons became declared words. A table: one row a code, and every code has its row.
import { ORDER_STATUS_VOUCHER_WORDS } from '../../../core/words/suite-order-status-vouchers.ts';
import { describeSuiteWords, type SuiteWordsRow } from './suite-words-kit.ts';

const FIX = 'reset the staging data or add fresh vouchers to the pool';
const NEEDS = 'needs fixtures.sales.parallel (at least 2 unpaid vouchers in branchId) or operations["order-create"]';
const ACROSS = { scenario: 'partially-paid', salesId: '500001', request: '<request>' };
const MADE = 'partially-paid: voucher 500001 (made by <request>)';

const ROWS: SuiteWordsRow[] = [
  ['osOrderCreateOff', undefined, 'operations["order-create"] is not configured (or writes is false)'],
  [
    'osOrderCreateNoId',
    { at: 'response.salesId', answered: '<answered>' },
    'Order Create gave no salesId at response.salesId (<answered>; check operations["order-create"])',
  ],
  ['osMadeNoPayOperation', { salesId: 1001n }, 'voucher 1001 made by Order Create is not paid, and operations["update-payment-status"] is not configured'],
  ['osPayNoPlaceholder', undefined, 'operations["update-payment-status"] holds no {paymentStatus} placeholder: the kit cannot ask for paid'],
  ['osMadeNotPaid', { salesId: 1001n, answered: '<answered>' }, 'Update Payment Status did not make voucher 1001 (made by Order Create) paid: <answered>'],
  ['osFreshNoAnswer', { salesId: 1001n, said: '<said>' }, 'voucher 1001, made in this run by Order Create, got no usable answer: <said>'],
  ['osFreshNotPaid', { salesId: 1001n, request: '<request>' }, 'voucher 1001, made in this run (<request>), reads not paid'],
  [
    'osFreshPendingRefused',
    { salesId: 1001n, request: '<request>', said: '<said>' },
    'voucher 1001, made in this run (<request>), refused Pending (<said>), which the target accepts on a Pending voucher',
  ],
  [
    'osFreshNoStep',
    { salesId: 1001n, request: '<request>', state: null, role: 'deliver' },
    'voucher 1001, made in this run (<request>), reads null, from which the deliver walk has no step',
  ],
  [
    'osFreshRefused',
    { salesId: 1001n, request: '<request>', first: 'Confirmed', said: '<said>' },
    'voucher 1001, made in this run (<request>), refused Pending and Confirmed: <said>',
  ],
  ['osPoolInstead', { fresh: '<fresh>', pool: '' }, 'Order Create: <fresh>; the pool instead: '],
  ['osPoolNoAnswer', { salesId: 1001n, role: 'cancel', said: '<said>' }, 'voucher 1001 of fixtures.sales.cancel got no usable answer: <said>'],
  [
    'osPoolUnexplained',
    { key: 'fixtures.sales.lifecycle', listed: '<listed>', first: 'Confirmed', readPath: false },
    `no voucher of fixtures.sales.lifecycle could be used (<listed>): either earlier runs moved them on (then ${FIX}), or the target refuses Confirmed on a Pending voucher; configure readBack.orderStatus so the kit reads their state and tells which`,
  ],
  [
    'osPoolMovedOn',
    { key: 'fixtures.sales.cancel', listed: '<listed>', many: true, readAll: false },
    `no voucher of fixtures.sales.cancel is Pending any more (<listed>), and the target, which accepts Pending on a Pending voucher, refused to move them back: ${FIX}`,
  ],
  [
    'osPoolWrongPayment',
    { alone: true, key: 'fixtures.sales.deliver', listed: '<listed>', paid: true },
    'no voucher of fixtures.sales.deliver is usable: <listed>: this role needs vouchers whose payment is paid; correct fixtures.sales.deliver',
  ],
  ['osPoolSomeUnread', { listed: '<listed>' }, 'readBack.orderStatus could not read <listed>'],
  ['osReadBackOff', undefined, 'readBack.orderStatus is not configured'],
  ['osReadBackAnswered', { path: '/sales/1001', said: '<said>' }, 'GET /sales/1001 answered <said>'],
  ['osReadBackNoStatus', { field: 'response.orderStatus', value: '<value>' }, 'response.orderStatus is <value>, none of the six statuses'],
  [
    'osRefusedMoved',
    { salesId: '1001', now: 'Shipped', to: 'Confirmed', was: 'Pending' },
    'voucher 1001 read Shipped after Confirmed was refused (was Pending): another client may be changing it',
  ],
  ['osNoneFree', { candidates: '1001, 1002' }, 'voucher 1001, 1002: none was free of other tests in time'],
  ['osParallelNeeds', undefined, NEEDS],
  [
    'osParallelTooFew',
    { made: 1, pool: 0 },
    `Order Create made 1 voucher(s), fewer than 2 (the observation fixtures.sales.parallel says why), and fixtures.sales.parallel holds 0: ${NEEDS}`,
  ],
  ['osAcrossNotMade', { scenario: 'partially-paid', why: '<why>' }, 'partially-paid: <why>'],
  ['osAcrossUnread', { ...ACROSS, why: '<why>' }, `${MADE} could not be read: <why>`],
  ['osAcrossPayRefused', { ...ACROSS, payment: 'partial', said: '<said>' }, `${MADE}: Update Payment Status refused partial: <said>`],
  ['osAcrossPayUnread', { ...ACROSS, why: '<why>' }, `${MADE} could not be read after Update Payment Status: <why>`],
  [
    'osAcrossPayNotRead',
    { ...ACROSS, paid: false, payment: 'paid', said: '<said>' },
    `${MADE} reads not paid after Update Payment Status set paid (<said>): check readBack.orderStatus (paidValue, unpaidValue, partialValue)`,
  ],
  ['osAcrossPayMoved', { ...ACROSS, now: 'Shipped', was: 'Pending' }, `${MADE} read Shipped after Update Payment Status (was Pending)`],
  ['osAcrossNoAnswer', { ...ACROSS, to: 'Confirmed', said: '<said>' }, `${MADE}: Confirmed got no usable answer (<said>)`],
  ['osAcrossStepUnread', { ...ACROSS, to: 'Confirmed', why: '<why>' }, `${MADE} could not be read after Confirmed: <why>`],
  [
    'osAcrossAcceptedMoved',
    { ...ACROSS, now: 'Shipped', to: 'Confirmed' },
    `${MADE} read Shipped after Confirmed was accepted: another client may be changing it`,
  ],
  ['osAcrossPaidMoved', ACROSS, `${MADE} read paid after Delivered was accepted: its payment status changed under the run`],
  ['osAcrossAnswered', { ...ACROSS, to: 'Confirmed', said: '<said>' }, `${MADE}: Confirmed <said>`],
  [
    'osAcrossRefusedMoved',
    { ...ACROSS, now: 'Shipped', to: 'Confirmed' },
    `${MADE} read Shipped after Confirmed was refused: another client may be changing it`,
  ],
];

describeSuiteWords("the order-status voucher helpers' reasons", ROWS, [ORDER_STATUS_VOUCHER_WORDS]);
