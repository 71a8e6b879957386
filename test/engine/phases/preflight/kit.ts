// What the preflight's test files share: one reference server for the file with its run config,
// and one part of the preflight (a check of the fixtures against the index's lists) run alone on a
// client of its own, with what it found and the requests it sent.
import { afterAll, beforeAll } from 'vitest';
import { createClient, type Client } from '../../../../client/operations.ts';
import { loadConfig } from '../../../../config/load.ts';
import type { RunConfig } from '../../../../config/schema.ts';
import { startReference, type ReferenceOptions, type ReferenceServer } from '../../../../reference/server.ts';
import type { PreflightProblem } from '../../../../engine/phases/preflight/types.ts';

/** The reference (port 0) started before the file's tests and closed after them, and the run config it serves. */
export function referenceTarget(options: ReferenceOptions = {}): { readonly server: ReferenceServer; readonly config: RunConfig } {
  const target = {} as { server: ReferenceServer; config: RunConfig };
  beforeAll(async () => {
    target.server = await startReference({ port: 0, ...options });
    target.config = loadConfig({ base: target.server.runConfig(), env: {} });
  });
  afterAll(() => target.server?.close());
  return target;
}

type Part<T> = (client: Client, config: RunConfig, problems: PreflightProblem[], notes: string[]) => Promise<T>;

/** One part of the preflight against `config`: the problems (after `earlier`), the notes, its result and the requests it sent. */
export async function preflightPart<T>(part: Part<T>, config: RunConfig, earlier: PreflightProblem[] = []) {
  const client = createClient(config.target);
  const problems = [...earlier];
  const notes: string[] = [];
  const result = await part(client, config, problems, notes);
  await client.close();
  return { problems, notes, result, requests: client.count() };
}
