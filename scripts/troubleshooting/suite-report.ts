// What to do about each reason the report suites write of their own (core/words/suite-report.ts),
// by code: a reason without its entry here does not compile.
import type { REPORT_WORDS } from '../../core/words/suite-report.ts';

const RANGE = 'Choose fixtures.report (dateFrom, dateTo, branchList) for a range that holds transactions and is read to its end within the caps.';
const RP2 = 'RP-2 judges the pages: read its finding; these edges are judged on a target that keeps its pages.';
const STILL = 'Run when no other client writes in the fixture range, or choose a range of the past that stays still.';

export const REPORT_TODO: Record<keyof typeof REPORT_WORDS, string> = {
  rpBranchListNoId: 'Start fixtures.report.branchList with a branch id the target holds.',
  rpBranchTextUnanswered: 'The report gave no answer: check `target.timeoutMs` and the answer in the HAR, then run again.',
  rpBranchNoTotal: 'RP-7 judges the answer: read its finding, and check the branch named is one the target holds.',
  rpNoDayFirstDate: 'RP-4 reports the dates: read its finding.',
  rpTotalsMoved: STILL,
  rpLimitOneNotKept: RP2,
  rpPagesShort: RP2,
  rpOffsetNotSkipped: RP2,
  rpNoFilterIds: 'List ids in fixtures.report.filterIds (`init --discover` reads them from the target).',
  rpNoCombinationRead: RANGE,
  rpOneBranchNoEmpty: 'Name two branches in fixtures.report.branchList, or set fixtures.report.emptyBranchId.',
  rpRangeNotEnded: RANGE,
  rpNoTwoIdFilter: 'List ids of transactions in the range in fixtures.report.filterIds (`init --discover` reads them).',
  rpIdListRefused: 'RP-14 records the list format: read it, and ask the vendor how the target takes a list of ids.',
  rpNoDayRead: RANGE,
  rpSubSecond: 'Nothing: the target keeps times finer than a second, and [t, t] cannot be judged on them.',
  rpRangeNotAnswered: 'The report did not read a range of the chosen day to its end: check `target.timeoutMs` and the answers in the HAR, then run again.',
  rpNotLocated:
    'Nothing: the transaction could not be located to the second within the ranges the test reads; run again (another seed draws another transaction).',
  rpNoProductList: 'Configure `operations["get-product-list"]` to verify the product filters.',
  rpListsUnrelated: 'Check the lists named (`operations`): the report names its products, and only these lists relate names to ids.',
  rpNothingRelated: 'Check `operations["get-product-list"]`: it should list each product the report names, once.',
  rpWalkNotEnded: RANGE,
  rpWalkBadPage: 'RP-7 says why the page was not a 200 with a totalCount: read its finding.',
  rpNoTotalCount: 'RP-7 says why the report did not answer a page with a totalCount: read its finding, and check fixtures.report.',
  rpRangeEmpty: RANGE,
  rpConcurrencyOne: 'Set `run.concurrency` above 1 to verify this requirement.',
  rpDataMoved: STILL,
};
