// Emoji in free text: a shop name with a diya, a remark with folded hands in a skin tone, a
// family written as one ZWJ sequence, a flag, a keycap; astral characters (two UTF-16 units,
// four UTF-8 bytes) that a utf8mb3 column or a UTF-16 length check mishandles.
import fc from 'fast-check';
import { latinText } from './latin-text.ts';
import { scriptText, type TextKind } from './script-text.ts';

export const EMOJI = [
  '🙏',
  '😀',
  '🙏🏽',
  '👍🏿',
  '👋🏻', // skin tones (Fitzpatrick modifiers)
  '👨\u200d👩\u200d👧\u200d👦',
  '👩🏽\u200d💻',
  '🧑🏾\u200d🌾',
  '🏳️\u200d🌈', // ZWJ sequences
  '❤️',
  '☎️',
  '🕉️', // variation selector 16
  '🇮🇳',
  '#️⃣', // regional indicators, keycap
  '🪔',
  '🛺',
  '🍛',
  '🪷', // newer emoji (Unicode 12 to 14)
];

const emoji = fc.constantFrom(...EMOJI);
const where = fc.constantFrom('start' as const, 'end' as const, 'middle' as const);

function around(text: string, e: string, at: 'start' | 'end' | 'middle'): string {
  if (at === 'start') return `${e} ${text}`;
  if (at === 'end') return `${text} ${e}`;
  const cps = [...text];
  const mid = Math.floor(cps.length / 2);
  return cps.slice(0, mid).join('') + e + cps.slice(mid).join('');
}

const built = new Map<TextKind, fc.Arbitrary<string>>();

export function emojiText(kind: TextKind): fc.Arbitrary<string> {
  let arb = built.get(kind);
  if (!arb) {
    const text = fc.oneof(latinText(kind), scriptText(kind));
    arb = fc.oneof(
      { weight: 3, arbitrary: fc.tuple(text, emoji, where).map(([t, e, at]) => around(t, e, at)) },
      { weight: 1, arbitrary: fc.array(emoji, { minLength: 1, maxLength: 5 }).map((a) => a.join('')) },
    );
    built.set(kind, arb);
  }
  return arb;
}
