// Near misses of the valid token for the operations of the index (spec 5 rule 2: "A request
// without a valid token is rejected with HTTP 403"), one per operation, chosen by the seed: each
// run sends a few requests per operation, and the seeds together send every kind to every one.
// The suffix and upper case are sent to every operation anyway (suites/index-operations/auth.test.ts).
import fc from 'fast-check';
import type { TokenVariant } from '../core/types.ts';

/** The near misses a seed chooses from: a prefix, a cut, lower case (where it differs), half the token. */
export function nearMissPool(token: string): TokenVariant[] {
  return [
    { kind: 'prefix', text: 'x' },
    { kind: 'cut', chars: 1 },
    ...(token.toLowerCase() !== token ? [{ kind: 'case', to: 'lower' } as const] : []),
    ...(token.length > 8 ? [{ kind: 'cut', chars: Math.floor(token.length / 2) } as const] : []),
  ];
}

/** `n` near misses of `token`, one per operation in order, from the seed alone. */
export function sampledNearMisses(token: string, n: number, seed: number): TokenVariant[] {
  if (n === 0) return [];
  return fc.sample(fc.constantFrom(...nearMissPool(token)), { seed, numRuns: n });
}
