// CU-5: GSTINs that are not valid: wrong check character, wrong length, lower case, bad shape.
import fc from 'fast-check';
import { gstinCheckChar, isValidGstin } from '../contract/gstin.ts';
import { gstin } from './gstin.ts';

export function malformedGstin(constraints: { stateCode: string }): fc.Arbitrary<string> {
  const valid = gstin(constraints);
  return fc
    .oneof(
      valid.map((g) => g.slice(0, 14) + (gstinCheckChar(g.slice(0, 14)) === '0' ? '1' : '0')), // wrong check character
      valid.map((g) => g.slice(0, 14)), // one character short
      valid.map((g) => `${g}0`), // one character long
      valid.map((g) => g.toLowerCase()),
      valid.map((g) => `${g.slice(0, 12)}X${g.slice(13)}`), // no 'Z' at position 14
      fc.constantFrom('NOT-A-GSTIN', '123456789012345', '27ABCDE1234F1Z'),
    )
    .filter((g) => !isValidGstin(g));
}
