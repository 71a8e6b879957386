// A harness with no target behind it (its client is never called): for the tests of what a harness
// keeps, declares and commits, which send nothing.
import type { RunConfig } from '../../config/schema.ts';
import { Harness } from '../../runtime/harness.ts';
import type { SuiteContext } from '../../runtime/protocol.ts';
import type { SuiteClient } from '../../runtime/run-client.ts';

export function offlineHarness(ids: string[], where: { file: string; test: string; id: string }, context: Partial<SuiteContext> = {}): Harness {
  const ctx = {
    config: { run: {}, target: { baseUrl: 'http://127.0.0.1:1' } } as RunConfig,
    seed: 7,
    nonce: 'n',
    numRuns: 2,
    concurrency: 1,
    deadline: Date.now() + 60_000,
    ...context,
  } as SuiteContext;
  return new Harness(ctx, {} as SuiteClient, ids, where);
}
