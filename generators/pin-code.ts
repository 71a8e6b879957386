// 2.4 pinCode: an Indian 6-digit PIN code (first digit 1-9).
import fc from 'fast-check';

export function pinCode(): fc.Arbitrary<string> {
  return fc.stringMatching(/^[1-9][0-9]{5}$/);
}
