// 2.4 pinCode: an Indian 6-digit PIN code (first digit 1-9).
import fc from 'fast-check';

// Built once (fc.stringMatching is costly to build; an arbitrary is immutable and safe to share).
const PIN = fc.stringMatching(/^[1-9][0-9]{5}$/);

export function pinCode(): fc.Arbitrary<string> {
  return PIN;
}
