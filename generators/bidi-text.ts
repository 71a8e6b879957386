// Right-to-left text and bidirectional controls: Urdu mixed with Latin and digits (an address
// "مکان نمبر 12, MG Road"), explicit embeddings, overrides and isolates (balanced or not), and
// the invisible marks (LRM, RLM, ALM) that right-to-left keyboards insert.
import fc from 'fast-check';
import { SCRIPT_WORDS } from './indic-words.ts';
import { latinText } from './latin-text.ts';
import { scriptText, type TextKind } from './script-text.ts';

/** LRE, RLE, LRO, RLO (closed by PDF); LRI, RLI, FSI (closed by PDI). */
const OPENERS = ['\u202a', '\u202b', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068'];
const closerOf = (o: string) => (o >= '\u2066' ? '\u2069' : '\u202c');
const MARKS = ['\u200e', '\u200f', '\u061c']; // LRM, RLM, ALM

const urdu = SCRIPT_WORDS.find((s) => s.rtl)!;

const built = new Map<TextKind, fc.Arbitrary<string>>();

export function bidiText(kind: TextKind): fc.Arbitrary<string> {
  let arb = built.get(kind);
  if (!arb) {
    const rtl = fc.constantFrom(...urdu.given, ...urdu.street, ...urdu.places);
    const text = fc.oneof(latinText(kind), scriptText(kind));
    arb = fc.oneof(
      // Urdu and Latin/digits in one value: the display order differs from the logical order.
      fc.tuple(rtl, fc.integer({ min: 1, max: 999 }), latinText(kind)).map(([r, n, l]) => `${r} ${n}, ${l}`),
      // An embedding, override or isolate around text, closed or left open.
      fc.tuple(fc.constantFrom(...OPENERS), text, fc.boolean()).map(([o, t, closed]) => `${o}${t}${closed ? closerOf(o) : ''}`),
      // Invisible direction marks inside or around the text.
      fc.tuple(fc.constantFrom(...MARKS), text, fc.boolean()).map(([m, t, front]) => (front ? `${m}${t}` : `${t}${m}`)),
    );
    built.set(kind, arb);
  }
  return arb;
}
