// The project's own tests (npm test). The conformance suites under suites/ are run by
// `erp-conformance run` with their own configuration.
// Two groups run one after the other (sequence.groupOrder): first the rate-limit probe and load
// tests, whose measurements are timing-based, four files at a time but alone on the machine (the
// fault matrix's rate-limit faults among them): they wait on their limiters' windows and use
// little CPU (measured: 19-25 s of CPU in 29 s for the group, 76 s one file at a time, with the
// same durations per file); then the unit tests and the self-test (whole
// conformance runs against the reference and against broken servers) together, on two workers,
// the longest files first (test/sequencer.ts), so that neither waits for the other's last file.
// Two workers even on a 2-core machine (vitest's default there is one): a conformance run waits on
// its reference server about half of the time.
// The pure load files (caps, classify, headers, sender: no timing) are unit tests.
//
// Start-up: `isolate: false` runs a worker's files one after the other in the same process, with
// the modules they share imported once. Measured: the unit files of contract/, config/,
// generators/ and client/ took 12.8 s of CPU instead of 32.6 s with a process per file. The
// tests keep no state between files (no vi.mock, no stubbed env or globals; each starts and
// closes its own servers). The self-test keeps a process per file: each of its files starts
// whole runs, and a run's vitest instance is best not shared.
//
// Quick by default, whole in CI: test/full-set.ts says what the quick set leaves to CI (listed as
// skipped); ERP_FULL_MATRIX=1, which .ci/run sets, runs the whole set.
//
// Busy machines (CI runners are shared): timing bounds in tests are ratios or generous ceilings,
// and the default time limits below are generous too - they end a hang, they do not measure.
// scripts/contention-check.sh runs npm test beside two CPU-bound processes.
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.ts';

/**
 * Load files that measure nothing in time: unit tests. (The CLI's probe test is in the load group:
 * its run --with-load waits 16 s on a limiter's windows, and asserts what it measured.)
 */
const PURE_LOAD = ['caps', 'probe/classify', 'headers', 'sender'].map((f) => `test/load/${f}.test.ts`);

/**
 * Workers of the second group: two on a 2-core machine. Measured quiet: three gave 329 s instead of
 * 337 s for npm test but 13% more CPU (489 s instead of 431 s), which a busy machine pays for.
 */
const WORKERS = 2;

/** Load files at a time in the first group: the longest (the rate-limit fault run, 21 s) bounds it. */
const LOAD_WORKERS = 4;

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default', './test/plain-summary.ts'],
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: { name: 'load', include: ['test/load/**/*.test.ts'], exclude: PURE_LOAD, maxWorkers: LOAD_WORKERS, isolate: false, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/*.test.ts', 'test/!(load|e2e)/**/*.test.ts', 'test/e2e/!(self-test)/**/*.test.ts', ...PURE_LOAD],
          isolate: false,
          maxWorkers: WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      { extends: true, test: { name: 'self-test', include: ['test/e2e/self-test/**/*.test.ts'], maxWorkers: WORKERS, sequence: { groupOrder: 1 } } },
    ],
  },
});
