// Values of exactly 255, 256, 1,000 and 10,000 characters (code points): the VARCHAR(255) edge
// and one past it, and lengths no form field would type. Made by repeating Latin, Indian-script
// or emoji text, so the same length is 255 to 1,020 UTF-8 bytes (astral emoji count two UTF-16
// units each). Shrinks to the shortest length and the shortest text.
import fc from 'fast-check';
import { EMOJI } from './emoji-text.ts';
import { latinText } from './latin-text.ts';
import { scriptText, type TextKind } from './script-text.ts';

export const LONG_LENGTHS = [255, 256, 1000, 10000] as const;

/** `seed` repeated (with a space between copies) to exactly `n` code points. */
export function repeatTo(seed: string, n: number): string {
  const unit = [...`${seed} `];
  const out: string[] = [];
  while (out.length < n) out.push(...unit);
  return out.slice(0, n).join('');
}

const built = new Map<TextKind, fc.Arbitrary<string>>();

export function longText(kind: TextKind): fc.Arbitrary<string> {
  let arb = built.get(kind);
  if (!arb) {
    const seed = fc.oneof(latinText(kind), scriptText(kind), fc.constantFrom(...EMOJI));
    // An index, not constantFrom: constantFrom shrinks to its first value only, an index to each shorter length.
    const length = fc.integer({ min: 0, max: LONG_LENGTHS.length - 1 }).map((i) => LONG_LENGTHS[i]!);
    arb = fc.tuple(length, seed).map(([n, s]) => repeatTo(s.trim() || 'x', n));
    built.set(kind, arb);
  }
  return arb;
}
