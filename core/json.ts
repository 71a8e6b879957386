// JSON of the target, bounded and exact. A body is scanned before it is parsed: one nested
// deeper than MAX_JSON_DEPTH, or holding more than MAX_JSON_VALUES values, is not parsed at all
// (a 1 MB body of "[[[[..." must not take gigabytes); that is recorded as the exchange's
// jsonError, a fact and a finding, never a crash. Integers past 2^53 are parsed as bigint with
// every digit (spec 2.3 and 2.5 give ids as "integer" with no size), and written back with the
// same digits: the raw body stays the evidence of record. A body holding such integers is parsed
// by JSON.parse as every other body is (its strings flat, its duplicate keys the last one's): the
// scan marks each of them, and they alone are read as bigint.
import { isInteger, isSafeNumber, parse as parseLossless } from 'lossless-json';

/** Nesting levels a body may have to be parsed. */
export const MAX_JSON_DEPTH = 512;
/** Values (objects, arrays, strings, numbers, literals) a body may hold to be parsed. */
export const MAX_JSON_VALUES = 2_000_000;

export interface Decoded {
  json?: unknown;
  /** Why the body is not usable JSON: "not JSON: ...", "nesting deeper than 512 levels: not parsed" ... */
  jsonError?: string;
}

interface Scan {
  depth: number;
  values: number;
  /** Where each integer literal of 16 or more digits outside strings starts (its sign included) and ends: JSON.parse could round it. */
  longIntegers: Array<[number, number]>;
  /** Where the scan stopped early, when a cap was passed. */
  over?: string;
}

/** Digits from which an integer literal may be past 2^53 (2^53 has 16). */
const LONG_DIGITS = 16;

/** One pass over the text outside strings: nesting depth, value count, long integers. */
function scan(text: string, maxDepth: number, maxValues: number): Scan {
  let depth = 0;
  let maxSeen = 0;
  let values = 0;
  let digits = 0;
  let from = 0;
  let integer = false;
  const longIntegers: Array<[number, number]> = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (digits === 0) {
        values++;
        from = i > 0 && text.charCodeAt(i - 1) === 45 ? i - 1 : i;
        integer = !exponentAt(text, i);
      }
      digits++;
      continue;
    }
    if (digits > 0 && (c === 46 || c === 101 || c === 69))
      digits = -1e9; // a fraction or exponent: not an integer
    else {
      if (integer && digits >= LONG_DIGITS) longIntegers.push([from, i]);
      digits = 0;
    }
    if (c === 34) {
      // a string: skip to its closing quote (one not escaped: after an even run of backslashes)
      values++;
      i = closingQuote(text, i + 1);
    } else if (c === 91 || c === 123) {
      values++;
      if (++depth > maxSeen) maxSeen = depth;
      if (depth > maxDepth) return { depth, values, longIntegers, over: `nesting deeper than ${maxDepth} levels: not parsed` };
    } else if (c === 93 || c === 125) depth--;
    else if (c === 44 || c === 58) continue;
    else if (c === 116 || c === 102 || c === 110) values++;
    if (values > maxValues) return { depth, values, longIntegers, over: `more than ${maxValues} values: not parsed` };
  }
  if (integer && digits >= LONG_DIGITS) longIntegers.push([from, text.length]);
  return { depth: maxSeen, values, longIntegers };
}

/** Whether the digits from `i` are a number's exponent (after e or E, and a sign). */
function exponentAt(text: string, i: number): boolean {
  let p = i - 1;
  const sign = text.charCodeAt(p);
  if (sign === 45 || sign === 43) p--;
  const e = text.charCodeAt(p);
  return e === 101 || e === 69;
}

/** Where the string whose text starts at `from` ends: its closing quote, or the end of the text. */
function closingQuote(text: string, from: number): number {
  for (let at = from; ; at++) {
    at = text.indexOf('"', at);
    if (at < 0) return text.length;
    let backslashes = 0;
    while (at - backslashes - 1 >= from && text.charCodeAt(at - backslashes - 1) === 92) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}

/** Parses a response body: bounded in depth and size, integers past 2^53 exact. */
export function decodeJson(body: string, caps: { maxDepth?: number; maxValues?: number } = {}): Decoded {
  if (body.trim() === '') return { jsonError: 'not JSON: empty body' };
  const s = scan(body, caps.maxDepth ?? MAX_JSON_DEPTH, caps.maxValues ?? MAX_JSON_VALUES);
  if (s.over) return { jsonError: s.over };
  try {
    return { json: exactParse(body, s.longIntegers) };
  } catch (e) {
    return { jsonError: `not JSON: ${(e as Error).message}` };
  }
}

/** A valid JSON integer literal (no leading zero). */
const INTEGER_LITERAL = /^-?(0|[1-9][0-9]*)$/;
/** The escape of U+0000, the first character of a marked integer: a text holding it is read the slow way. */
const NUL_ESCAPE = /\\u0000/i;

/**
 * JSON.parse, with the integer literals at `longIntegers` that are past 2^53 read as bigint: each is
 * written as a string marked by a leading U+0000 (which no string of a text without the escape
 * \u0000 can hold), and turned back to a bigint of the same digits. Throws JSON.parse's error of
 * the text itself when it is not JSON.
 */
function exactParse(text: string, longIntegers: ReadonlyArray<[number, number]>): unknown {
  const unsafe = longIntegers.filter(([a, b]) => {
    const literal = text.slice(a, b);
    return !INTEGER_LITERAL.test(literal) || !isSafeNumber(literal);
  });
  if (unsafe.length === 0) return JSON.parse(text) as unknown;
  // A literal JSON does not allow (a leading zero), or a text that might hold a marker already: JSON.parse says what is wrong,
  // and lossless-json reads a valid one.
  if (unsafe.some(([a, b]) => !INTEGER_LITERAL.test(text.slice(a, b))) || NUL_ESCAPE.test(text)) {
    JSON.parse(text);
    return parseLossless(text, null, exactNumber);
  }
  let marked = '';
  let at = 0;
  for (const [a, b] of unsafe) {
    marked += `${text.slice(at, a)}"\\u0000${text.slice(a, b)}"`;
    at = b;
  }
  marked += text.slice(at);
  try {
    return JSON.parse(marked, (_key, value: unknown) => (typeof value === 'string' && value.charCodeAt(0) === 0 ? BigInt(value.slice(1)) : value)) as unknown;
  } catch {
    // Not JSON: the error of the text as it came.
    JSON.parse(text);
    throw new SyntaxError('not JSON');
  }
}

/** lossless-json's number parser: an integer past 2^53 as bigint, every other number as a JS number. */
function exactNumber(text: string): number | bigint {
  return isInteger(text) && !isSafeNumber(text) ? BigInt(text) : Number(text);
}

/** JSON.parse with integers past 2^53 as bigint (for files this kit wrote). */
export function parseExact(text: string): unknown {
  if (!/\d{16,}/.test(text)) return JSON.parse(text) as unknown;
  return exactParse(text, scan(text, Infinity, Infinity).longIntegers);
}

/** A JSON integer of any size. */
export function isJsonInteger(v: unknown): v is number | bigint {
  return typeof v === 'bigint' || Number.isInteger(v);
}

/** Two integers (number or bigint) are the same value. */
export function sameInteger(a: unknown, b: unknown): boolean {
  return isJsonInteger(a) && isJsonInteger(b) && BigInt(a) === BigInt(b);
}

/** A number lossless-json or another exact-number library kept as its text. */
function exactDigits(value: unknown): string | undefined {
  if (typeof value === 'bigint') return value.toString();
  if (value && typeof value === 'object' && (value as { isLosslessNumber?: unknown }).isLosslessNumber === true) {
    const text = (value as { value?: unknown }).value;
    if (typeof text === 'string' && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return text;
  }
  return undefined;
}

/** Nesting past which plainData gives up (the replacer path then serializes it as before). */
const PLAIN_MAX_DEPTH = 200;

/** No bigint, no exact number, no toJSON anywhere in `v`: plain arrays, objects and primitives only. */
function plainData(v: unknown, depth: number): boolean {
  if (typeof v === 'bigint') return false;
  if (v === null || typeof v !== 'object') return true;
  if (depth > PLAIN_MAX_DEPTH || typeof (v as { toJSON?: unknown }).toJSON === 'function' || exactDigits(v) !== undefined) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!plainData(v[i], depth + 1)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const k of Object.keys(v)) if (!plainData((v as Record<string, unknown>)[k], depth + 1)) return false;
  return true;
}

/** Characters JSON.stringify leaves raw that a terminal or a viewer would act on: C1 controls, bidi overrides. */
// eslint-disable-next-line no-control-regex
const RAW_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const escapeChar = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * JSON.stringify that writes a bigint (and a LosslessNumber) as its digits: request bodies that
 * carry such an id back send the exact digits, and every report shows them. Each one stands in as
 * a marker string with a random nonce while V8 serializes, so no string a server sent can pass for
 * one; the markers are then replaced by the bare digits. C1 controls and bidi overrides are
 * written as \u escapes (the same JSON value, inert in any viewer).
 */
export function stringifyJson(value: unknown, space?: number): string {
  // Without a bigint or an exact number anywhere, V8's own serializer writes the same text (the
  // replacer below would return every value as it is) ~10 times faster: most request bodies.
  if (plainData(value, 0)) return (JSON.stringify(value, null, space) ?? 'null').replace(RAW_UNSAFE, escapeChar);
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
  const exact = used
    ? text
        .split(marker)
        .map((part, i) => (i === 0 ? part : part.replace(/^(-?[\d.eE+-]+)"/, '$1')))
        .join('')
    : text;
  return exact.replace(RAW_UNSAFE, escapeChar);
}

/** The value at a dot path of a parsed answer ("response.items", "response.orderStatus"), or undefined. */
export function atPath(json: unknown, path: string): unknown {
  let at: unknown = json;
  for (const k of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[k];
  }
  return at;
}
