// JSON in and out of the report files, with numbers exactly as the server sent them: an integer
// past 2^53 is a bigint in memory and its digits in every file (`JSON.stringify` cannot write a
// bigint at all and `JSON.parse` rounds one). The JSON written also carries C1 controls and bidi
// overrides as \u escapes: the same value, inert in any viewer.
// The kit's one stringifyJson and exact parse live in core/json.ts.
import { parseExact, stringifyJson } from '../core/json.ts';

export { stringifyJson };

/** JSON.parse, except that an integer past 2^53 is read as a bigint with every digit. */
export function parseJson(text: string): unknown {
  return parseExact(text);
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
