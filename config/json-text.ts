// JSON.parse with a line/column for syntax errors. V8's messages sometimes quote the text
// around the error, and a config file may hold a token: the quote is never passed on.

import { isSafeNumber, parse as parseLossless } from 'lossless-json';

export class JsonSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`invalid JSON at line ${line}, column ${column}: ${reason}`);
    this.name = 'JsonSyntaxError';
  }
}

/** An integer literal of 16 or more digits: JSON.parse would round it past 2^53. */
const LONG_INTEGER = /(?:^|[^\d."\w])-?\d{16,}(?![\d.eE])/;

export function parseJsonText(text: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text; // tolerate a BOM
  try {
    const value = JSON.parse(body);
    // An id past 2^53 (a voucher id of a 64-bit ERP) is kept as the string of its digits, which the
    // schema takes for an id; JSON.parse alone would silently change its last digits.
    return LONG_INTEGER.test(body) ? parseLossless(body, null, (digits: string) => (isSafeNumber(digits) ? Number(digits) : digits)) : value;
  } catch (e) {
    const v8 = e instanceof Error ? e.message : String(e);
    const at = /at position (\d+)/.exec(v8);
    const offset = at ? Number(at[1]) : firstErrorOffset(body);
    const { line, column } = lineColumn(body, offset);
    // Keep V8's reason, drop any quoted excerpt and its own position.
    const reason = v8.replace(/, (?:\.\.\.)?".*$/s, '').replace(/ in JSON at position \d+.*$/s, '');
    throw new JsonSyntaxError(line, column, reason || 'syntax error');
  }
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/** Offset of the first character a JSON grammar does not accept (text.length at a premature end). */
function firstErrorOffset(text: string): number {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const expect = (s: string) => {
    if (text.startsWith(s, i)) i += s.length;
    else fail();
  };
  const string = () => {
    expect('"');
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail();
      i += text[i] === '\\' ? 2 : 1;
    }
    expect('"');
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        string();
        ws();
        expect(':');
        value();
        ws();
        if (text[i] === ',') i++;
        else return expect('}');
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else return expect(']');
      }
    }
    if (c === '"') return string();
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (m && m[0] !== '-') return void (i += m[0].length);
    for (const lit of ['true', 'false', 'null']) if (text.startsWith(lit, i)) return void (i += lit.length);
    fail();
  };
  try {
    value();
    ws();
    if (i < text.length) fail();
    return text.length;
  } catch (offset) {
    return typeof offset === 'number' ? Math.min(offset, text.length) : text.length;
  }
}
