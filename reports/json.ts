// JSON in and out of the report files, with numbers exactly as the server sent them (issue 8:
// "every output ... shows the server's own digits"). An integer past 2^53 is a bigint in memory
// and its digits in every file; `JSON.stringify` cannot write a bigint at all and `JSON.parse`
// rounds one. The JSON written also carries C1 controls and bidi overrides as \u escapes: the
// same value, inert in any viewer.
// Local until client/json.ts provides the kit's one `stringifyJson`; then this delegates to it.
import { isInteger, isSafeNumber, parse as parseLossless } from 'lossless-json';

/** Characters JSON.stringify leaves raw that a terminal or a viewer would act on: C1 controls, bidi overrides. */
// eslint-disable-next-line no-control-regex
const RAW_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const escapeChar = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A number lossless-json or another exact-number library kept as its text. */
function exactDigits(value: unknown): string | undefined {
  if (typeof value === 'bigint') return value.toString();
  if (value && typeof value === 'object' && (value as { isLosslessNumber?: unknown }).isLosslessNumber === true) {
    const text = (value as { value?: unknown }).value;
    if (typeof text === 'string' && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return text;
  }
  return undefined;
}

/**
 * JSON.stringify that writes a bigint (and a LosslessNumber) as its digits. Each one stands in as
 * a marker string with a random nonce while V8 serializes, so no string a server sent can pass
 * for one; the markers are then replaced by the bare digits.
 */
export function stringifyJson(value: unknown, space?: number): string {
  const nonce = `\u0001bigint-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}:`;
  let used = false;
  const text = JSON.stringify(
    value,
    function (this: unknown, _key: string, v: unknown) {
      const digits = exactDigits(v);
      if (digits === undefined) return v;
      used = true;
      return `${nonce}${digits}`;
    },
    space,
  );
  if (text === undefined) return 'null';
  const marker = JSON.stringify(nonce).slice(0, -1); // the quote and the escaped nonce
  const exact = used ? text.split(marker).map((part, i) => (i === 0 ? part : part.replace(/^(-?[\d.eE+-]+)"/, '$1'))).join('') : text;
  return exact.replace(RAW_UNSAFE, escapeChar);
}

/** An integer literal of 16 or more digits: JSON.parse could round it. */
const LONG_INTEGER = /-?\d{16,}/;

/** JSON.parse, except that an integer past 2^53 is read as a bigint with every digit. */
export function parseJson(text: string): unknown {
  const value = JSON.parse(text) as unknown; // throws on what is not JSON, with V8's message
  if (!LONG_INTEGER.test(text)) return value;
  try {
    return parseLossless(text, null, (digits: string) => (isInteger(digits) && !isSafeNumber(digits) ? BigInt(digits) : Number(digits)));
  } catch {
    return value; // nested deeper than lossless-json's recursion: no file of this kit is
  }
}

/** Indents grow with depth: a deeply nested body is shown as sent rather than laid out to many times its size. */
const MAX_LAYOUT_DEPTH = 64;

/**
 * A JSON text laid out with two-space indents, every token (number, string, literal) copied as the
 * server wrote it: nothing is parsed into a JS number and written again, so 1152921504606846977
 * stays 1152921504606846977 and "\u003c" stays "\u003c". Undefined when the text is not JSON, or
 * nests deeper than MAX_LAYOUT_DEPTH (its layout would be quadratic in size).
 */
export function prettyJsonText(text: string): string | undefined {
  try {
    JSON.parse(text);
  } catch {
    return undefined;
  }
  const out: string[] = [];
  let depth = 0;
  const newline = () => `\n${'  '.repeat(depth)}`;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out.push(text.slice(i, j + 1));
      i = j;
    } else if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      let j = i + 1;
      while (' \t\n\r'.includes(text[j]!)) j++;
      if (text[j] === close) {
        out.push(c + close);
        i = j;
      } else {
        if (++depth > MAX_LAYOUT_DEPTH) return undefined;
        out.push(c + newline());
      }
    } else if (c === '}' || c === ']') {
      depth--;
      out.push(newline() + c);
    } else if (c === ',') out.push(`,${newline()}`);
    else if (c === ':') out.push(': ');
    else if (!' \t\n\r'.includes(c)) {
      let j = i;
      while (j < text.length && !' \t\n\r,:]}'.includes(text[j]!)) j++;
      out.push(text.slice(i, j));
      i = j - 1;
    }
  }
  return out.join('');
}
