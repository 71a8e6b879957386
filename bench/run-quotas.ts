// The full run under quotas per operation (issue 16):
//  - against the reference with reports at 5 per 6 s and single reads at 4 per 6 s (writes free,
//    429 stating the wait only in its message, `serve --quota report=5/6s,readBack=4/6s`) and a run
//    budget of 360 s: the verdict, whether every MUST was verified, the requests per operation, the
//    plan's figures and the wall time; once with the quotas stated in the config, once learnt;
//  - against a sliding 100 per 10 s on every route (RateLimit headers), 8 in flight: the share of
//    requests that met a 429 (goal <= 5%).
//   npx tsx bench/run.ts quotas
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/load.ts';
import type { RunConfig } from '../config/schema.ts';
import { defaultProfile } from '../reference/profiles/index.ts';
import { startReference, type ReferenceOptions } from '../reference/server.ts';
import { planRun } from '../suites/plan.ts';
import { statedByOperation } from '../suites/plan-run.ts';
import { runConformance } from '../suites/run.ts';

const round = (n: number, d = 2) => Number(n.toFixed(d));
const QUOTAS = { report: '5/6s', readBack: '4/6s' };

async function quotaRun(reference: ReferenceOptions, run: Partial<RunConfig['run']>, numRuns: number) {
  const server = await startReference({ port: 0, ...reference });
  const out = mkdtempSync(path.join(os.tmpdir(), 'erp-bench-quotas-'));
  try {
    const base = loadConfig({ base: server.runConfig(), env: {} });
    const config: RunConfig = { ...base, run: { ...base.run, ...run } };
    const plan = planRun(config, numRuns, statedByOperation(config));
    const t0 = performance.now();
    const r = await runConformance({ config, out, numRuns, seed: 42, allure: false, log: () => {} });
    const c = r.certification;
    const musts = c.requirements.filter((x) => x.level === 'MUST' && x.status !== 'skipped');
    return {
      seconds: round((performance.now() - t0) / 1000),
      verdict: c.verdict,
      mustsVerified: `${musts.filter((x) => x.status === 'passed' || x.status === 'observed').length}/${musts.length}`,
      requests: c.requests,
      responses429: c.rateLimitedDuringSuites.retries,
      pacing: c.pacing,
      plan: { numRuns: plan.numRuns, requests: plan.requests, seconds: plan.seconds, notFit: plan.notFit },
    };
  } finally {
    await server.close();
    rmSync(out, { recursive: true, force: true });
  }
}

export async function benchRunQuotas(): Promise<Record<string, unknown>> {
  const stated = await quotaRun({ quotas: QUOTAS }, { maxDurationSeconds: 360, rateLimit: QUOTAS }, 100);
  console.log(
    `quotas ${JSON.stringify(QUOTAS)} stated, 360 s budget: ${stated.verdict}, MUSTs verified ${stated.mustsVerified}, ${stated.seconds} s; ${stated.pacing}`,
  );
  const learnt = await quotaRun({ quotas: QUOTAS }, { maxDurationSeconds: 360 }, 100);
  console.log(`quotas learnt, 360 s budget: ${learnt.verdict}, MUSTs verified ${learnt.mustsVerified}, ${learnt.seconds} s; ${learnt.pacing}`);
  const everyRoute = { ...defaultProfile, rateLimit: { ...defaultProfile.rateLimit, everyRoute: true } };
  const sliding = await quotaRun({ profile: everyRoute, rateLimit: { limit: 100, windowSeconds: 10, algorithm: 'sliding', scope: 'token' } }, {}, 25);
  console.log(`sliding 100 per 10 s on every route, 8 in flight: ${sliding.responses429} 429s of ${sliding.requests} requests`);
  return {
    quotas: QUOTAS,
    stated,
    learnt,
    sliding100per10s: { ...sliding, share429: round(sliding.responses429 / sliding.requests, 4) },
    goals: { verdict: 'certified, every MUST verified within 360 s', share429: 0.05 },
  };
}
