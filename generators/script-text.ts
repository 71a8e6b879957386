// Names, companies, address lines, remarks and places written in one of ten Indian scripts
// (Devanagari, Tamil, Bengali, Gujarati, Gurmukhi, Telugu, Kannada, Malayalam, Odia, and Urdu
// right to left): real words joined as the field would hold them, or random letters and marks of
// the script. Shrinks to one letter where one letter still fails.
import fc from 'fast-check';
import { SCRIPT_WORDS, type ScriptWords } from './indic-words.ts';

/** What a free-text field of 2.3/2.4 holds: a person's name, a company, an address line, a remark, a place name. */
export type TextKind = 'name' | 'company' | 'line' | 'remark' | 'place';

const pick = (list: readonly string[]) => fc.constantFrom(...list);

function words(s: ScriptWords, kind: TextKind): fc.Arbitrary<string> {
  const sep = s.rtl ? '\u060c ' : ', '; // Urdu writes the Arabic comma
  const number = fc.array(fc.constantFrom(...s.digits), { minLength: 1, maxLength: 4 }).map((d) => d.join(''));
  switch (kind) {
    case 'name':
      return fc.oneof(
        pick(s.given),
        fc.tuple(pick(s.given), pick(s.family)).map((w) => w.join(' ')),
      );
    case 'company':
      return fc.tuple(pick(s.family), pick(s.company)).map((w) => w.join(' '));
    case 'line':
      return fc.tuple(number, pick(s.street), pick(s.places)).map(([n, st, p]) => `${n}${sep}${st}${sep}${p}`);
    case 'remark':
      return fc.tuple(pick(s.given), pick(s.family), pick(s.company), pick(s.street)).map((w) => w.join(' '));
    case 'place':
      return pick(s.places);
  }
}

/** Letters, marks and digits of the script's block (assigned code points of that script only). */
function letters(s: ScriptWords): fc.Arbitrary<string> {
  const inScript = new RegExp(`^[\\p{L}\\p{M}\\p{N}]$`, 'u');
  const ofScript = new RegExp(`^\\p{Script_Extensions=${s.script}}$`, 'u');
  const cps: string[] = [];
  for (let cp = s.block[0]; cp <= s.block[1]; cp++) {
    const ch = String.fromCodePoint(cp);
    if (inScript.test(ch) && ofScript.test(ch)) cps.push(ch);
  }
  return fc.array(fc.constantFrom(...cps), { minLength: 1, maxLength: 12 }).map((a) => a.join(''));
}

const built = new Map<TextKind, fc.Arbitrary<string>>();

/** Text of `kind` in one of the ten scripts (built once per kind). */
export function scriptText(kind: TextKind): fc.Arbitrary<string> {
  let arb = built.get(kind);
  if (!arb) {
    // Letters first, with cross-shrinking: a failing word also tries a few letters of its script,
    // which shrink to one letter.
    arb = fc.oneof(
      ...SCRIPT_WORDS.map((s) => fc.oneof({ withCrossShrink: true }, { weight: 1, arbitrary: letters(s) }, { weight: 3, arbitrary: words(s, kind) })),
    );
    built.set(kind, arb);
  }
  return arb;
}
