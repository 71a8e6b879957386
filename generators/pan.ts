// 2.3/2.4 panNo: an Indian PAN, 5 letters (the 4th the holder type), 4 digits, a letter.
import fc from 'fast-check';

/** Holder types of the 4th character: P person, C company, H HUF, F firm. */
export function pan(constraints: { holder?: 'P' | 'C' | 'H' | 'F' } = {}): fc.Arbitrary<string> {
  const holder = constraints.holder ? fc.constant(constraints.holder) : fc.constantFrom('P', 'C', 'H', 'F');
  return fc.tuple(fc.stringMatching(/^[A-Z]{3}$/), holder, fc.stringMatching(/^[A-Z][0-9]{4}[A-Z]$/)).map(([a, h, b]) => a + h + b);
}
