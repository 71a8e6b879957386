// The examples a property evaluates before its random runs (runtime/property.ts) must be the same
// in every run, whatever the run's seed. Where an example needs a whole valid value around the
// class it is about (a customer around one unusual field), that value is drawn with this constant
// seed; the values a target may keep unique are still made from the run nonce
// (generators/unique-values.ts), so a staging server never sees one twice. The seed is far from
// the seeds people type (1, 7, 42 ...), which tests add small numbers to for values of their own.
import fc from 'fast-check';

export const EXAMPLE_SEED = 1_913_724_127;

/** `n` values of `arb` drawn with the examples' constant seed (plus `salt`): the same in every run. */
export function drawnExamples<T>(arb: fc.Arbitrary<T>, n: number, salt = 0): T[] {
  return fc.sample(arb, { seed: EXAMPLE_SEED + salt, numRuns: n });
}
