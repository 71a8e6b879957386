// The faults of the report, the rate limit, the index's other operations, the rules across
// operations, the lists the run writes to and the authentication on every configured operation
// (spec 1, 2.5, 3, 4.1, 4.3, 5, 7, 8): each breaks one rule and names the ids it breaks
// (reference/faults.ts joins them with the others).
import type { Fault } from './fault.ts';

export const READ_FAULTS = [
  // ---- report (2.5, 4.3, 8) ----
  { name: 'rp-date-iso', does: 'item dates are yyyy-mm-dd', breaks: ['RP-4'] },
  { name: 'rp-range-day-after', does: 'the range includes the day after dateTo', breaks: ['RP-1'] },
  { name: 'rp-local-time', does: 'dates are interpreted in UTC+05:30, not UTC', breaks: ['RP-11'] },
  { name: 'rp-limit-ignored', does: 'limit is ignored (up to 500 items are returned)', breaks: ['RP-2'] },
  { name: 'rp-offset-overlap', does: 'pages overlap by one item', breaks: ['RP-2'] },
  { name: 'rp-totalcount-page', does: 'totalCount is the length of the page', breaks: ['RP-2'] },
  { name: 'rp-qty-mismatch', does: 'consumedQty drops its last element', breaks: ['RP-3'] },
  { name: 'rp-amount-decimals', does: 'amounts are not written with two decimals', breaks: ['RP-6'] },
  { name: 'rp-module-name-swap', does: 'moduleName is Recipe for mc and Material Creation for bom', breaks: ['RP-5'] },
  { name: 'rp-module-filter-ignored', does: 'the moduleName filter is ignored', breaks: ['RP-8'] },
  { name: 'rp-branch-first-only', does: 'only the first branch of branchList is reported', breaks: ['RP-9'] },
  { name: 'rp-branch-ignored', does: 'branchList is ignored: the transactions of every branch are reported', breaks: ['RP-9b'] },
  { name: 'rp-branch-double-count', does: 'transactions are counted once per listed branch plus once more', breaks: ['RP-9b', 'RP-2'] },
  { name: 'rp-totalcount-string', does: 'totalCount is a string', breaks: ['RP-7'] },
  { name: 'rp-accepts-bad-dates', does: 'dates that are not ISO 8601 UTC are accepted', breaks: ['RP-12'] },
  { name: 'rp-narrow-more', does: 'a range shorter than 7 days repeats its items', breaks: ['RP-10', 'RP-2'] },
  { name: 'rp-dateto-exclusive', does: 'a transaction at exactly dateTo is left out (the range is half-open)', breaks: ['RP-17', 'RP-25'] },
  { name: 'rp-dateto-day-start', does: 'the time of dateTo is dropped: the range ends at 00:00:00 of its day', breaks: ['RP-17', 'RP-18'] },
  // A stack that checks the ids' format, then parses them with Python's int(), which refuses more
  // than 4300 digits: a 5xx the spec names no answer for is ENV-6 (SHOULD) and only ENV-6 (RP-16 records the answers).
  {
    name: 'rp-500-long-digits',
    does: 'an id filter (recipeIds ... departmentIds) holding an id of more than 4300 digits answers 500 (Python int() refuses it)',
    breaks: ['ENV-6'],
  },
  { name: 'rp-filter-first-only', does: 'an id filter list honours only its first id', breaks: ['RP-19b'] },
  { name: 'rp-filter-ignored', does: 'the id filters (recipeIds ... departmentIds) are ignored', breaks: ['RP-19', 'RP-19c'] },
  { name: 'rp-empty-filter-nothing', does: 'an id filter sent as an empty string matches nothing (instead of meaning no filter)', breaks: ['RP-22'] },
  {
    name: 'rp-filters-or',
    does: 'several filters (moduleName, id filters) are combined with OR: a transaction matching any one is reported',
    breaks: ['RP-23'],
  },
  {
    name: 'rp-module-unknown-dropped',
    does: 'a moduleName list holding a value outside bom/mc drops the module filter (every module is reported)',
    breaks: ['RP-24'],
  },
  {
    name: 'rp-total-counts-join-rows',
    does: 'totalCount counts the rows of the join of transactions and their product lines, while the pages hold transactions',
    breaks: ['RP-2'],
  },
  {
    name: 'rp-instant-range-empty',
    does: 'a range whose dateFrom equals dateTo holds nothing (the server answers an empty report when dateFrom >= dateTo)',
    breaks: ['RP-25'],
  },
  { name: 'rp-date-local-day', does: 'item dates are the day in UTC+05:30 (the range is read in UTC)', breaks: ['RP-11'] },
  { name: 'rp-transactionid-string', does: 'transactionId is written as a string of digits', breaks: ['RP-7'] },
  { name: 'rp-limit-zero-all', does: 'limit 0 returns every item', breaks: ['RP-20'] },
  {
    name: 'rp-negative-offset-from-end',
    does: 'a negative offset is accepted and counted from the end, as a slice in Python is: offset -3 answers the last three items',
    breaks: ['RP-20'],
  },
  { name: 'rp-offset-wraps', does: 'an offset at or past the end returns the first page again', breaks: ['RP-20', 'RP-2'] },
  // Three ways a walk of the pages never ends by itself: each walk must stop at what it saw (a page seen before, an empty page, its cap).
  { name: 'rp-offset-ignored', does: 'offset is ignored: every page is the first page', breaks: ['RP-2'] },
  {
    name: 'rp-totalcount-endless',
    does: 'totalCount is the count plus the offset asked: it grows with each page, and a walk never reaches it (the items are right)',
    breaks: ['RP-2'],
  },
  {
    name: 'rp-pages-repeat',
    does: 'from the third page on, the pages repeat the first two in turn (the offset is taken modulo twice the limit)',
    breaks: ['RP-2'],
  },
  {
    name: 'rp-parallel-disagree',
    does: 'a first page (offset 0) whose identical twin is in flight (each waits a moment, as for a slow query) counts one transaction more',
    breaks: ['RP-21'],
  },
  // ---- rate limit (7, 8) ----
  { name: 'rl-retry-after-lies', does: 'Retry-After is one third of the real wait', breaks: ['RL-3'] },
  { name: 'rl-429-status-true', does: 'the 429 envelope says status true', breaks: ['RL-2'] },
  { name: 'rl-503', does: 'over the limit the server answers 503, not 429', breaks: ['RL-1', 'RL-5'] },
  {
    name: 'rl-limiter-leaks',
    does: 'the limiter checks the count, then counts the request only after an async step: parallel requests inside one window all see the old count',
    breaks: ['RL-6'],
  },
  // ---- the index's other operations (1, 5) ----
  { name: 'ix-read-open', does: 'Get Tax List (GET /api/v1/master/tax) is served without api-token', breaks: ['IX-1', 'AUTH-12'] },
  { name: 'os-touches-due-date', does: "an order status update also sets the voucher's due date (Get Sales Data By Id shows it)", breaks: ['OS-6'] },
  // The index's parameters are not shown: a 5xx to a malformed one is ENV-6 alone (IX-5 records the answers).
  {
    name: 'ix-limit-500',
    does: "a malformed limit or offset of the index's paged lists (products, customers ...) answers 500",
    breaks: ['ENV-6'],
    reachedBy: ['IX'],
  },
  {
    name: 'ix-order-create-not-updatable',
    does: 'a voucher Order Create made (Get Sales Data By Id reads it) answers 404 to every order status update',
    breaks: ['IX-10'],
    // unchanged/OS-6+IX-10 updates the voucher Order Create made: its OS-6 part cannot be judged.
    leavesOpen: ['OS-6'],
  },
  {
    name: 'ix-total-lies',
    does: 'the paged lists of the index (products, customers, sales data ...) say totalCount three more than they hold',
    breaks: ['IX-7'],
  },
  // ---- rules across operations (3, 4.1) ----
  { name: 'os-paid-once', does: 'Delivered is accepted on a voucher that was paid once and is unpaid now (Update Payment Status)', breaks: ['OS-3'] },
  { name: 'os-partial-is-paid', does: 'Delivered is accepted on a partially paid voucher', breaks: ['OS-3'] },
  { name: 'os-cancel-voids-payment', does: "Cancelled also sets the voucher's payment status unpaid", breaks: ['OS-6'] },
  {
    name: 'os-refused-rule-writes',
    does: 'Delivered refused on an unpaid voucher (400, 4.1 rule 3) has already stored Delivered',
    breaks: ['OS-8'],
  },
  // ---- lists the run writes to, branchList text, the body's branch, Retry-After ----
  {
    name: 'cu-branch-from-body',
    does: "a branchId in the customer body (no field of 2.3) overrides the query's branch_id: the customer is saved in the body's branch",
    breaks: ['CU-18'],
  },
  {
    name: 'rp-branchlist-injection',
    does: 'a branchList holding OR is pasted into SQL ("5 OR 5=5" selects every row): every branch\'s transactions are reported',
    breaks: ['RP-26'],
  },
  {
    name: 'rp-branchlist-500',
    does: 'a branchList holding anything but digits, commas and spaces is an SQL syntax error, answered 500',
    breaks: ['ENV-6'],
  },
  {
    name: 'ix-cursor-skips-boundary',
    does: "each next cursor of a list paged by cursor skips the item at the page boundary (ledger-bare's cursor lists)",
    breaks: ['IX-7'],
    profile: 'ledger-bare',
  },
  {
    name: 'ix-customer-count-all-branches',
    does: "Get Customer List W Branch Id pages the branch's customers, but its totalCount counts every branch's",
    breaks: ['IX-7'],
  },
  { name: 'rl-retry-after-ms', does: 'Retry-After states the wait in milliseconds (6000 for 6 s)', breaks: ['RL-3'] },
  // ---- authentication on every configured operation, read-backs included ----
  {
    name: 'auth-readback-open',
    does: 'the read-backs (Get Contact By Id, Order Status) are served whatever the api-token, or without one',
    breaks: ['AUTH-10', 'AUTH-12'],
  },
  {
    name: 'auth-order-create-writes-then-403',
    does: 'an Order Create without a valid token makes the voucher, then answers 403',
    breaks: ['AUTH-11'],
  },
  {
    name: 'auth-status-update-writes-then-403',
    does: 'an order status update without a valid token stores the status, then answers 403',
    breaks: ['AUTH-11'],
  },
  {
    name: 'auth-contact-save-writes-then-403',
    does: 'a customer sent without a valid token is saved, then answered 403',
    breaks: ['AUTH-11'],
  },
  {
    name: 'auth-voucher-data-writes-then-403',
    does: 'Update Due Date and Update Shipping Detail sent without a valid token store the change, then answer 403',
    breaks: ['AUTH-11'],
  },
  {
    name: 'auth-body-token',
    does: 'a valid token in the JSON body ("api-token" field) of a POST is accepted when the header is absent',
    breaks: ['AUTH-8', 'AUTH-12'],
  },
] as const satisfies readonly Fault[];
