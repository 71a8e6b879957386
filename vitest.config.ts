// The project's own tests (npm test). The conformance suites under suites/ are run by
// `erp-conformance run` with their own configuration.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
