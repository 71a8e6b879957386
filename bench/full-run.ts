// One full conformance run against a reference started for it, as the run benches measure it:
// wall time, verdict, MUSTs verified, requests (in all and per operation, from the certificate's
// pacing line), 429s met, and the plan the run printed before sending (its floor: "expected >= N s").
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/load.ts';
import type { RunConfig } from '../config/schema.ts';
import { startReference, type ReferenceOptions } from '../reference/server.ts';
import { runConformance } from '../suites/run.ts';

export const round = (n: number, d = 2) => Number(n.toFixed(d));

/** "requests per operation: report 480, orderStatus 120 (3 x 429)" -> { report: 480, orderStatus: 120 }. */
export function requestsPerOperation(pacing: string | undefined): Record<string, number> {
  const part = /requests per operation: (.*)$/.exec(pacing ?? '')?.[1] ?? '';
  const out: Record<string, number> = {};
  for (const entry of part.split(', ')) {
    const m = /^(\w+) (\d+)/.exec(entry);
    if (m) out[m[1]!] = Number(m[2]);
  }
  return out;
}

/** The plan's floor as the run states it ("expected >= 576 s under the quotas"); 0 when it expects no wait. */
export function planFloorSeconds(planLines: string[]): number {
  for (const line of planLines) {
    const m = /expected >= (\d+(?:\.\d+)?) s/.exec(line);
    if (m) return Number(m[1]);
  }
  return 0;
}

export type RunFigures = Awaited<ReturnType<typeof fullRun>>;

export async function fullRun(reference: ReferenceOptions, run: Partial<RunConfig['run']>, numRuns: number) {
  const server = await startReference({ port: 0, ...reference });
  const out = mkdtempSync(path.join(os.tmpdir(), 'erp-bench-run-'));
  const plan: string[] = [];
  try {
    const base = loadConfig({ base: server.runConfig(), env: {} });
    const config: RunConfig = { ...base, run: { ...base.run, ...run } };
    const t0 = performance.now();
    const r = await runConformance({ config, out, numRuns, seed: 42, allure: false, log: (l) => void (l.startsWith('plan:') && plan.push(l)) });
    const seconds = (performance.now() - t0) / 1000;
    const c = r.certification;
    const musts = c.requirements.filter((x) => x.level === 'MUST' && x.status !== 'skipped');
    const verified = musts.filter((x) => x.status === 'passed' || x.status === 'observed').length;
    return {
      seconds: round(seconds),
      verdict: c.verdict,
      mustsVerified: `${verified}/${musts.length}`,
      everyMustVerified: verified === musts.length,
      requests: c.requests,
      requestsPerOperation: requestsPerOperation(c.pacing),
      responses429: c.rateLimitedDuringSuites.retries,
      pacing: c.pacing,
      plan,
      planFloorSeconds: planFloorSeconds(plan),
    };
  } finally {
    await server.close();
    rmSync(out, { recursive: true, force: true });
  }
}
