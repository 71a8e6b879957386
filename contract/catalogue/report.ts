// Requirements of 2.5, 4.3 and 8 (consumption/production report).
import type { Requirement } from '../../core/types.ts';

export const reportRequirements: Requirement[] = [
  {
    id: 'RP-1',
    section: '4.3 rule 1',
    level: 'MUST',
    suite: 'report',
    operations: ['report'],
    title: 'Every transaction in the report is dated between dateFrom and dateTo',
    quote: 'The report contains transactions between dateFrom and dateTo.',
    ambiguity: 'Items carry a day only (dd/mm/yyyy): the oracle compares UTC days, inclusive at both ends.',
  },
  {
    id: 'RP-2',
    section: '4.3 rule 2',
    level: 'MUST',
    suite: 'report',
    operations: ['report'],
    title: 'Pagination: at most limit items, totalCount independent of limit and offset, pages disjoint and together the whole, under every filter tried',
    quote: 'Pagination uses limit and offset for large result sets.',
    ambiguity:
      'The maximum limit is not shown: a server may return fewer than limit, or refuse a limit above its maximum with a 4xx; the oracle advances by what was returned. Report order is not shown: any order that is stable across pages passes.',
  },
  {
    id: 'RP-3',
    section: '2.5, 4.3 rule 3',
    level: 'MUST',
    suite: 'report',
    operations: ['report'],
    title: 'The comma-joined quantities, units and amounts of a group have equal element counts, and at least as many product names',
    quote: 'the values of the products are joined by a comma, in the same order across the consumed group (or across the produced group)',
    ambiguity:
      'A product name may itself hold a comma, which the format cannot escape: the lenient MUST oracle compares the counts of quantities, units and amounts, and asks no fewer names; RP-3b holds the strict count of names.',
  },
  {
    id: 'RP-3b',
    section: '2.5',
    level: 'SHOULD',
    suite: 'report',
    operations: ['report'],
    title: 'The comma-joined product names of a group have as many elements as its quantities',
    quote: 'consumedProduct | string | comma-joined product names',
  },
  {
    id: 'RP-4',
    section: '2.5',
    level: 'MUST',
    suite: 'report',
    operations: ['report'],
    title: 'Every date is day/month/year with two-digit day and month and four-digit year',
    quote: 'date | string | day/month/year, two-digit day and month, four-digit year',
    ambiguity: 'The separator is not given; the oracle takes "/" as in the field description.',
  },
  {
    id: 'RP-5',
    section: '2.5',
    level: 'MUST',
    suite: 'report',
    operations: ['report'],
    title: 'module is bom or mc and moduleName is Recipe for bom, Material Creation for mc',
    quote: 'module | string | bom or mc; moduleName | string | display name of the module: Recipe for bom, Material Creation for mc',
  },
  {
    id: 'RP-6',
    section: '2.5',
    level: 'MUST',
    suite: 'report',
    operations: ['report'],
    title: 'Landing costs, selling prices and margins are amounts with two decimals',
    quote: 'consumedLandingCost | string | comma-joined amounts with two decimals',
  },
  {
    id: 'RP-7',
    section: '4.3, 2.5',
    level: 'MUST',
    suite: 'report',
    operations: ['report'],
    title: 'A report answers 200 with response {totalCount integer, items array} of 2.5 transactions',
    quote:
      'Success (HTTP 200): envelope with status true, a message naming the report list, code as string of 200, response object:; totalCount | integer | count of transactions; items | array | transaction objects of 2.5',
    ambiguity: 'The size of transactionId is not shown: ids past 2^53 are integers and compared digit for digit.',
  },
  {
    id: 'RP-8',
    section: '4.3',
    level: 'MUST',
    suite: 'report',
    operations: ['report'],
    title: 'The moduleName filter returns only the requested modules; bom plus mc is the whole',
    quote: 'moduleName | array of strings | no | filter by module; values bom (Recipe), mc (Material Creation); several may be given',
  },
  {
    id: 'RP-9',
    section: '4.3',
    level: 'MUST',
    suite: 'report',
    operations: ['report'],
    title: 'A report over branches a,b holds every transaction of a and of b',
    quote: 'branchList | string | yes | comma-separated branch ids',
  },
  {
    id: 'RP-9b',
    section: '4.3',
    level: 'SHOULD',
    suite: 'report',
    operations: ['report'],
    title: 'A report over branches a,b holds exactly the transactions of a plus those of b, and a branch without transactions adds none',
    quote: 'for one or more branches',
    ambiguity: 'That a transaction belongs to one branch is implied; the strict SHOULD oracle is additivity of totalCount and of transaction ids.',
  },
  {
    id: 'RP-10',
    section: '4.3 rule 1',
    level: 'MUST',
    suite: 'report',
    operations: ['report'],
    title: 'A narrower date range never holds more transactions than a wider one',
    quote: 'The report contains transactions between dateFrom and dateTo.',
  },
  {
    id: 'RP-11',
    section: '8 rule 3',
    level: 'MUST',
    suite: 'report',
    operations: ['report'],
    title:
      'Report dates are interpreted in UTC: a one-day range returns only transactions of that UTC day, and a transaction located by UTC ranges is dated its UTC day',
    quote: 'Dates of the report are interpreted in UTC.',
    ambiguity:
      '"Dates of the report" is read as both the range sent and the date of each item (2.5 "date | day/month/year"): an item is dated the UTC day of its instant. ' +
      'Seen from outside, a range read in another zone and dates written in another zone are the same defect (ranges and dates disagree by the offset): both are this requirement. ' +
      'A transaction located to the second t may be dated the day of t or of t + 1 s (a target reading dateFrom as exclusive locates one at 00:00:00 a second early).',
  },
  {
    id: 'RP-12',
    section: '4.3',
    level: 'SHOULD',
    suite: 'report',
    operations: ['report'],
    title: 'A report request missing a required field, or with a date that is no ISO 8601 instant at all, is rejected with a 4xx',
    quote: 'dateFrom | string | yes | start of range, ISO 8601 in UTC (trailing Z)',
    ambiguity:
      'The report lists only 403 and 429 as failures; rejecting a request without a required field is implied by "Required: yes". ' +
      'A date without the trailing Z, a limit written as text and a negative offset are not sent here: 8 rule 3 lets a vendor read a Z-less date as UTC, and coercing is a choice (RP-15 records them).',
  },
  {
    id: 'RP-13',
    section: '8 rule 2',
    level: 'INFO',
    suite: 'report',
    operations: ['report'],
    title: 'Observed: the largest limit the target honours, and what it does above it',
    quote: 'the maximum value of limit: not shown',
  },
  {
    id: 'RP-14',
    section: '4.3',
    level: 'INFO',
    suite: 'report',
    operations: ['report'],
    title: 'Observed: whether the id filters take comma-separated ids, and the order of the items',
    quote: 'The list format inside the filter id strings (other than an empty string meaning no filter): not shown.',
  },
  {
    id: 'RP-15',
    section: '4.3',
    level: 'INFO',
    suite: 'report',
    operations: ['report'],
    title: 'Observed: how the target treats a Z-less date, a limit written as text, a fractional limit and a negative offset',
    quote: 'dateTo | string | yes | end of range, ISO 8601 in UTC; Dates of the report are interpreted in UTC.',
    ambiguity:
      'Only dateFrom names the trailing Z, and 8 rule 3 reads every date in UTC; coercing "10" to 10 or clamping a negative offset is a vendor\'s choice. Recorded, never failed here (RP-20 fails a negative offset counted from the end).',
  },
  {
    id: 'RP-16',
    section: '4.3',
    level: 'INFO',
    suite: 'report',
    operations: ['report'],
    title: 'Observed: what a report request with unusual filter text (any script, long values, odd separators) is answered',
    quote: 'The list format inside the filter id strings (other than an empty string meaning no filter): not shown.',
    ambiguity:
      'The filter formats are not shown, and 4.3 names no answer for text a vendor does not take (its failures are 403 and 429 only), so no level above INFO rests here: ' +
      'the statuses are recorded. A 5xx to any filter text is ENV-6 (SHOULD) and only ENV-6, whatever was sent: the level never depends on a guess of the ' +
      "vendor's parser (Python's int() refuses more than 4300 characters, Java's Long.parseLong more than 2^63-1).",
  },
  {
    id: 'RP-17',
    section: '4.3 rule 1',
    level: 'MUST',
    suite: 'report',
    operations: ['report'],
    title: 'A range holds every transaction of each UTC day it covers whole, the last second of dateTo included',
    quote: 'The report contains transactions between dateFrom and dateTo.',
    ambiguity:
      'Whether dateTo is inclusive is not stated; a range that ends at 23:59:59 of a day covers that day under either reading, so every transaction dated that day (seen in a wider range) must be in it.',
  },
  {
    id: 'RP-18',
    section: '4.3 rules 1-2',
    level: 'SHOULD',
    suite: 'report',
    operations: ['report'],
    title: 'Splitting a range at any instant gives two parts whose transactions are disjoint and together the whole range',
    quote: 'The report contains transactions between dateFrom and dateTo.',
    ambiguity:
      'Whether the end instant is inclusive and the resolution of transaction times are not shown: the range is split at instants with random milliseconds, where both readings agree.',
  },
  {
    id: 'RP-19',
    section: '4.3',
    level: 'MUST',
    suite: 'report',
    operations: ['report'],
    title: 'A filter never adds transactions, and an id that matches nothing returns none (or a 4xx)',
    quote: 'recipeIds | string | no | filter by recipe ids',
    ambiguity:
      'Applies to every id filter of 4.3 (recipeIds, productIds, categoryIds, subCategoryIds, brandIds, subBrandIds, departmentIds) in the one form every list format shares, a single id.',
  },
  {
    id: 'RP-19b',
    section: '4.3',
    level: 'SHOULD',
    suite: 'report',
    operations: ['report'],
    title: 'Widening an id filter never removes a transaction, and its parts together hold every transaction of the whole',
    quote: 'productIds | string | no | filter by product ids',
    ambiguity:
      'The list format is not shown (RP-14): the relations are checked only on lists the target accepted (200); a target that refuses "a,b" with a 4xx is not failed.',
  },
  {
    id: 'RP-19c',
    section: '1, 2.5, 4.3',
    level: 'SHOULD',
    suite: 'report',
    operations: ['report', 'index'],
    title: 'A report filtered by a product, category, brand, department or recipe id from the index lists holds only transactions with a product of that id',
    quote: 'categoryIds | string | no | filter by category ids; consumedProduct | string | comma-joined product names',
    ambiguity:
      'Needs operations.get-product-list (and get-all-recipe for recipes): the report names its products, the lists give their ids. A transaction is judged only when each of its product names is one product of the list; ' +
      "a product of the filtered id among consumed or produced ones is enough. What a filter matches is implied by its name, not stated, and the lists show today's products (a product moved to another category since): SHOULD.",
  },
  {
    id: 'RP-20',
    section: '4.3 rule 2',
    level: 'MUST',
    suite: 'report',
    operations: ['report'],
    title:
      'limit and offset at their edges (0, 1, the largest integers, past the end, below 0) give at most limit items or a 4xx, and never an earlier page again',
    quote: 'limit | integer | yes | number of records to return; offset | integer | yes | number of records to skip',
    ambiguity:
      'A negative offset skips no records: refusing it (4xx), reading it as 0 (the first page) or as nothing (an empty page) all pass (RP-15 records which); ' +
      'items counted from the end of the range (a slice in Python: offset -1 is the last item) are no reading of "number of records to skip" and fail.',
  },
  {
    id: 'RP-21',
    section: '4.3',
    level: 'SHOULD',
    suite: 'report',
    operations: ['report'],
    title: 'Identical report requests sent in parallel agree',
    quote:
      'Purpose: return consumption and production transactions produced by Recipe (BOM) and Material Creation processes between two dates, for one or more branches.',
    ambiguity:
      'A report over a past range is a function of its request; a shared staging server may add transactions meanwhile, so the fixture range should lie in the past.',
  },
  {
    id: 'RP-22',
    section: '4.3',
    level: 'MUST',
    suite: 'report',
    operations: ['report'],
    title: 'An id filter sent as an empty string is no filter: the report holds every transaction of the range',
    quote: 'The list format inside the filter id strings (other than an empty string meaning no filter): not shown.',
  },
  {
    id: 'RP-23',
    section: '4.3',
    level: 'SHOULD',
    suite: 'report',
    operations: ['report'],
    title: 'Filters sent together narrow each other: the transactions of filter a and filter b are among those of a, and among those of b',
    quote: 'moduleName | array of strings | no | filter by module; productIds | string | no | filter by product ids',
    ambiguity:
      'How several filters combine is not stated; each is a "filter", so the kit reads them as all applying (AND), which a combination with OR breaks. Implied, not stated: SHOULD.',
  },
  {
    id: 'RP-24',
    section: '4.3',
    level: 'MUST',
    suite: 'report',
    operations: ['report'],
    title: 'A moduleName value outside bom and mc never widens the report: refused with a 4xx, or matching no transaction',
    quote: 'moduleName | array of strings | no | filter by module; values bom (Recipe), mc (Material Creation); several may be given',
    ambiguity:
      'Whether an unknown module is refused or matches nothing is not shown; both pass. A report for ["xyz"] holding transactions, or for ["bom","xyz"] holding more than for ["bom"], dropped the filter.',
  },
  {
    id: 'RP-25',
    section: '4.3 rule 1',
    level: 'MUST',
    suite: 'report',
    operations: ['report'],
    title: 'Both ends of a range are inclusive: a transaction located at the second t by ranges is in the range [t, t]',
    quote: 'The report contains transactions between dateFrom and dateTo.',
    ambiguity:
      'Whether "between" includes its ends, and the resolution of transaction times, are not shown. The kit reads both ends as inclusive (as RP-17 reads dateTo), ' +
      'locates one transaction as the last whole second t whose range [t, next day 00:00:00Z] holds it, and judges [t, t] only where the target itself placed it at t to the millisecond ' +
      '([t + 1 ms, ...] no longer holds it): a target keeping times finer than a second is not judged. A target may refuse a range whose two ends are one instant (4xx): ' +
      'then the one-second range [t - 1 s, t] must hold it.',
  },
  {
    id: 'RP-26',
    section: '4.3',
    level: 'SHOULD',
    suite: 'report',
    operations: ['report'],
    title: 'A branchList that is no list of branch ids ("5 OR 5=5") is refused with a 4xx or answers no transaction of a branch it does not name',
    quote: 'branchList | string | yes | comma-separated branch ids',
    ambiguity:
      'What a target does with a branchList that is not comma-separated ids is not shown: refusing it (4xx) or reading the one branch it names (5, by its leading digits ' +
      'or by every number in it) both pass. Answering transactions of other branches (the text pasted into SQL, where "5 OR 5=5" selects every row) breaks ' +
      '"for one or more branches" as RP-9b does (SHOULD). A 5xx to it is ENV-6. With fixtures.report.emptyBranchId the text names that branch: one request.',
  },
];
