// Requirements of 2.5, 4.3 and 8 (consumption/production report): one request's answer (RP-1 to
// RP-16), then those relating requests to each other (contract/catalogue/report-relations.ts).
import type { Requirement } from '../../core/types.ts';
import { reportRelationRequirements } from './report-relations.ts';

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
  ...reportRelationRequirements,
];
