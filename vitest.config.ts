// The project's own tests. The conformance suites under suites/ are run by `erp-conformance run`
// with their own configuration.
//
// The pyramid, one vitest project a level (test/README.md says which runs where):
//  - unit: pure modules, exchanges through checks, the plan, reports (test/<module>/...);
//  - reference: the reference server and each fault's probe through the suites' checks;
//  - load: the rate-limit probe and load engines, whose measurements are timing-based;
//  - e2e: the CLI as a user drives it (processes, signals, npx) and the packaging;
//  - whole-run: whole conformance runs against the reference (the self-test).
// Two tiers, as tags (test/tiers.ts): `npm test` runs every untagged test (the gate); the tests
// tagged `whole` (every fault's whole run, every profile's second run and other seeds, every
// broken server and signal case) are CI's whole set, `npm run test:whole`; .ci/run runs both.
// A whole-run file of the whole set only is named `*.whole.test.ts` (npm test excludes it).
//
// Order, npm test (the gate): the load project first and alone on the machine (sequence.groupOrder 0),
// four files at a time: its files wait on their limiters' windows and use little CPU. Then the others
// on three workers in all, the whole runs first (test/sequencer.ts). CI's whole set (`--tags-filter=whole`,
// package.json test:whole) loads its own files only (test/tiers.ts WHOLE_SET_FILES), its load files
// four at a time, then the others on four workers. `isolate: false` shares a worker's imports
// between its files (no test keeps state between files: no vi.mock, no stubbed globals; each starts
// and closes its own servers). The whole runs share theirs too: a later file's runs adopt the suite
// workers an earlier one kept (engine/phases/kept-workers.ts), not a fresh fork each; but the files
// that measure their own process (its memory, its kept workers) keep a process each (OWN_PROCESS).
// Time limits are generous: they end a hang, they do not measure.
// The CLI's cached bundle (bin/cli-bundle.js) is brought up to date once, before the workers start
// (test/global-setup.ts): in a clean clone no CLI start builds it while others start from the sources.
// Transformed modules are kept on disk between runs (experimental.fsModuleCache, in
// node_modules/.experimental-vitest-cache, keyed by each file's content): CI's whole set, after
// npm test in the same clone, and every run after the first on a developer's machine, import them
// without transforming them again.
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.ts';
import { isWholeSet, TAGS, wholeSetInclude } from './test/tiers.ts';

/** Load files that measure nothing in time: unit tests (probe.slow and probe.long-windows run the probe on a simulated clock, CPU-bound: never beside the timing files). */
const PURE_LOAD = ['caps', 'probe/classify', 'probe/probe.slow', 'probe/probe.long-windows', 'headers', 'sender'].map((f) => `test/load/${f}.test.ts`);

/**
 * Workers of the gate's second group, across its projects: three on a 2-core machine (a whole run waits on
 * its reference about half of the time). Per project, two each made eight processes on two cores.
 */
const WORKERS = 3;

/**
 * Workers of the whole set's second group: its waiting files (test/tiers.ts
 * WAITING_FILES; quota-run holds a worker for 360 s) and the vasy pairs' waits on their shared
 * quotas left a core idle with three.
 */
const WHOLE_WORKERS = 4;

/**
 * Load files at a time in the first group, in the gate and in the whole set alike. All eight of the
 * whole set's at once made its group ~10 s shorter, but the threads' open model then sent 121 of its
 * 126 requests: its timing files need the cores (docs/decisions.md).
 */
const LOAD_WORKERS = 4;

const UNIT = ['bin', 'client', 'config', 'contract', 'conventions', 'core', 'engine', 'generators', 'reports', 'runtime', 'scripts', 'suites'];

/**
 * Files an include leaves out, as negated patterns: a project's own `exclude` would replace the
 * command line's (npm test's --exclude of the whole set's files), not add to it.
 */
const not = (files: string[]) => files.map((f) => `!${f}`);

/** Files beside the whole runs that run none: the fault matrix's plan, a unit test (a process of its own would only load it). */
const PLAN_ONLY = ['test/e2e/self-test/matrix-parts.test.ts'];

/**
 * Whole-run files that measure their own process: its tree's memory, or the suite workers it keeps.
 * Each runs in a process of its own; no idle worker of another file is in it.
 */
const OWN_PROCESS = ['endless-walks.whole', 'broken-servers', 'kept-worker'].map((f) => `test/e2e/self-test/${f}.test.ts`);

/**
 * The gate (npm test), or CI's whole set (the run that takes the tests tagged `whole`, package.json
 * test:whole): the same projects, sized for each. Not a mode of its own: the transformed modules
 * npm test kept are keyed by the mode (experimental.fsModuleCache), and the whole set reads them.
 */
const whole = isWholeSet(process.argv);

/** A project's files: in the whole set, its `*.whole.test.ts` files and those of test/tiers.ts WHOLE_SET_FILES. */
const files = (project: string, include: string[]) => (whole ? wholeSetInclude(project, include) : include);

export default defineConfig({
  test: {
    experimental: { fsModuleCache: true },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: whole ? WHOLE_WORKERS : WORKERS,
    tags: TAGS,
    reporters: ['default', './test/plain-summary.ts', './test/whole-set-files.ts'],
    // The CLI's bundle built once before any worker starts (each project checks it: cheap when current).
    globalSetup: ['./test/global-setup.ts'],
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'load',
          include: files('load', ['test/load/**/*.test.ts', ...not(PURE_LOAD)]),
          maxWorkers: LOAD_WORKERS,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: files('unit', ['test/*.test.ts', `test/{${UNIT.join(',')}}/**/*.test.ts`, ...PURE_LOAD, ...PLAN_ONLY]),
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: { name: 'reference', include: files('reference', ['test/reference/**/*.test.ts']), isolate: false, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        test: { name: 'e2e', include: files('e2e', ['test/e2e/{cli,packaging}/**/*.test.ts']), isolate: false, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        test: {
          name: 'whole-run',
          include: files('whole-run', ['test/e2e/self-test/**/*.test.ts', ...not(PLAN_ONLY), ...not(OWN_PROCESS)]),
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      { extends: true, test: { name: 'whole-run-alone', include: files('whole-run-alone', OWN_PROCESS), sequence: { groupOrder: 1 } } },
    ],
  },
});
