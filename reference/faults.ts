// Fault switches of the reference server: each breaks exactly one rule of the spec, and names
// the requirement ids the conformance run must then fail (the self-test proves it).
// `erp-conformance serve --fault NAME` (repeatable) turns one on. Faults are made for the default
// profile: one that changes an envelope (error-code-200, rl-429-status-true) does nothing where the
// profile's errors are not envelopes. What the spec leaves open (plain-text errors, a GSTIN check)
// is a profile's choice, never a fault.

export interface Fault {
  name: string;
  /** What the reference does wrong with this switch on. */
  does: string;
  /** Requirement ids this fault breaks: a run against it must fail each of them. */
  breaks: string[];
  /**
   * Ids a run may fail besides, and no others: the fault reaches them only when requests of other
   * tests happen to overlap in time, which no run controls. The failure is real (the server did
   * lose the update), so a run that shows it is right; one that does not is right too.
   */
  mayBreak?: string[];
  /**
   * MUSTs a run against this fault cannot judge, so leaves inconclusive (never failed): a part of
   * theirs rests on what the fault breaks (an update of a voucher that cannot be updated).
   */
  leavesOpen?: string[];
  /**
   * Requirement prefixes whose suites send the requests that reach the defect, where `breaks` does
   * not name them: a 5xx the spec names no answer for fails ENV-6 alone, on the requests of the
   * suite that sends them (customer texts, the index's parameters). A run of the fault runs them too.
   */
  reachedBy?: string[];
  /** The profile the fault is made for, where its defect is of a wire only that vendor has (a cursor); default: the default vendor. */
  profile?: string;
}

export const FAULTS = [
  // ---- envelope (2.1, 7) ----
  { name: 'envelope-status-string', does: 'success envelopes carry status "true" (a string)', breaks: ['ENV-1'] },
  { name: 'envelope-no-message', does: 'success envelopes omit message', breaks: ['ENV-1'] },
  { name: 'envelope-code-number', does: 'success envelopes carry code 200 as a number', breaks: ['ENV-3'] },
  { name: 'envelope-code-ok', does: 'success envelopes carry code "OK"', breaks: ['ENV-3'] },
  { name: 'success-status-false', does: 'success envelopes carry status false', breaks: ['ENV-2'] },
  { name: 'error-code-200', does: '400 envelopes carry code "200"', breaks: ['ENV-4'] },
  { name: 'content-type-text', does: 'JSON answers are labelled text/plain', breaks: ['ENV-5'] },
  // Every route that reads a JSON body: the three of section 4 and the index's POST operations (IX-5
  // sends them one). A 5xx is ENV-6 alone, but where the spec names the answer: the order status
  // update's validation error is 400 (4.1 rule 2, OS-2e).
  {
    name: 'crash-on-bad-json',
    does: "a body that is not JSON makes the server answer 500 (section 4's operations and the index's POST operations)",
    breaks: ['ENV-6', 'OS-2e'],
    reachedBy: ['IX'],
  },
  { name: 'content-type-ignored', does: 'any request Content-Type is accepted', breaks: ['ENV-7'] },
  // ---- authentication (5) ----
  // A request without the header carries no token, whatever else it carries (AUTH-8 too).
  { name: 'auth-missing-accepted', does: 'a request without api-token is served', breaks: ['AUTH-1', 'AUTH-8', 'AUTH-10', 'AUTH-12', 'IX-1'] },
  // A near-miss of a valid token is a non-empty invalid token (AUTH-5 too).
  { name: 'auth-any-token', does: 'any non-empty api-token value is accepted', breaks: ['AUTH-2', 'AUTH-5', 'AUTH-10', 'IX-2', 'IX-3'] },
  {
    name: 'auth-401',
    does: 'unauthorized requests get 401 instead of 403',
    breaks: ['AUTH-1', 'AUTH-2', 'AUTH-5', 'AUTH-6', 'AUTH-7b', 'AUTH-8', 'AUTH-10', 'AUTH-12', 'IX-1', 'IX-2', 'IX-3'],
  },
  {
    name: 'auth-skip-order-status',
    does: 'the order status update does not check the token',
    breaks: ['AUTH-1', 'AUTH-2', 'AUTH-5', 'AUTH-6', 'AUTH-7b', 'AUTH-8'],
  },
  { name: 'auth-rejects-valid', does: 'the report rejects the valid token with 403', breaks: ['AUTH-3'] },
  { name: 'auth-prefix-compare', does: 'only the first 8 characters of the token are compared', breaks: ['AUTH-5', 'AUTH-10', 'IX-3'] },
  { name: 'auth-case-insensitive', does: 'the token is compared without regard to letter case', breaks: ['AUTH-5', 'AUTH-10', 'IX-3'] },
  { name: 'auth-empty-accepted', does: 'an empty api-token header is served', breaks: ['AUTH-6', 'AUTH-10', 'IX-2'] },
  // Which of two values a stack keeps is the vendor's choice (AUTH-7, INFO); two invalid values are never a valid token.
  {
    name: 'auth-duplicate-unchecked',
    does: 'a request carrying api-token twice is served whatever the two values (the check skips a header that came as a list)',
    breaks: ['AUTH-7b'],
  },
  { name: 'auth-query-token', does: 'a valid token in the query string (?api-token=) is accepted when the header is absent', breaks: ['AUTH-8', 'AUTH-12'] },
  { name: 'auth-bearer-accepted', does: 'Authorization: Bearer <valid token> is accepted when api-token is absent', breaks: ['AUTH-8'] },
  // ---- order status (3, 4.1) ----
  { name: 'os-ignore-branch', does: 'a voucher of another branch is updated', breaks: ['OS-1'] },
  { name: 'os-missing-voucher-200', does: 'an unknown voucher answers 200', breaks: ['OS-1'] },
  { name: 'os-missing-voucher-404', does: 'an unknown voucher answers 404 (not 400)', breaks: ['OS-1b'] },
  { name: 'os-case-insensitive', does: 'orderStatus is matched case-insensitively', breaks: ['OS-2'] },
  { name: 'os-trim-status', does: 'orderStatus is trimmed before matching', breaks: ['OS-2f'] },
  { name: 'os-any-status', does: 'any string orderStatus is accepted', breaks: ['OS-2', 'OS-2f', 'OS-4'] },
  { name: 'os-non-string-status', does: 'a non-string orderStatus is coerced to a string', breaks: ['OS-2'] },
  { name: 'os-reject-cancelled', does: 'Cancelled is refused', breaks: ['ST-1'] },
  { name: 'os-delivered-unpaid', does: 'Delivered is accepted whatever the payment status', breaks: ['OS-3'] },
  { name: 'os-delivered-never', does: 'Delivered is refused even when paid', breaks: ['OS-3'] },
  { name: 'os-reason-unchecked', does: 'reason is not validated', breaks: ['OS-2c', 'OS-2d'] },
  { name: 'os-reason-lenient', does: 'reason accepts fractions and numeric strings', breaks: ['OS-2d'] },
  { name: 'os-branch-optional', does: 'branch_id may be missing or not an integer', breaks: ['OS-2b'] },
  { name: 'os-empty-body-ok', does: 'an empty body is taken as no change and answers 200', breaks: ['OS-2e'] },
  { name: 'os-response-object', does: 'success response is {} instead of null', breaks: ['OS-5'] },
  { name: 'os-refusal-writes', does: 'an update refused for its reason or branch_id has already stored its orderStatus', breaks: ['OS-8'] },
  { name: 'os-salesid-prefix', does: 'the path salesId is read up to its first non-digit (1001abc is taken as 1001)', breaks: ['OS-2g'] },
  { name: 'os-cancel-not-stored', does: 'Cancelled is answered 200 but not stored: the voucher keeps its status', breaks: ['OS-9'] },
  {
    name: 'os-parallel-lost-update',
    does: 'overlapping status updates go through one shared slot after a wait: only the last takes effect, each answers 200',
    breaks: ['OS-7'],
    // Another test's single update that overlaps one of them is lost too, and read back (OS-9).
    mayBreak: ['OS-9'],
  },
  {
    name: 'os-overlap-deadlock',
    does: 'two updates of one voucher in flight at once: the later is answered 500 (a database deadlock), the earlier is stored',
    breaks: ['ENV-6'],
  },
  { name: 'os-overlap-lost', does: 'two updates of one voucher in flight at once are both answered 200 and neither is stored', breaks: ['OS-9'] },
  // ---- customer (2.3, 2.4, 4.2) ----
  { name: 'cu-contactid-string', does: 'contactId is returned as a string', breaks: ['CU-1'] },
  { name: 'cu-contactid-reused', does: 'every creation returns the same contactId', breaks: ['CU-2'] },
  { name: 'cu-single-address', does: 'more than one address is refused with 400', breaks: ['CU-3'] },
  { name: 'cu-opening-unchecked', does: 'non-numeric opening and creditLimit are accepted', breaks: ['CU-4'] },
  {
    name: 'cu-type-coercion',
    does: 'the customer body is read as a lenient parser reads it: a number where text is stated becomes text, null or true where an integer is stated becomes 0 or 1',
    breaks: ['CU-4b'],
  },
  { name: 'cu-isdefault-unchecked', does: 'isDefault outside 0/1 is accepted', breaks: ['CU-5'] },
  { name: 'cu-branch-unchecked', does: 'an unknown branch_id is accepted', breaks: ['CU-6'] },
  { name: 'cu-empty-lastname', does: 'an empty lastName is refused', breaks: ['CU-7'] },
  { name: 'cu-drop-addresses', does: 'only the first address is saved', breaks: ['CU-8'] },
  { name: 'cu-default-lost', does: 'the saved addresses all have isDefault 0', breaks: ['CU-9'] },
  { name: 'cu-ignore-deleted', does: 'deletedAddressIds is ignored', breaks: ['CU-10'] },
  {
    name: 'cu-500-non-latin',
    does: 'a name, company or address line holding a letter outside Latin-1 (Devanagari, Tamil ...) answers 500',
    breaks: ['ENV-6'],
    reachedBy: ['CU'],
  },
  { name: 'cu-500-long-text', does: 'an addressLine1 or remark longer than 255 characters answers 500', breaks: ['ENV-6'], reachedBy: ['CU'] },
  { name: 'cu-upsert-duplicates', does: 'a saved address sent again with its addressId is added as a new address, not updated in place', breaks: ['CU-14'] },
  { name: 'cu-two-defaults-kept', does: 'a request marking two addresses isDefault 1 is accepted and both are saved as default', breaks: ['CU-9'] },
  { name: 'cu-truncates-long-text', does: 'text fields are saved cut to 255 characters (a VARCHAR(255) that truncates), and answered 200', breaks: ['CU-15'] },
  { name: 'cu-mangles-non-ascii', does: 'text fields are saved through Latin-1: every character outside it is stored as "?"', breaks: ['CU-15'] },
  { name: 'cu-drops-non-bmp', does: 'text fields are saved without their characters outside the BMP (emoji; a utf8mb3 column)', breaks: ['CU-15'] },
  { name: 'cu-html-escapes-text', does: 'text fields are saved HTML-escaped (& < > " \' stored as &amp; &lt; &gt; &quot; &#39;)', breaks: ['CU-15'] },
  { name: 'cu-collapses-spaces', does: 'text fields are saved with each run of spaces inside collapsed to one space', breaks: ['CU-15'] },
  {
    name: 'cu-refusal-saves',
    does: 'a customer refused with 400 for a value of its body (a non-numeric opening, isDefault outside 0/1 ...) has already been saved',
    breaks: ['CU-16'],
  },
  {
    name: 'cu-address-of-another-contact',
    does: "an addressId is looked up among every contact's addresses: a save sending another contact's addressId updates that address, and one in deletedAddressIds drops it",
    breaks: ['CU-17'],
  },
  { name: 'cu-contactid-race', does: 'the next contactId is read, then taken after a wait: overlapping creations get the same id', breaks: ['CU-2'] },
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
    does: 'a report whose identical twin is in flight (each waits a moment, as for a slow query) counts one transaction more',
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

export type FaultName = (typeof FAULTS)[number]['name'];

export const FAULT_NAMES: readonly FaultName[] = FAULTS.map((f) => f.name);

export function isFaultName(name: string): name is FaultName {
  return (FAULT_NAMES as readonly string[]).includes(name);
}

/** The ids a run against this fault may fail: those it breaks and those it may break. */
export function mayFail(f: Pick<Fault, 'breaks' | 'mayBreak'>): string[] {
  return [...f.breaks, ...(f.mayBreak ?? [])];
}

/** A run's failed ids are what the fault names: each id it breaks, and besides only ids it may break. */
export function failsAsNamed(f: Pick<Fault, 'breaks' | 'mayBreak'>, failed: readonly string[]): boolean {
  return f.breaks.every((id) => failed.includes(id)) && failed.every((id) => mayFail(f).includes(id));
}

export function fault(name: FaultName): Fault {
  return FAULTS.find((f) => f.name === name)!;
}
