// Text with combining marks, in NFC or NFD form: the same name can arrive precomposed from one
// client and decomposed from another (a macOS keyboard, a copy from a PDF). Nukta letters and
// two-part vowel signs of the Indian scripts differ between the two forms, so do accented Latin
// names; marks also come stacked, leading a string, and around explicit joiners.
import fc from 'fast-check';
import { scriptText, type TextKind } from './script-text.ts';

const ACCENTED = ['José', 'Zoë', 'Ångström', 'Françoise', 'Nguyễn', 'Müller', 'Renée', 'Ñuñez'];
/** Indian words whose NFC and NFD forms differ: nukta letters and two-part vowel signs. */
const DECOMPOSABLE = ['क़ादिर', 'ज़ैनब', 'ड़ा', 'জয়া', 'পাড়া', 'ਜ਼ਮੀਨ', 'ਖ਼ਾਨ', 'கொற்றவை', 'ବଡ଼', 'ମୋ', 'കൊച്ചി', 'ಕೋಟೆ'];

const form = fc.constantFrom('NFC' as const, 'NFD' as const);

function normalized(kind: TextKind): fc.Arbitrary<string> {
  const base = fc.oneof(fc.constantFrom(...DECOMPOSABLE), fc.constantFrom(...ACCENTED), scriptText(kind));
  return fc.tuple(base, form).map(([text, f]) => text.normalize(f));
}

/** A base letter carrying 1 to 8 combining marks (U+0300..U+036F). */
const stacked = fc
  .tuple(fc.constantFrom('a', 'e', 'o', 'R', 'क', 'ம'), fc.array(fc.integer({ min: 0x300, max: 0x36f }), { minLength: 1, maxLength: 8 }))
  .map(([letter, marks]) => letter + String.fromCodePoint(...marks));

/** A mark with no base before it, or a conjunct spelled with ZWJ/ZWNJ. */
const odd = fc.constantFrom('\u0301Anand', '\u093cराम', '\u0bcdதமிழ்', 'क्\u200dष', 'क्\u200cष', 'ന്\u200d', 'र्\u200dय');

const built = new Map<TextKind, fc.Arbitrary<string>>();

export function combiningMarksText(kind: TextKind): fc.Arbitrary<string> {
  let arb = built.get(kind);
  if (!arb) {
    arb = fc.oneof({ weight: 3, arbitrary: normalized(kind) }, { weight: 1, arbitrary: stacked }, { weight: 1, arbitrary: odd });
    built.set(kind, arb);
  }
  return arb;
}
