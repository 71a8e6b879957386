// `run --plan`: the preflight (the only requests sent), then the plan of the run under the quotas
// it states or the preflight learnt, and the run budget. Exit 0, or 2 when the preflight found a
// problem of the config (as a run would). It says which phases of a run it leaves out, and why.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { statedQuotas } from '../../../client/stated-quotas.ts';
import { showQuota } from '../../../core/quota.ts';
import { manifestText } from '../../../reports/manifest.ts';
import type { Quota } from '../../../core/quota.ts';
import type { RunConfig } from '../../../config/schema.ts';
import { planLines, planRun, type Plan } from './plan.ts';
import { knownLimits, quotasOf } from './limits.ts';
import { preflight } from '../preflight/preflight.ts';
import { skippedLine, skippedUpFront } from '../phase.ts';

/** The quotas stated in the config, by operation ("*": all requests). */
export function statedByOperation(config: RunConfig): Record<string, Quota> {
  const out: Record<string, Quota> = {};
  for (const s of statedQuotas(config.run.rateLimit)) for (const op of s.operations ?? ['*']) out[op] = s.quota;
  return out;
}

/** `out`: plan.json is written there, the whole plan (every requirement's requests per operation, or why it will not fit). */
/** `limitsFrom`: an earlier probe's rate-limit.json (or its folder), by default the one in `out`. */
export async function planOnly(
  config: RunConfig,
  numRuns: number,
  log: (line: string) => void,
  out?: string,
  limitsFrom?: string,
): Promise<{ exitCode: number; plan: Plan }> {
  const started = Date.now();
  const checked = await preflight(config);
  for (const p of checked.problems) log(`preflight: ${p.key}: ${p.problem}`);
  for (const n of checked.notes) log(`preflight: ${n}`);
  log(`preflight: ${checked.requests} requests sent`);
  const probeFile = limitsFrom ?? out;
  const known = knownLimits(config, {
    ...(probeFile ? { probeFile } : {}),
    ...(checked.learnt ? { learnt: checked.learnt } : {}),
    ...(checked.met429 ? { met429: checked.met429 } : {}),
    now: Date.now(),
  });
  const plan = planRun(config, numRuns, quotasOf(known.limits), (Date.now() - started) / 1000);
  const lines = planLines(plan, numRuns, known);
  for (const line of lines) log(line);
  for (const skipped of skippedUpFront({ mode: { kind: 'plan-only' }, o: {}, suites: new Set() })) log(skippedLine(skipped));
  if (out && !checked.problems.length) {
    mkdirSync(out, { recursive: true });
    const file = path.join(out, 'plan.json');
    writeFileSync(
      file,
      `${JSON.stringify({ lines, ...plan, operations: plan.operations.map(({ quota, ...o }) => ({ ...o, ...(quota ? { quota: showQuota(quota) } : {}) })) }, null, 2)}\n`,
    );
    log(manifestText([file]).trimStart().replace(/\n$/, ''));
  }
  return { exitCode: checked.problems.length ? 2 : 0, plan };
}
