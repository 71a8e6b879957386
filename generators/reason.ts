// 4.1 reason: "integer ... when present must be a valid number".
import fc from 'fast-check';

/** OS-2c (lenient, MUST): values that are no number under any reading. */
export function nonNumericReason(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() === '' || Number.isNaN(Number(s))),
    fc.boolean(),
    fc.constant({}),
    fc.array(fc.integer(), { maxLength: 3 }),
  );
}

/** OS-2d (strict, SHOULD): numbers that are not JSON integers: fractions and numeric strings. */
export function nonIntegerReason(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.double({ min: -1000, max: 1000, noNaN: true }).filter((d) => !Number.isInteger(d)),
    fc.integer({ min: 0, max: 99 }).map(String),
  );
}

/** The class examples of a reason that is no number (OS-2c): empty, blank, a word, a boolean, an object, an array. */
export const NON_NUMERIC_REASON_EXAMPLES: readonly unknown[] = ['', ' ', 'abc', true, {}, [1]];

/** The class examples of a reason that is a number but no JSON integer (OS-2d): a fraction, a numeric string. */
export const NON_INTEGER_REASON_EXAMPLES: readonly unknown[] = [0.5, '1'];
