// The project's own tests (npm test). The conformance suites under suites/ are run by
// `erp-conformance run` with their own configuration.
// Three groups run one after the other (sequence.groupOrder): the unit tests in parallel; the
// rate-limit probe and load tests, whose measurements are timing-based, one file at a time and
// alone on the machine (the fault matrix's rate-limit faults among them); then the self-test
// (whole conformance runs against the reference and against broken servers).
// Two workers for the unit tests and the self-test even on a 2-core machine (vitest's default
// there is one): a conformance run waits on its reference server about half of the time.
//
// Quick by default, whole in CI: the fault matrix (test/self-test/fault-matrix.ts) runs a
// representative part of the reference's faults - every requirement prefix, both levels, a fault
// alone and faults sharing a run (test/self-test/matrix-parts.ts) - and every fault with
// ERP_FULL_MATRIX=1, which .ci/run sets. test/self-test/matrix-parts.test.ts checks that both
// hold each fault once.
//
// Busy machines (CI runners are shared): timing bounds in tests are ratios or generous ceilings,
// and the default time limits below are generous too - they end a hang, they do not measure.
// scripts/contention-check.sh runs npm test beside two CPU-bound processes.
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.ts';

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
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/load/**', 'test/self-test/**'], maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
      { extends: true, test: { name: 'load', include: ['test/load/**/*.test.ts'], fileParallelism: false, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'self-test', include: ['test/self-test/**/*.test.ts'], maxWorkers: 2, sequence: { groupOrder: 2 } } },
    ],
  },
});
