// Requirements of 4.3 (the consumption/production report) that relate one report request to
// another: whole days and split ranges, filters that narrow or widen, parallel requests, odd
// values that must never widen the answer (RP-17 onwards; contract/catalogue/report.ts lists them
// after its own).
import type { Requirement } from '../../core/types.ts';

export const reportRelationRequirements: Requirement[] = [
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
