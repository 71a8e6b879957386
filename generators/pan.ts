// 2.3/2.4 panNo: an Indian PAN, 5 letters (the 4th the holder type), 4 digits, a letter.
import fc from 'fast-check';

type Holder = 'P' | 'C' | 'H' | 'F';

// Built once per holder: fc.stringMatching compiles its regex into arbitraries each time it is
// called. An arbitrary is immutable and safe to share.
const built = new Map<Holder | undefined, fc.Arbitrary<string>>();

/** Holder types of the 4th character: P person, C company, H HUF, F firm. */
export function pan(constraints: { holder?: Holder } = {}): fc.Arbitrary<string> {
  const key = constraints.holder;
  let arb = built.get(key);
  if (!arb) {
    const holder = key ? fc.constant(key) : fc.constantFrom<Holder>('P', 'C', 'H', 'F');
    arb = fc.tuple(fc.stringMatching(/^[A-Z]{3}$/), holder, fc.stringMatching(/^[A-Z][0-9]{4}[A-Z]$/)).map(([a, h, b]) => a + h + b);
    built.set(key, arb);
  }
  return arb;
}
