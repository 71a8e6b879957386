// Bodies no server should answer with a 5xx (ENV-6's property, suites/envelope-auth/envelope.test.ts):
// junk text, JSON of every shape, fields of every JSON type, deep nesting, raw bytes.
import fc from 'fast-check';
import { OVERLONG_DIGITS } from './filter-text.ts';

export const junkBody: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.json({ maxDepth: 4 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify({ orderStatus: v, reason: v, dateFrom: v, limit: v, contactAddressDTO: v })),
  fc.integer({ min: 1, max: 200 }).map((n) => '['.repeat(n)),
  fc.uint8Array({ maxLength: 100 }).map((b) => Buffer.from(b).toString('latin1')),
);

/** The report range the examples ask for: the config's report fixture. */
export interface JunkRange {
  dateFrom: string;
  dateTo: string;
  branchList: string;
}

/**
 * The examples sent first in every run, whatever the seed: an empty body, cut JSON, JSON that is no
 * object, deep nesting, a report whose id filter is a number of more digits than Python's int()
 * reads, and a report whose branchList is no list of ids, quoted as an SQL-built vendor breaks on.
 */
export function junkBodyExamples(r: JunkRange): Array<[string, string]> {
  return [
    ['order-status', ''],
    ['customer-create', '{"firstName":'],
    ['report', 'null'],
    ['customer-create', '['.repeat(200)],
    ['report', JSON.stringify({ dateFrom: r.dateFrom, dateTo: r.dateTo, branchList: r.branchList, limit: 5, offset: 0, brandIds: OVERLONG_DIGITS })],
    ['report', JSON.stringify({ dateFrom: r.dateFrom, dateTo: r.dateTo, branchList: `${r.branchList.split(',')[0]}'`, limit: 5, offset: 0 })],
  ];
}
