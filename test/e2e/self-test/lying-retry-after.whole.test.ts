// A Retry-After that lies (fault rl-retry-after-lies on a 3 s fixed window whose 429 states the wait
// only as Retry-After seconds, no rate-limit header: always "1") against the same window stated
// honestly: the rate-limit suite with its probe and load. The lying one fails RL-3, the honest one
// passes it, and the lying run costs at most twice the honest one, counted in the run's requests
// and the probe's (its rate-limit.json), not in wall time.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WHOLE_FILE } from '../../tiers.ts';
import { runAgainstReference } from './run-reference.ts';

const WINDOW = { report: '20/3s:seconds' };

async function rateLimitRun(lies: boolean) {
  const r = await runAgainstReference({ reference: { quotas: WINDOW }, faults: lies ? ['rl-retry-after-lies'] : [], only: ['RL'], withLoad: true, seed: 3 });
  const c = r.certification;
  const probe = JSON.parse(readFileSync(path.join(r.out, 'rate-limit.json'), 'utf8')) as { requestsSent: number; statusCounts: Record<string, number> };
  return {
    rl3: c.requirements.find((x) => x.id === 'RL-3')?.status,
    requests: c.requests,
    probeRequests: probe.requestsSent,
    probe429: probe.statusCounts['429'] ?? 0,
    limits: c.limits,
    lines: r.lines,
  };
}

describe('a Retry-After that lies, against an honest one', WHOLE_FILE, () => {
  it("fails RL-3, and the run and its probe send at most twice the honest run's requests", async () => {
    const honest = await rateLimitRun(false);
    const lying = await rateLimitRun(true);
    console.log(`honest: ${JSON.stringify({ ...honest, lines: undefined })}\nlying: ${JSON.stringify({ ...lying, lines: undefined })}`);
    expect(honest.rl3, honest.lines.join('\n')).toBe('passed');
    expect(lying.rl3, lying.lines.join('\n')).toBe('failed');
    expect(lying.requests).toBeLessThanOrEqual(2 * honest.requests);
    // The probe times the target, not the stated wait: a lie makes it poll from 1 s instead of 3 s
    // after a 429 (more of its polls meet one), a few requests more, never a spin.
    expect(lying.probeRequests).toBeLessThanOrEqual(2 * honest.probeRequests);
  }, 300_000);
});
