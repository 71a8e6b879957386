// `run --plan`: the preflight only, then the plan (requests per operation, the time the quotas
// need, runs per property sized to the budget, what will not fit); a per-operation --rate-limit;
// serve --quota refusing a malformed value. The plan's words in this process (in-process.ts); the
// whole set's run under the plan's quota through the real CLI.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Certification } from '../../../reports/model.ts';
import { cli as realCli, type CliResult } from './spawn.ts';
import { inProcess } from './in-process.ts';
import { itWhole } from '../../tiers.ts';

/** The real CLI in a folder of its own (its HOME too). */
function cli(args: string[]): Promise<CliResult> {
  const cwd = mkdtempSync(join(tmpdir(), 'erp-plan-'));
  return realCli(args, { cwd, env: { HOME: cwd }, timeoutMs: 90_000 });
}

describe('run --plan', () => {
  it('sends only the preflight and prints the plan under the stated quotas and the budget', async () => {
    const out = mkdtempSync(join(tmpdir(), 'erp-plan-out-'));
    const r = await inProcess(['run', '--plan', '--rate-limit', 'report=50/6s,readBack=40/6s', '--max-duration', '14', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^preflight: \d+ requests sent$/m);
    expect(r.stdout).toMatch(/^plan: \d+ requests \(report \d+ at 50\/6s \(>= \d+ s\), orderStatus \d+, /m);
    // The budget left is what the preflight did not spend, in wall time: on a starved machine the
    // read quota's operation is scarce too (its MUSTs need 12 s), on a quiet one not; the report's always.
    expect(r.stdout).toMatch(/^plan: scarce: report(, orderStatusRead)?: .*MUSTs first; report 5 runs per property(, order-status \d+ runs per property)?$/m);
    expect(r.stdout).toMatch(/^plan: will not fit: report: \d+ requests for its MUSTs need \d+ s at 50\/6s; a run budget of \d+ s/m);
    // Requirement by requirement, MUSTs first: those the quota cannot serve in the budget are named,
    // each with the reason and the run budget that would fit it.
    expect(r.stdout).toMatch(/^plan: requirements: \d+ MUST, \d+ SHOULD, \d+ INFO get their requests; \d+ will not fit \(\d+ MUST\)/m);
    expect(r.stdout).toMatch(
      /^plan: will not fit: RP-\d+[a-z]? \(MUST\): report: its \d+ requests at 50\/6s come after the \d+ that the MUST tests before it take, of the \d+ the quota serves in the budget's \d+ s; a run budget of \d+ s \(run.maxDurationSeconds\) would fit it/m,
    );
    expect(r.stdout).toMatch(/^plan: will not fit: RP-19b \(SHOULD\): report: /m);
    // Nothing but the preflight: no suite ran; the whole plan, requirement by requirement, in plan.json.
    expect(r.stdout).not.toMatch(/suites\//);
    expect(r.stdout).toMatch(/^written:\n {2}.*plan\.json$/m);
    const plan = JSON.parse(readFileSync(join(out, 'plan.json'), 'utf8')) as {
      lines: string[];
      requirements: { id: string; fits: boolean; reason?: string }[];
    };
    expect(plan.lines.every((l) => r.stdout.includes(l))).toBe(true);
    expect(plan.requirements.find((x) => x.id === 'RP-19b')).toMatchObject({ fits: false, reason: expect.stringMatching(/^report: /) });
    expect(plan.requirements.find((x) => x.id === 'OS-1')).toMatchObject({ fits: true });
  }, 240_000);

  itWhole(
    'a run reports the requirements its plan could not fit "not run" with the plan\'s reason, and keeps the plan in the certificate',
    async () => {
      const out = mkdtempSync(join(tmpdir(), 'erp-plan-run-'));
      const r = await cli(['run', '--only', 'RP', '--rate-limit', 'report=50/6s', '--max-duration', '12', '--no-allure', '--quiet', '--out', out]);
      expect(r.code, r.stderr).toBe(3);
      const cert = JSON.parse(readFileSync(join(out, 'certification.json'), 'utf8')) as Certification;
      const unfit = cert.plan!.requirements.filter((x) => !x.fits);
      expect(unfit.map((x) => x.id)).toContain('RP-19b');
      for (const p of unfit) {
        const got = cert.requirements.find((x) => x.id === p.id)!;
        expect(got.status).toBe('not-run');
        expect(got.reason).toContain(`not run by the plan (run --plan): ${p.reason!.split('; ')[0]}`);
        expect(p.budgetSeconds).toBeGreaterThan(12);
      }
      expect(cert.plan!.lines.join('\n')).toMatch(/^plan: will not fit: RP-19b \(SHOULD\)/m);
    },
    120_000,
  );

  it('refuses a malformed per-operation quota', async () => {
    // Words of the command line: in this process (in-process.ts); the real CLI planned above.
    const run = await inProcess(['run', '--plan', '--rate-limit', 'reports=5/6s']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--rate-limit must be .* per operation like report=5\/1m,readBack=4\/1m/);
    const serve = await inProcess(['serve', '--quota', 'report=5 per minute']);
    expect(serve.code).toBe(2);
    expect(serve.stderr).toMatch(/--quota must be OP=Q\/W/);
  }, 60_000);
});
