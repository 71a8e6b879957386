// Runs the conformance suites against a reference server started for the purpose.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../config/load.ts';
import type { RunConfig } from '../../../config/schema.ts';
import type { FaultName } from '../../../reference/faults.ts';
import { startReference, type ReferenceOptions } from '../../../reference/server.ts';
import { runConformance } from '../../../engine/run.ts';
import type { RunOptions, RunResult } from '../../../engine/options.ts';

/**
 * forward-only's sliding limit (300 per 10 s on every route, global), raised for the runs that are
 * not about it (its certification, its re-runs), so that they are not paced for long; pacing under
 * its own limit is test/e2e/self-test/pacing.whole.test.ts's.
 */
export const FORWARD_ONLY_RAISED_LIMIT = { limit: 3000, windowSeconds: 10, algorithm: 'sliding' as const, scope: 'global' as const };

/**
 * The quotas of the profiles that keep theirs on all the time, raised for runs that are not about
 * them: forward-only's sliding limit, and vasy's quotas per operation (still met, but its ~500
 * reports do not take 100 s; test/reference/quotas.test.ts and the bench run under the real ones).
 */
export function raisedLimits(profile: string): ReferenceOptions {
  if (profile === 'forward-only') return { rateLimit: FORWARD_ONLY_RAISED_LIMIT };
  if (profile === 'vasy') return { quotas: { report: '40/1s', readBack: '20/1s' } };
  return {};
}

export function tempOut(name: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `erp-${name}-`));
}

/**
 * Runs the suites in a row against ONE reference server (its state kept from run to run, as a
 * vendor's staging server keeps it): `times` runs with the same options (the same seed), or one run
 * per seed of `times` given as a list; a new run nonce each time unless `nonce` is given. `each`
 * adds options of the i-th run (0-based) alone.
 */
export async function runsInARow(
  times: number | readonly number[],
  o: { reference?: ReferenceOptions; each?: (i: number) => Partial<RunOptions> } & Partial<RunOptions>,
): Promise<Array<RunResult & { out: string }>> {
  const server = await startReference({ port: 0, faults: [], ...o.reference });
  const seeds = typeof times === 'number' ? Array.from({ length: times }, () => o.seed) : times;
  try {
    const config = loadConfig({ base: server.runConfig(), env: {} });
    const results: Array<RunResult & { out: string }> = [];
    for (const [i, seed] of seeds.entries()) {
      const out = tempOut(`run-${i + 1}`);
      results.push({
        ...(await runConformance({
          allure: false,
          keepWorker: true,
          numRuns: 10,
          seed: 1,
          log: () => {},
          ...o,
          ...(seed === undefined ? {} : { seed }),
          ...o.each?.(i),
          config,
          out,
        })),
        out,
      });
    }
    return results;
  } finally {
    await server.close();
  }
}

export async function runAgainstReference(
  o: { faults?: FaultName[]; reference?: ReferenceOptions; patch?: (c: RunConfig) => RunConfig } & Partial<RunOptions>,
): Promise<RunResult & { lines: string[]; out: string }> {
  const server = await startReference({ port: 0, faults: o.faults ?? [], ...o.reference });
  const lines: string[] = [];
  try {
    const base = loadConfig({ base: server.runConfig(), env: {} });
    const config = o.patch ? o.patch(base) : base;
    const out = o.out ?? tempOut('run');
    const result = await runConformance({ allure: false, keepWorker: true, numRuns: 10, seed: 1, log: (l) => lines.push(l), ...o, config, out });
    return { ...result, lines, out };
  } finally {
    await server.close();
  }
}
