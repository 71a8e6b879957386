// How a vendor on a common stack reads an integer it takes from text (a report's id filter, an
// index parameter) once the text passed its own format check: with its language's parser, limits
// and all. A stack-shaped profile (profiles/python.ts, java.ts, js.ts) names its parser; at the
// parser's limit the vendor's unhandled exception becomes HTTP 500, as such stacks answer. Where
// the spec names the answer (a branch_id or salesId of section 4: 400) the framework's typed
// binding refuses the text first, so this parser is never reached there.
import type { IntParser } from './profiles/types.ts';
import { HttpError } from './respond.ts';

/** Python's int() refuses a decimal text of more than this many digits (sys.get_int_max_str_digits), leading zeros counted. */
export const PYTHON_INT_MAX_DIGITS = 4300;
/** Java's Long.MAX_VALUE and Long.MIN_VALUE. */
const LONG_MAX = 2n ** 63n - 1n;
const LONG_MIN = -(2n ** 63n);

const serverError = () => new HttpError(500, 'Internal Server Error');

/**
 * The value of `text` (an optional minus, then ASCII digits) as `parser` reads it: a number, or a
 * bigint where the value is exact only as one (Python, Java past 2^53); JavaScript rounds past
 * 2^53 (Infinity past about 309 digits). Throws HttpError 500 where the parser throws: Python past
 * 4300 digits, Java past 2^63-1 (or below -2^63).
 */
export function stackInt(parser: IntParser, text: string): number | bigint {
  if (!/^-?[0-9]+$/.test(text)) throw new Error(`stackInt reads digits only, got ${JSON.stringify(text.slice(0, 40))}`);
  if (parser === 'js') return Number(text);
  if (parser === 'python' && text.replace(/^-/, '').length > PYTHON_INT_MAX_DIGITS) throw serverError();
  const value = BigInt(text);
  if (parser === 'java' && (value > LONG_MAX || value < LONG_MIN)) throw serverError();
  return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** As `stackInt`, as a number to compare with the reference's own (small) ids: a bigint past 2^53 matches none of them. */
export function stackId(parser: IntParser, text: string): number {
  const v = stackInt(parser, text);
  return typeof v === 'bigint' ? Number.NaN : v;
}
