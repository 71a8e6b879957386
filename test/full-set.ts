// The quick set and the whole set of the project's tests. `npm test` on a developer's machine runs
// the quick set (the goal: under 5 minutes on a quiet 2-core machine); CI runs the whole set (.ci/run sets
// ERP_FULL_MATRIX=1): every fault of the matrix (test/e2e/self-test/matrix-parts.ts), every profile
// twice in a row, every fault's run and every profile under the seed sweep's other seeds
// (test/e2e/self-test/seed-sweep.ts), every broken server, every signal case, the one-level
// fault's other two seeds (test/e2e/self-test/one-level.test.ts) and the resume of a cut run.
// What the quick set leaves out is listed as skipped in its output, never silently dropped; each
// left-out case is a repeat of a kind the quick set still runs once (another fault of the same
// prefix, another profile's second run or other seeds, another way of breaking HTTP, another
// signal, another seed).
import { it } from 'vitest';

/** ERP_FULL_MATRIX=1 or true: the whole set. */
export function isFullSet(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.ERP_FULL_MATRIX === '1' || env.ERP_FULL_MATRIX === 'true';
}

export const FULL_SET = isFullSet();

/** A test of the whole set only: skipped (and listed as such) in the quick set. */
export const itFull = FULL_SET ? it : it.skip;

/** `it` for a case the quick set runs (`inQuickSet`) or leaves to CI (then skipped and listed). */
export function itIf(inQuickSet: boolean) {
  return FULL_SET || inQuickSet ? it : it.skip;
}

/** The cases of a table that the run takes: all of them in the whole set, `quick` otherwise. */
export function casesOf<T>(all: readonly T[], quick: readonly NoInfer<T>[], env: NodeJS.ProcessEnv = process.env): T[] {
  return isFullSet(env) ? [...all] : all.filter((x) => quick.includes(x));
}

/**
 * The cases of a table this set runs (`casesOf`); the ones it leaves to CI are listed here as
 * skipped tests named `skippedName` (a vitest `each` title: `%s` is the case, or its first
 * element), so that the quick set's output says what it did not run. Call it where the listing
 * belongs (in the describe of the cases, or at the top of the file).
 */
export function quickCases<T>(all: readonly T[], quick: readonly NoInfer<T>[], skippedName: string, env: NodeJS.ProcessEnv = process.env): T[] {
  const run = casesOf(all, quick, env);
  const left = all.filter((x) => !run.includes(x));
  if (left.length > 0) it.skip.each(left as T[])(skippedName, () => {});
  return run;
}
