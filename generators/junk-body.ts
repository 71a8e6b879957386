// Bodies no server should answer with a 5xx (ENV-6's property, suites/envelope-auth/envelope.test.ts):
// junk text, JSON of every shape, fields of every JSON type, deep nesting, raw bytes.
import fc from 'fast-check';

export const junkBody: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.json({ maxDepth: 4 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify({ orderStatus: v, reason: v, dateFrom: v, limit: v, contactAddressDTO: v })),
  fc.integer({ min: 1, max: 200 }).map((n) => '['.repeat(n)),
  fc.uint8Array({ maxLength: 100 }).map((b) => Buffer.from(b).toString('latin1')),
);
