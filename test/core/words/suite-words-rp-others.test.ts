// The words of the report, rate-limit, envelope-auth and index-operations suites' reasons, byte for byte: each code of core/words/suite-report.ts and suite-others.ts
// renders, from sample values, the sentence the suite wrote in place before its reasons became
// declared words (records.json and the certificate hold the same text). A table: one row a code,
// and every code of the tables has its row.
import { describe, expect, it } from 'vitest';
import { REPORT_WORDS } from '../../../core/words/suite-report.ts';
import { OTHER_SUITE_WORDS } from '../../../core/words/suite-others.ts';
import { type SuiteCode, suiteSays } from '../../../core/words/suites.ts';

const say = suiteSays as (code: SuiteCode, v?: unknown) => string;

const ROWS: [SuiteCode, Record<string, unknown> | undefined, string][] = [
  ['rpBranchListNoId', { branchList: '<branchList>' }, 'fixtures.report.branchList does not start with a branch id (<branchList>)'],
  ['rpBranchTextUnanswered', { text: '<text>' }, 'the report with branchList <text> got no answer'],
  ['rpBranchNoTotal', { named: '<named>' }, 'the report over branch <named> alone answered no totalCount'],
  ['rpNoDayFirstDate', undefined, 'no transaction of the fixture range carries a dd/mm/yyyy date (RP-4 reports it)'],
  ['rpTotalsMoved', undefined, 'the totalCounts of the range or of its days changed between their pages (RP-2 reports it)'],
  ['rpLimitOneNotKept', undefined, 'the target does not keep a page to limit 1 (RP-2 reports it): the limit edges are not judged'],
  ['rpPagesShort', undefined, 'the pages of the fixture range did not hold totalCount transactions (RP-2): the offset edges are not judged'],
  ['rpOffsetNotSkipped', undefined, 'the target does not skip offset items at limit 1 (RP-2 reports it): the offset edges are not judged'],
  ['rpNoFilterIds', undefined, 'fixtures.report.filterIds lists no id: no filter to combine with the module filter'],
  ['rpNoCombinationRead', undefined, 'no combination of filters was read to its end'],
  ['rpOneBranchNoEmpty', undefined, 'fixtures.report.branchList names one branch and fixtures.report.emptyBranchId is not set: no two branches to compare'],
  ['rpRangeNotEnded', undefined, 'the fixture range was not read to its end: choose a range of fewer transactions'],
  ['rpNoTwoIdFilter', undefined, 'no id filter had two ids matching transactions of the range: list some in fixtures.report.filterIds'],
  ['rpIdListRefused', undefined, 'the target refused the id lists "a,b" with a 4xx (the list format is not shown; RP-14 records it)'],
  ['rpNoDayRead', { days: 4 }, 'no one-day range of the 4 least busy day(s) of the fixture range held a transaction read to its end'],
  [
    'rpSubSecond',
    { id: '<id>', instant: '<instant>' },
    'transaction <id> lies after <instant> within its second (times finer than a second): [t, t] is not judged',
  ],
  ['rpNoProductList', undefined, 'operations.get-product-list is not configured: the report names its products, only the product list relates them to ids'],
  ['rpListsUnrelated', { lists: '<lists>' }, "<lists>: the report's product names cannot be related to ids"],
  [
    'rpNothingRelated',
    undefined,
    'no transaction of the filtered reports could be related to the lists (names the product list does not hold, or holds twice)',
  ],
  ['rpWalkNotEnded', { pages: 4, limit: 4 }, 'the fixture range was not read to its end within 4 pages of 4'],
  ['rpWalkBadPage', { offset: 4 }, 'the walk of the fixture range got a page that was not a 200 with a totalCount at offset 4 (RP-7 says why)'],
  ['rpNoTotalCount', { query: '<query>' }, 'the report of fixtures.report (<query>) did not answer a page with a totalCount (RP-7 says why)'],
  [
    'rpRangeEmpty',
    { dateFrom: '<dateFrom>', dateTo: '<dateTo>', branchList: '<branchList>' },
    'the report range <dateFrom> .. <dateTo> over branches <branchList> held no transactions: see fixtures.report',
  ],
  ['rpConcurrencyOne', undefined, 'run.concurrency is 1: no two requests are in flight at once'],
  [
    'rpDataMoved',
    { seen: '<seen>' },
    "the report's data changed while each reading of the relation was taken (<seen>): another client writes in the fixture range; a relation is judged only on data that stayed still",
  ],
  ['rlNotLoopback', undefined, 'the target is not a loopback address and load.allowNonLoopback is false'],
  ['rlProbeUnanswered', undefined, 'the probe got no answer to push the rate limit with'],
  ['rl429NoEnvelope', undefined, 'the target\'s 429s do not carry the envelope (ENV-8 records the shape): nothing to hold to status false and code "429"'],
  ['rlNoRetryAfter', undefined, 'the target sends no Retry-After with its 429s'],
  ['rlNo429NoRetryAfter', undefined, 'no 429 came within the load caps, so no Retry-After to test'],
  ['rlNo429', undefined, 'no 429 came within the load caps (load.maxRequests, load.maxSeconds)'],
  ['rlNoLimit', undefined, 'no rate limit was measured (the probe found none within the load caps): no limit to hold a burst to'],
  ['rlCapsUsed', { maxRequests: 4, maxSeconds: 4 }, 'the probe used the load caps (load.maxRequests 4, load.maxSeconds 4)'],
  ['rlLoadUnanswered', undefined, 'no answer came under the load'],
  ['envErrorsNoEnvelope', { shapes: '<shapes>' }, "the target's error bodies do not carry the envelope (<shapes>): nothing to hold to status false"],
  ['envNoWritesJunk', undefined, 'writes: false: junk sent to the write operations could change data on a non-conforming target'],
  ['envNoReadBack', undefined, 'no readBack is configured: the spec gives the two reads no path'],
  ['envNoWrites', undefined, 'writes: false forbids the writes this test sends'],
  ['envNoIndexNoReadBack', undefined, 'no index operation and no readBack is configured (config operations, readBack)'],
  ['envNoRead', { whys: '<whys>' }, 'no read shows what a refused write changed: <whys>'],
  ['ixNoCustomerList', { list: '<list>' }, 'operations.<list> is not configured with its list (or writes is false)'],
  ['ixNoWrites', undefined, 'writes is false: no customer is created'],
  ['ixNoContactId', { status: 500 }, 'contactSave did not answer a contactId (HTTP 500)'],
  ['ixNotServed', { what: '<what>' }, 'not served (404/405 to its configured request in the preflight): <what>'],
  ['ixNoIndexOperation', undefined, 'no index operation is configured (config operations)'],
  ['ixAllWrites', undefined, 'every configured index operation is a write, and writes is false'],
  ['ixOthersWrites', { served: '<served>' }, 'the others are writes, and writes is false: <served>'],
  ['ixNoPagedList', undefined, 'no operation of config operations is a paged list (paged: true with its list)'],
  ['ixNoAnswer', { name: '<name>', kind: '<kind>' }, '<name>: no answer (<kind>)'],
  ['ixTokenRefused', { name: '<name>', status: 500 }, '<name>: the configured token is refused with 500 (not scoped to this operation?)'],
  ['ixNotAtPath', { name: '<name>', status: 500 }, '<name>: answered 500 at the configured path (check operations.<name>)'],
  ['ixStill429', { name: '<name>' }, '<name>: still rate limited (429)'],
  ['envNoOrderCreate', undefined, 'operations["order-create"] is not configured'],
  [
    'envNoMarker',
    undefined,
    'Order Create: marker["order-create"] or marker["get-sales-data-by-id"] is null: a voucher a refused creation made cannot be told from another writer\'s',
  ],
  [
    'envOrderCreateNoRead',
    undefined,
    'Order Create: neither operations["get-sales-data-by-id"] nor readBack.orderStatus is configured to read a voucher by id',
  ],
  [
    'envOrderCreateNoId',
    { other: '<other>', created: 4, answer: '<answer>' },
    'Order Create in branch <other> with the valid token gave no id at 4 (<answer>)',
  ],
  ['envOrderCreateAccepted', undefined, 'Order Create without a valid token was accepted (IX-1, IX-2 judge it)'],
  ['envOrderCreateNotRefused', { answers: '<answers>' }, 'Order Create without a valid token was answered <answers>, not 401/403'],
  [
    'envMarkerUnread',
    { salesId: 1001n, mine: '<mine>', field: '<field>', answer: '<answer>', at: '<at>' },
    'Order Create: voucher 1001, made with "<mine>" in <field>, read back <answer> without it at <at>: no voucher can be told by the run\'s marker (config marker)',
  ],
  [
    'envNotInOrder',
    { wide: '<wide>' },
    'Order Create: the vouchers made before and after the refused ones (<wide>) are not numbered in order closely enough to read the ids between (other writers create meanwhile)',
  ],
  ['envMadeUnread', { salesId: 1001n, request: '<request>', said: '<said>' }, 'Get Sales Data By Id did not read voucher 1001, made by <request> (<said>)'],
  ['envWriteAccepted', { name: '<name>', said: '<said>' }, '<name> without a valid token was accepted: <said>'],
  [
    'envAfterRefusedUnread',
    { salesId: 1001n, name: '<name>', said: '<said>' },
    'Get Sales Data By Id did not read voucher 1001 after the refused <name> (<said>)',
  ],
  ['envNoOtherWrite', undefined, 'no other write to a voucher ({salesId}) is configured'],
  [
    'envWritesNeedVoucher',
    { names: '<names>' },
    '<names>: needs operations["order-create"] (a voucher they visibly change) and operations["get-sales-data-by-id"] (to read it)',
  ],
  ['envNoWriteRefused', { names: '<names>' }, 'no <names> without a valid token was refused with 401/403'],
  ['envVoucherNoReadBack', undefined, 'order status update, Update Payment Status: readBack.orderStatus is not configured to read a voucher'],
  ['envNoFreeVoucher', undefined, 'no voucher of fixtures.sales.refusals was free of other tests in time'],
  ['envVoucherUnread', { salesId: 1001n, why: '<why>' }, 'voucher 1001 could not be read: <why>'],
  ['envVoucherUnreadAfter', { salesId: 1001n, why: '<why>' }, 'voucher 1001 could not be read after the refused writes: <why>'],
  ['envNoVoucherWriteRefused', { salesId: 1001n }, 'no write to voucher 1001 without a valid token was refused with 401/403'],
  ['envNoLookup', { lookup: '<lookup>' }, 'contact-save: operations.<lookup> is not configured to find a customer by its mobile number'],
  ['envContactSaveAccepted', undefined, 'contact-save without a valid token was accepted (AUTH-1, AUTH-2, AUTH-6 judge it)'],
  ['envContactSaveNotRefused', { refused: '<refused>' }, 'contact-save without a valid token was answered <refused>, not 401/403'],
  ['envContactSaveNotCreated', { answer: '<answer>' }, 'contact-save with the valid token was answered <answer> (CU-1 judges creation)'],
  [
    'envLookupListsNone',
    { lookup: '<lookup>', contactId: '<contactId>' },
    '<lookup> lists no contact with the mobile number of contactId <contactId>, just created',
  ],
  [
    'envChangedOnce',
    { what: '<what>', diff: '<diff>' },
    '<what> changed it (<diff>) after refusals for the token once, not on a second fresh voucher (another writer?)',
  ],
  [
    'envChangedOnceWhy',
    { what: '<what>', diff: '<diff>', why: '<why>' },
    '<what> changed it (<diff>) after refusals for the token once, not on a second fresh voucher (another writer?): <why>',
  ],
];

describe("the report, rate-limit, envelope-auth and index-operations suites' reasons", () => {
  it.each(ROWS)('%s says its sentence', (code, values, sentence) => {
    expect(say(code, values)).toBe(sentence);
  });

  it('has a row for every code of its tables', () => {
    expect(ROWS.map(([code]) => code).sort()).toEqual(Object.keys({ ...REPORT_WORDS, ...OTHER_SUITE_WORDS }).sort());
  });
});
