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

/**
 * The whole set's longest files, each first in its project in this order (test/sequencer.ts): their
 * times there are not the gate's, and a clean clone's order comes from vitest's cache, which holds
 * the gate's durations then (faults-1 and faults-2, ~5 s in the gate and 100-150 s here; the Artillery
 * round trip, skipped in the gate) and from file sizes, so they started last.
 *  - The whole runs (each 50-130 CPU-s, runs side by side inside it): in the order that staggered
 *    them in its quickest measured run (840 s), each started as another ended, beside the waiting files.
 *  - The load group's Artillery round trip (32-49 s): beside its waiting files, not after them.
 *  - The CLI's longest (45-110 s each: resumes, signals to npx, the packed install), the reference's
 *    and the unit project's: first in their project, not in the set's last minute.
 */
export const WHOLE_SET_LONGEST = [
  'test/e2e/self-test/memory-tree.whole.test.ts',
  'test/e2e/self-test/profiles.test.ts',
  'test/e2e/self-test/concurrent-runs.whole.test.ts',
  'test/e2e/self-test/faults-1.test.ts',
  'test/e2e/self-test/faults-2.test.ts',
  'test/e2e/self-test/scope.whole.test.ts',
  'test/e2e/self-test/seed-sweep.whole.test.ts',
  'test/load/artillery/round-trip.test.ts',
  'test/e2e/cli/resume-scope.whole.test.ts',
  'test/e2e/cli/resume.test.ts',
  'test/e2e/cli/interrupts-npx.whole.test.ts',
  'test/e2e/packaging/package.test.ts',
  'test/e2e/cli/init-detailed.test.ts',
  'test/reference/faults.test.ts',
  'test/reference/profile-seeds.test.ts',
  'test/reports/render/html/browser.test.ts',
];

/**
 * The files of the whole set not named `*.whole.test.ts`, by project: each holds cases of the gate
 * and cases of the whole set (a tiered table). The whole set (vitest.config.ts, `--tags-filter=whole`)
 * loads these and the `*.whole.test.ts` files only, not the ~240 files of the gate alone (each
 * imported, collected and skipped: ~35 CPU-s). test/whole-set-files.ts keeps the list true from the
 * tags vitest collected: npm test fails on a file with a test tagged `whole` that is not here.
 */
export const WHOLE_SET_FILES: Readonly<Record<string, readonly string[]>> = {
  load: [
    'test/load/artillery/round-trip.test.ts',
    'test/load/cli.test.ts',
    'test/load/engines/autocannon.test.ts',
    'test/load/engines/burst.test.ts',
    'test/load/engines/workers.test.ts',
    'test/load/fault-matrix-rl.test.ts',
    'test/load/probe/probe.accuracy.test.ts',
  ],
  unit: ['test/reports/render/html/browser.test.ts', 'test/tiers.test.ts'],
  reference: [
    'test/reference/faults.test.ts',
    'test/reference/fuzz.test.ts',
    'test/reference/profile-limits.test.ts',
    'test/reference/profile-seeds.test.ts',
    'test/reference/stack-seeds.test.ts',
  ],
  e2e: [
    'test/e2e/cli/cli.test.ts',
    'test/e2e/cli/conventions.test.ts',
    'test/e2e/cli/index-quota.test.ts',
    'test/e2e/cli/init-detailed.test.ts',
    'test/e2e/cli/init-discover.test.ts',
    'test/e2e/cli/interrupts.test.ts',
    'test/e2e/cli/load-interrupt.test.ts',
    'test/e2e/cli/outputs.test.ts',
    'test/e2e/cli/plan.limits.test.ts',
    'test/e2e/cli/plan.test.ts',
    'test/e2e/cli/probe-ends.test.ts',
    'test/e2e/cli/replay-line.test.ts',
    'test/e2e/cli/resume.test.ts',
    'test/e2e/cli/sharded-reference.test.ts',
    'test/e2e/cli/sharded-run.test.ts',
    'test/e2e/cli/verify.test.ts',
    'test/e2e/cli/worker-crash.test.ts',
    'test/e2e/packaging/action-step.test.ts',
    'test/e2e/packaging/package.test.ts',
    'test/e2e/packaging/pid1.test.ts',
  ],
  'whole-run': [
    'test/e2e/self-test/faults-1.test.ts',
    'test/e2e/self-test/faults-2.test.ts',
    'test/e2e/self-test/profiles.test.ts',
    'test/e2e/self-test/reference-clean.test.ts',
  ],
  'whole-run-alone': ['test/e2e/self-test/broken-servers.test.ts'],
};

/** Whether a vitest command line is the whole set's: it takes the tests tagged `whole` (`--tags-filter=whole`). */
export function isWholeSet(argv: readonly string[]): boolean {
  const at = argv.findIndex((a) => a === '--tags-filter' || a.startsWith('--tags-filter='));
  if (at < 0) return false;
  const value = argv[at] === '--tags-filter' ? argv[at + 1] : argv[at]!.slice('--tags-filter='.length);
  return value === WHOLE;
}

/** How a file of the whole set alone is named: npm test excludes every file so named. */
const WHOLE_NAMED = '.whole.test.ts';

/** Whether a file is named as the whole set's alone. */
export const isWholeNamed = (file: string): boolean => file.endsWith(WHOLE_NAMED);

/**
 * A project's include in the whole set: its patterns kept to `*.whole.test.ts` files (a file it
 * names is kept when so named), and its files of WHOLE_SET_FILES.
 */
export function wholeSetInclude(project: string, include: readonly string[]): string[] {
  const kept = include.flatMap((p) =>
    p.startsWith('!') || isWholeNamed(p) ? [p] : p.endsWith('*.test.ts') ? [`${p.slice(0, -'*.test.ts'.length)}*${WHOLE_NAMED}`] : [],
  );
  return [...kept, ...(WHOLE_SET_FILES[project] ?? [])];
}

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
