// What `erp-conformance run` provides to every suite worker (vitest `provide` / `inject`).
import { inject } from 'vitest';
import type { RunConfig } from '../../config/schema.ts';

export interface SuiteContext {
  config: RunConfig;
  /** fast-check seed of every property: `--seed` reruns exactly the same requests. */
  seed: number;
  numRuns: number;
  /** The run's output folder (the rate-limit suite writes rate-limit.json there). */
  outDir?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    erp: SuiteContext;
  }
}

export function suiteContext(): SuiteContext {
  const ctx = inject('erp');
  if (!ctx) throw new Error('the conformance suites run through `erp-conformance run`, which provides their context');
  return ctx;
}
