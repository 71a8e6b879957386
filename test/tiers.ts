// The two tiers of the project's tests, as vitest tags (vitest.config.ts defines them):
//  - the gate: every test without a tag, what `npm test` runs (--tags-filter='!whole');
//  - the whole set: the tests tagged `whole`, what CI adds (`npm run test:whole`, .ci/run): every
//    fault's whole run, every profile's second run and other seeds, every broken server and
//    signal case.
// A table of cases declares all of them; the ones the gate does not take are tagged `whole`, so the
// gate's output lists them as skipped, never drops them silently. A whole-run file none of whose
// tests the gate takes is named `*.whole.test.ts`: npm test does not load it (a worker started to
// skip it costs seconds), and test:whole runs it whole. `selected` is what the current
// filter runs (what a beforeAll prepares); the tag filter decides it, no environment variable.
import { it, TestRunner, type TestOptions } from 'vitest';

/** The tag of the tests only the whole set runs. */
export const WHOLE = 'whole';

/**
 * Files that wait on their limiters' windows most of their time, little CPU (the production
 * quotas' 360 s run, a lying Retry-After, the probe's windows, the rate-limit faults' runs, the
 * bursts against a limiter): test/sequencer.ts starts them first in their group, so that the
 * CPU-bound files fill the cores around them, and a group does not wait on a long waiting file
 * started last (the load group's rate-limit fault runs, its longest file, took 54 s, 14 CPU-s).
 */
export const WAITING_FILES = [
  'test/e2e/self-test/quota-run.whole.test.ts',
  'test/e2e/self-test/lying-retry-after.whole.test.ts',
  'test/load/fault-matrix-rl.test.ts',
  'test/load/engines/burst.test.ts',
  'test/load/probe/probe.windows.whole.test.ts',
];

/** The tags of the project, for vitest.config.ts (`tags`). */
export const TAGS = [{ name: WHOLE, description: "CI's whole set only (npm run test:whole); npm test leaves these out" }];

/** The options of a block (a describe) whose tests are all the whole set's: a file of one kind the gate runs elsewhere. */
export const WHOLE_FILE: TestOptions = { tags: [WHOLE] };

/** The options of a case: tagged `whole` when the gate does not take it. */
export function tierOptions(inGate: boolean, timeout?: number): TestOptions {
  return { ...(inGate ? {} : { tags: [WHOLE] }), ...(timeout === undefined ? {} : { timeout }) };
}

/** Whether the running filter takes a test of this tier (a beforeAll prepares only what runs). */
export function tierTaken(inGate: boolean): boolean {
  return TestRunner.matchesTags(inGate ? [] : [WHOLE]);
}

type Body<T> = [T] extends [readonly unknown[]] ? (...args: [...Extract<T, readonly unknown[]>]) => unknown : (arg: T) => unknown;

/** `it` for a case the gate runs (`inGate`) or leaves to the whole set (then tagged `whole`). */
export function itTier(inGate: boolean) {
  return (name: string, fn: () => unknown, timeout?: number): void => {
    it(name, tierOptions(inGate, timeout), fn);
  };
}

/** A test of the whole set only. */
export const itWhole = itTier(false);

/** A table of cases: `gate` those npm test runs, the others the whole set's. */
export interface Tiered<T> {
  /** Every case, in table order. */
  all: T[];
  /** The cases the running filter takes, in table order: what a beforeAll prepares. */
  selected: T[];
  /** Whether the gate runs this case. */
  inGate(c: T): boolean;
  /** Declares one test per case (`it.each` semantics: a tuple case is spread), each in its tier. */
  each(name: string, fn: Body<T>, timeout?: number): void;
}

export function tiered<T>(all: readonly T[], gate: readonly NoInfer<T>[]): Tiered<T> {
  const inGate = (c: T) => gate.includes(c);
  /** Calls `declare` with the gate's cases, then the whole set's, each with its tier's options. */
  const inTiers = (declare: (cases: readonly unknown[][], options: TestOptions) => void, timeout: number | undefined) => {
    for (const g of [true, false]) {
      const cases = all.filter((c) => inGate(c) === g);
      if (cases.length > 0) declare(cases as unknown as readonly unknown[][], tierOptions(g, timeout));
    }
  };
  return {
    all: [...all],
    selected: all.filter((c) => tierTaken(inGate(c))),
    inGate,
    each(name, fn, timeout) {
      inTiers((cases, options) => it.each(cases)(name, options, fn as unknown as (...args: unknown[]) => void), timeout);
    },
  };
}
