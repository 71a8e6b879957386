// The reasons the report suites (5: dates, edges, filters, pagination, the instant) write of their own for a requirement they could not judge
// (inconclusive), that the config leaves out (out of scope), or a test they skip, by code
// (suites/report/). core/words/suites.ts gathers them; scripts/troubleshooting/ says what to do
// about each code. A reason a suite writes is made here or does not compile.
import type { Value, WordsTable } from './words.ts';

export const REPORT_WORDS = {
  rpBranchListNoId: { say: (v: { branchList: Value }) => `fixtures.report.branchList does not start with a branch id (${v.branchList})` },
  rpBranchTextUnanswered: { say: (v: { text: Value }) => `the report with branchList ${v.text} got no answer` },
  rpBranchNoTotal: { say: (v: { named: Value }) => `the report over branch ${v.named} alone answered no totalCount` },
  rpNoDayFirstDate: { say: () => 'no transaction of the fixture range carries a dd/mm/yyyy date (RP-4 reports it)' },
  rpTotalsMoved: { say: () => 'the totalCounts of the range or of its days changed between their pages (RP-2 reports it)' },
  rpLimitOneNotKept: { say: () => 'the target does not keep a page to limit 1 (RP-2 reports it): the limit edges are not judged' },
  rpPagesShort: { say: () => 'the pages of the fixture range did not hold totalCount transactions (RP-2): the offset edges are not judged' },
  rpOffsetNotSkipped: { say: () => 'the target does not skip offset items at limit 1 (RP-2 reports it): the offset edges are not judged' },
  rpNoFilterIds: { say: () => 'fixtures.report.filterIds lists no id: no filter to combine with the module filter' },
  rpNoCombinationRead: { say: () => 'no combination of filters was read to its end' },
  rpOneBranchNoEmpty: {
    say: () => 'fixtures.report.branchList names one branch and fixtures.report.emptyBranchId is not set: no two branches to compare',
  },
  rpRangeNotEnded: { say: () => 'the fixture range was not read to its end: choose a range of fewer transactions' },
  rpNoTwoIdFilter: { say: () => 'no id filter had two ids matching transactions of the range: list some in fixtures.report.filterIds' },
  rpIdListRefused: { say: () => 'the target refused the id lists "a,b" with a 4xx (the list format is not shown; RP-14 records it)' },
  rpNoDayRead: {
    say: (v: { days: Value }) => `no one-day range of the ${v.days} least busy day(s) of the fixture range held a transaction read to its end`,
  },
  rpSubSecond: {
    say: (v: { id: Value; instant: Value }) =>
      `transaction ${v.id} lies after ${v.instant} within its second (times finer than a second): [t, t] is not judged`,
  },
  rpRangeNotAnswered: { say: (v: { from: Value; to: Value }) => `the range ${v.from} .. ${v.to} was not answered to its end` },
  rpNotLocated: { say: (v: { ranges: Value }) => `the transaction was not located to the second within ${v.ranges} ranges` },
  rpNoProductList: {
    say: () => 'operations.get-product-list is not configured: the report names its products, only the product list relates them to ids',
  },
  rpListsUnrelated: { say: (v: { lists: Value }) => `${v.lists}: the report's product names cannot be related to ids` },
  rpNothingRelated: {
    say: () => 'no transaction of the filtered reports could be related to the lists (names the product list does not hold, or holds twice)',
  },
  rpWalkNotEnded: { say: (v: { pages: Value; limit: Value }) => `the fixture range was not read to its end within ${v.pages} pages of ${v.limit}` },
  rpWalkBadPage: {
    say: (v: { offset: Value }) => `the walk of the fixture range got a page that was not a 200 with a totalCount at offset ${v.offset} (RP-7 says why)`,
  },
  rpNoTotalCount: {
    say: (v: { query: Value }) => `the report of fixtures.report (${v.query}) did not answer a page with a totalCount (RP-7 says why)`,
  },
  rpRangeEmpty: {
    say: (v: { dateFrom: Value; dateTo: Value; branchList: Value }) =>
      `the report range ${v.dateFrom} .. ${v.dateTo} over branches ${v.branchList} held no transactions: see fixtures.report`,
  },
  rpConcurrencyOne: { say: () => 'run.concurrency is 1: no two requests are in flight at once' },
  rpDataMoved: {
    say: (v: { seen: Value }) =>
      `the report's data changed while each reading of the relation was taken (${v.seen}): another client writes in the fixture range; a relation is judged only on data that stayed still`,
  },
} satisfies WordsTable;
