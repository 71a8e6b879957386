// The reasons the rate-limit, envelope-auth and index-operations suites write of their own for a requirement they could not judge
// (inconclusive), that the config leaves out (out of scope), or a test they skip, by code
// (suites/rate-limit/, suites/envelope-auth/, suites/index-operations/). core/words/suites.ts gathers them; scripts/troubleshooting/ says what to do
// about each code. A reason a suite writes is made here or does not compile.
import type { Value, WordsTable } from './words.ts';

export const OTHER_SUITE_WORDS = {
  rlNotLoopback: { say: () => 'the target is not a loopback address and load.allowNonLoopback is false' },
  rlProbeUnanswered: { say: () => 'the probe got no answer to push the rate limit with' },
  rl429NoEnvelope: { say: () => 'the target\'s 429s do not carry the envelope (ENV-8 records the shape): nothing to hold to status false and code "429"' },
  rlNoRetryAfter: { say: () => 'the target sends no Retry-After with its 429s' },
  rlNo429NoRetryAfter: { say: () => 'no 429 came within the load caps, so no Retry-After to test' },
  rlNo429: { say: () => 'no 429 came within the load caps (load.maxRequests, load.maxSeconds)' },
  rlNoLimit: { say: () => 'no rate limit was measured (the probe found none within the load caps): no limit to hold a burst to' },
  rlCapsUsed: {
    say: (v: { maxRequests: Value; maxSeconds: Value }) => `the probe used the load caps (load.maxRequests ${v.maxRequests}, load.maxSeconds ${v.maxSeconds})`,
  },
  rlLoadUnanswered: { say: () => 'no answer came under the load' },
  envErrorsNoEnvelope: {
    say: (v: { shapes: unknown }) => `the target's error bodies do not carry the envelope (${v.shapes}): nothing to hold to status false`,
  },
  envNoWritesJunk: { say: () => 'writes: false: junk sent to the write operations could change data on a non-conforming target' },
  envNoReadBack: { say: () => 'no readBack is configured: the spec gives the two reads no path' },
  envNoWrites: { say: () => 'writes: false forbids the writes this test sends' },
  envNoIndexNoReadBack: { say: () => 'no index operation and no readBack is configured (config operations, readBack)' },
  envNoRead: { say: (v: { whys: Value }) => `no read shows what a refused write changed: ${v.whys}` },
  ixNoCustomerList: { say: (v: { list: Value }) => `operations.${v.list} is not configured with its list (or writes is false)` },
  ixNoWrites: { say: () => 'writes is false: no customer is created' },
  ixNoContactId: { say: (v: { status: Value | undefined }) => `contactSave did not answer a contactId (HTTP ${v.status})` },
  ixNotServed: { say: (v: { what: Value }) => `not served (404/405 to its configured request in the preflight): ${v.what}` },
  ixNoIndexOperation: { say: () => 'no index operation is configured (config operations)' },
  ixAllWrites: { say: () => 'every configured index operation is a write, and writes is false' },
  ixOthersWrites: { say: (v: { served: string }) => `the others are writes, and writes is false: ${v.served}` },
  ixNoPagedList: { say: () => 'no operation of config operations is a paged list (paged: true with its list)' },
  ixNoAnswer: { say: (v: { name: string; kind: string }) => `${v.name}: no answer (${v.kind})` },
  ixTokenRefused: {
    say: (v: { name: string; status: Value }) => `${v.name}: the configured token is refused with ${v.status} (not scoped to this operation?)`,
  },
  ixNotAtPath: { say: (v: { name: string; status: Value }) => `${v.name}: answered ${v.status} at the configured path (check operations.${v.name})` },
  ixStill429: { say: (v: { name: string }) => `${v.name}: still rate limited (429)` },
  ixPageStatus: { say: (v: { name: string; status: Value }) => `${v.name}: the page answered HTTP ${v.status}` },
  ixPageRefused: { say: (v: { name: string; refusal: Value }) => `${v.name}: the page was refused (HTTP 200 with ${v.refusal})` },
  ixNoListAt: { say: (v: { name: string; list: Value | undefined }) => `${v.name}: no list at ${v.list} (check operations.${v.name}.list)` },
  ixNoCountAt: { say: (v: { name: string; path: Value }) => `${v.name}: no count at ${v.path} (check operations.${v.name}.totalCount)` },
  ixListEmpty: { say: (v: { name: string }) => `${v.name}: the list is empty` },
  ixPageTooBig: {
    say: (v: { name: string; size: Value; n: Value }) => `${v.name}: a page of ${v.size} 2 held ${v.n} items (does it take ${v.size} under that name?)`,
  },
  ixNoCountPaged: {
    say: (v: { name: string; size: Value }) =>
      `${v.name}: declared with no count (totalCount: null) and paged by ${v.size}: a walk by offset or page shifts under writes, only a cursor list is judged without a count`,
  },
  ixLastNoCount: { say: (v: { name: string }) => `${v.name}: the last page stated no count` },
  ixCountMoved: {
    say: (v: { name: string; first: Value; last: Value; down: boolean; own: Value }) =>
      `${v.name}: totalCount changed from ${v.first} to ${v.last} between two pages, ${v.down ? 'down' : `by more than the ${v.own} creation(s) of this run meanwhile`} (another writer)`,
  },
  ixWalksDiffered: {
    say: (v: { name: string }) =>
      `${v.name}: two walks by cursor differed, and walked again they differed otherwise: the list changed while it was walked (another writer?)`,
  },
  ixCursorTwice: { say: (v: { name: string; cursor: Value }) => `${v.name}: cursor ${v.cursor} was given twice (the walk would loop)` },
  ixListTooLong: {
    say: (v: { name: string; pages: Value; size: Value; walked: Value; total: Value | undefined }) =>
      `${v.name}: the list is longer than ${v.pages} of its pages of ${v.size} (${v.walked} items walked${v.total !== undefined ? ` of totalCount ${v.total}` : ''})`,
  },
  ixCursorPage: { say: (v: { why: Value; page: Value }) => `${v.why} (page ${v.page}, asked with the cursor the page before gave)` },
  envNoOrderCreate: { say: () => 'operations["order-create"] is not configured' },
  envNoMarker: {
    say: () =>
      'Order Create: marker["order-create"] or marker["get-sales-data-by-id"] is null: a voucher a refused creation made cannot be told from another writer\'s',
  },
  envOrderCreateNoRead: {
    say: () => 'Order Create: neither operations["get-sales-data-by-id"] nor readBack.orderStatus is configured to read a voucher by id',
  },
  envOrderCreateNoId: {
    say: (v: { other: Value; created: Value; answer: Value }) =>
      `Order Create in branch ${v.other} with the valid token gave no id at ${v.created} (${v.answer})`,
  },
  envOrderCreateAccepted: { say: () => 'Order Create without a valid token was accepted (IX-1, IX-2 judge it)' },
  envOrderCreateNotRefused: { say: (v: { answers: Value }) => `Order Create without a valid token was answered ${v.answers}, not 401/403` },
  envMarkerUnread: {
    say: (v: { salesId: Value; mine: Value; field: Value; answer: Value; at: Value }) =>
      `Order Create: voucher ${v.salesId}, made with "${v.mine}" in ${v.field}, read back ${v.answer} without it at ${v.at}: no voucher can be told by the run's marker (config marker)`,
  },
  envNotInOrder: {
    say: (v: { wide: Value }) =>
      `Order Create: the vouchers made before and after the refused ones (${v.wide}) are not numbered in order closely enough to read the ids between (other writers create meanwhile)`,
  },
  envMadeUnread: {
    say: (v: { salesId: Value; request: Value; said: Value }) => `Get Sales Data By Id did not read voucher ${v.salesId}, made by ${v.request} (${v.said})`,
  },
  envWriteAccepted: { say: (v: { name: Value; said: Value }) => `${v.name} without a valid token was accepted: ${v.said}` },
  envAfterRefusedUnread: {
    say: (v: { salesId: Value; name: Value; said: Value }) => `Get Sales Data By Id did not read voucher ${v.salesId} after the refused ${v.name} (${v.said})`,
  },
  envNoOtherWrite: { say: () => 'no other write to a voucher ({salesId}) is configured' },
  envWritesNeedVoucher: {
    say: (v: { names: Value }) =>
      `${v.names}: needs operations["order-create"] (a voucher they visibly change) and operations["get-sales-data-by-id"] (to read it)`,
  },
  envNoWriteRefused: { say: (v: { names: Value }) => `no ${v.names} without a valid token was refused with 401/403` },
  envVoucherNoReadBack: { say: () => 'order status update, Update Payment Status: readBack.orderStatus is not configured to read a voucher' },
  envNoFreeVoucher: { say: () => 'no voucher of fixtures.sales.refusals was free of other tests in time' },
  voucherNotRead: { say: (v: { salesId: Value; why: Value }) => `voucher ${v.salesId} could not be read: ${v.why}` },
  envVoucherUnreadAfter: { say: (v: { salesId: Value; why: Value }) => `voucher ${v.salesId} could not be read after the refused writes: ${v.why}` },
  envNoVoucherWriteRefused: { say: (v: { salesId: Value }) => `no write to voucher ${v.salesId} without a valid token was refused with 401/403` },
  envNoLookup: { say: (v: { lookup: Value }) => `contact-save: operations.${v.lookup} is not configured to find a customer by its mobile number` },
  envContactSaveAccepted: { say: () => 'contact-save without a valid token was accepted (AUTH-1, AUTH-2, AUTH-6 judge it)' },
  envContactSaveNotRefused: { say: (v: { refused: Value }) => `contact-save without a valid token was answered ${v.refused}, not 401/403` },
  envContactSaveNotCreated: { say: (v: { answer: Value }) => `contact-save with the valid token was answered ${v.answer} (CU-1 judges creation)` },
  envLookupListsNone: {
    say: (v: { lookup: Value; contactId: Value }) => `${v.lookup} lists no contact with the mobile number of contactId ${v.contactId}, just created`,
  },
  envChangedOnce: {
    say: (v: { what: string; diff: string }) =>
      `${v.what} changed it (${v.diff}) after refusals for the token once, not on a second fresh voucher (another writer?)`,
  },
  envChangedOnceWhy: {
    say: (v: { what: string; diff: string; why: string }) =>
      `${v.what} changed it (${v.diff}) after refusals for the token once, not on a second fresh voucher (another writer?): ${v.why}`,
  },
} satisfies WordsTable;
