// 2.3 opening / creditLimit: "decimal amount as text" / "numeric amount as text" at their edges:
// zero in its spellings, leading zeros, past 2^53, past a 64-bit integer, more digits than a
// DECIMAL(18,2) column holds, a tiny fraction. Every one is a decimal number written as text.
import fc from 'fast-check';

export const EDGE_AMOUNTS = [
  '0',
  '0.00',
  '-0',
  '007',
  '-1',
  '9007199254740993',
  '9223372036854775808',
  '99999999999999999999.99',
  '0.000001',
  `1${'0'.repeat(30)}`,
];

export function edgeAmount(): fc.Arbitrary<string> {
  return fc.constantFrom(...EDGE_AMOUNTS);
}
