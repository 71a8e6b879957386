// The project's own tests (npm test). The conformance suites under suites/ are run by
// `erp-conformance run` with their own configuration.
// Three groups run one after the other (sequence.groupOrder): the unit tests in parallel; the
// rate-limit probe and load tests, whose measurements are timing-based, one file at a time and
// alone on the machine; then the self-test (whole conformance runs against the reference).
// Two workers for the unit tests and the self-test even on a 2-core machine (vitest's default
// there is one): a conformance run waits on its reference server about half of the time.
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.ts';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    reporters: ['default', './test/plain-summary.ts'],
    sequence: { sequencer: LongestFirst },
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/load/**', 'test/self-test/**'], maxWorkers: 2, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'load', include: ['test/load/**/*.test.ts'], fileParallelism: false, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'self-test', include: ['test/self-test/**/*.test.ts'], maxWorkers: 2, sequence: { groupOrder: 2 } } },
    ],
  },
});
