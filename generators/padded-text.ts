// Text with spaces around it, as pasted from spreadsheets and forms: ASCII spaces, no-break,
// thin and ideographic spaces, a zero-width space, a byte-order mark; and a value of spaces only.
import fc from 'fast-check';
import { latinText } from './latin-text.ts';
import { scriptText, type TextKind } from './script-text.ts';

export const SPACES = [' ', '  ', '\u00a0', '\u2009', '\u3000', '\u200b', '\ufeff'];

const built = new Map<TextKind, fc.Arbitrary<string>>();

export function paddedText(kind: TextKind): fc.Arbitrary<string> {
  let arb = built.get(kind);
  if (!arb) {
    const space = fc.constantFrom(...SPACES);
    const text = fc.oneof(latinText(kind), scriptText(kind));
    arb = fc.oneof(
      { weight: 4, arbitrary: fc.tuple(space, text, space).map(([a, t, b]) => `${a}${t}${b}`) },
      { weight: 1, arbitrary: fc.array(space, { minLength: 1, maxLength: 4 }).map((a) => a.join('')) },
    );
    built.set(kind, arb);
  }
  return arb;
}
