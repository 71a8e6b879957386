// A body's JSON, exact (core/json.ts): integers past 2^53 are bigint with every digit, every other
// value is what JSON.parse gives, whether or not the body holds such an integer. The reference is
// lossless-json read the way the kit read every body that held a long integer before (char by char:
// its strings are ropes, ~10 times the body in the suite worker's heap); the property compares the
// two on random bodies, and the cases pin the edges of the scan (exponents, fractions, signs, a text
// that holds the marker's escape, a literal JSON refuses).
import fc from 'fast-check';
import { isInteger, isSafeNumber, parse as parseLossless } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { decodeJson, parseExact } from '../../core/json.ts';

const exactNumber = (text: string) => (isInteger(text) && !isSafeNumber(text) ? BigInt(text) : Number(text));
/** How the kit read a body before: JSON.parse's error for one that is not JSON, lossless-json for the rest. */
const reference = (text: string) => {
  JSON.parse(text);
  return parseLossless(text, null, exactNumber);
};

const bigInteger = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });
/** JSON values whose numbers may be past 2^53, written as JSON text with every digit. */
const value = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    bigInteger,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.string(),
    fc.stringMatching(/^[0-9]{14,24}$/),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('v'), { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('v'), { maxKeys: 5 }),
  ),
})).v;
const text = (v: unknown): string =>
  typeof v === 'bigint'
    ? v.toString()
    : Array.isArray(v)
      ? `[${v.map(text).join(', ')}]`
      : v !== null && typeof v === 'object'
        ? `{${Object.entries(v)
            .map(([k, x]) => `${JSON.stringify(k)}:${text(x)}`)
            .join(',')}}`
        : JSON.stringify(Object.is(v, -0) ? 0 : v);

describe('a body with integers past 2^53', () => {
  it('reads every value as lossless-json does, each long integer a bigint with every digit (200 bodies)', () => {
    fc.assert(
      fc.property(value, (v) => {
        const body = text(v);
        expect(decodeJson(body)).toEqual({ json: reference(body) });
        expect(parseExact(body)).toEqual(reference(body));
      }),
      { numRuns: 200, seed: 37 },
    );
  });

  it.each([
    [
      'an exponent or a fraction of 16 digits or more is a number',
      '[1e-12345678901234567, 1.5e+12345678901234567, 1234567890123456789.5, 1234567890123456789e5]',
    ],
    ['a sign before a long integer is its own', '{"a":-12345678901234567890,"b":[-9007199254740993,9007199254740991]}'],
    ['a text that holds the escape \\u0000 beside a long integer', '{"a":"x\\u0000y","b":12345678901234567890}'],
    ['a long integer alone', '12345678901234567890'],
    ['digits inside a string stay a string', '{"s":"12345678901234567890","t":"\\"12345678901234567890"}'],
  ])('%s', (_name, body) => {
    expect(decodeJson(body)).toEqual({ json: reference(body) });
  });

  it('says what JSON.parse says of a text that is not JSON, a long integer in it or not', () => {
    for (const body of ['[01234567890123456789]', '[12345678901234567890', '[12345678901234567890 true]', '{"a":12345678901234567890,}']) {
      let said = '';
      try {
        JSON.parse(body);
      } catch (e) {
        said = (e as Error).message;
      }
      expect(said).not.toBe('');
      expect(decodeJson(body)).toEqual({ jsonError: `not JSON: ${said}` });
    }
  });

  it('keeps the last of duplicate keys, as it does in a body without a long integer (lossless-json refused such a body)', () => {
    expect(decodeJson('{"a":1,"a":2,"id":12345678901234567890}')).toEqual({ json: { a: 2, id: 12345678901234567890n } });
    expect(decodeJson('{"a":1,"a":2,"id":1}')).toEqual({ json: { a: 2, id: 1 } });
    expect(() => reference('{"a":1,"a":2,"id":12345678901234567890}')).toThrow(/Duplicate key/);
  });
});
