// Text that looks like a number at its edges, in fields that are plain strings (a name, a
// company, a line): a server that parses or coerces it (JSON numbers, doubles, longs) breaks on
// these. Not for the amount fields: see generators/edge-amount.ts.
import fc from 'fast-check';

export const NUMERIC_EDGES = [
  '0',
  '-0',
  '007',
  '1e309',
  '-1e309',
  '9007199254740993',
  '-9223372036854775809',
  '18446744073709551616',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x1F',
  '1,00,000',
  '1.0',
  '.5',
  '+91',
  '१२३',
  'null',
  'true',
  'undefined',
];

export function numericEdgeText(): fc.Arbitrary<string> {
  return fc.constantFrom(...NUMERIC_EDGES);
}
