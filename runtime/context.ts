// What `erp-conformance run` provides to the suite worker (vitest `provide` / `inject`).
import { inject } from 'vitest';
import type { SuiteContext } from './protocol.ts';

// The context's shape and its provide/inject keys are the host <-> worker protocol (runtime/protocol.ts).
export type { ReplayTarget, SuiteContext } from './protocol.ts';

export function suiteContext(): SuiteContext {
  const ctx = inject('erp');
  if (!ctx) throw new Error('the conformance suites run through `erp-conformance run`, which provides their context');
  return ctx;
}
