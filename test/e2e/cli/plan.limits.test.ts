// The plan says what will happen under a limit the target states nowhere (30 per 5 s, no
// rate-limit header, nothing in the config), as a user meets it with the real CLI:
//  - with nothing known before sending the plan says so (no wait it could state);
//  - with the rate-limit.json an earlier probe left in the out folder (or named by --limits-from)
//    it names the limit, where it comes from and how old it is, and states the wait it needs;
//  - the run then starts paced at that limit: its pacing names it, and few requests meet a 429.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceServer } from '../../../reference/server.ts';
import { RATE_LIMIT_FIXTURE } from '../../reports/sample.ts';
import type { Certification } from '../../../reports/model.ts';
import { cli } from './spawn.ts';
import { tempDir } from './run-process.ts';
import { inProcess } from './in-process.ts';
import { WHOLE_FILE } from '../../tiers.ts';

/** The probe's rate-limit.json as an earlier run left it: `limit` per `windowSeconds` on the report of `baseUrl`. */
function earlierProbe(dir: string, baseUrl: string, limit: number, windowSeconds: number): string {
  const r = JSON.parse(readFileSync(RATE_LIMIT_FIXTURE, 'utf8')) as Record<string, unknown>;
  const file = join(dir, 'rate-limit.json');
  writeFileSync(file, JSON.stringify({ ...r, target: { name: 'reference', baseUrl }, operation: 'report', limited: true, limit, windowSeconds }));
  return file;
}

describe('the plan under a limit stated nowhere', WHOLE_FILE, () => {
  let ref: ReferenceServer;
  let configFile: string;

  beforeAll(async () => {
    // The report and customer creation limited at 30 per 5 s, without a rate-limit header.
    ref = await startReference({ port: 0, rateLimit: { limit: 30, windowSeconds: 5, algorithm: 'fixed', scope: 'token', headers: false } });
    configFile = join(tempDir('erp-plan-limits-'), 'config.json');
    writeFileSync(configFile, JSON.stringify(ref.runConfig()));
  });
  afterAll(() => ref?.close());

  it('says no limit is known when none is, and the wait a probe of an earlier run shows once it is in the out folder', async () => {
    const out = tempDir('erp-plan-limits-out-');
    const before = await cli(['run', '--plan', '--config', configFile, '--out', out], { timeoutMs: 90_000 });
    expect(before.code, before.stderr).toBe(0);
    expect(before.stdout).toMatch(
      /^plan: \d+ runs per property; expected no wait for quotas \(no limit known before sending: none in run.rateLimit, no earlier probe's rate-limit.json, none announced to the preflight/m,
    );
    earlierProbe(out, ref.url, 30, 5);
    const after = await cli(['run', '--plan', '--config', configFile, '--out', out], { timeoutMs: 90_000 });
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toMatch(/^plan: limits known before sending: report 30\/5s \(.*rate-limit\.json, measured by an earlier probe \d+ s ago\)$/m);
    const report = /^plan: \d+ requests \(report (\d+) at 30\/5s \(>= (\d+) s\)/m.exec(after.stdout);
    expect(report).not.toBeNull();
    expect(Number(report![2])).toBe((Math.ceil(Number(report![1]) / 30) - 1) * 5);
    expect(after.stdout).toMatch(/expected >= \d+ s in all under the quotas/);
  }, 200_000);

  it('a run given the probe (--limits-from) starts paced at its limit: few of its reports meet a 429', async () => {
    // A shorter window (30 per 1 s) keeps the run short; the limit is again in no header.
    const fast = await startReference({ port: 0, rateLimit: { limit: 30, windowSeconds: 1, algorithm: 'fixed', scope: 'token', headers: false } });
    try {
      const dir = tempDir('erp-plan-limits-run-');
      const config = join(dir, 'config.json');
      writeFileSync(config, JSON.stringify(fast.runConfig()));
      const probe = earlierProbe(tempDir('erp-plan-limits-probe-'), fast.url, 30, 1);
      const out = join(dir, 'out');
      const r = await cli(['run', '--config', config, '--only', 'RP', '--num-runs', '5', '--limits-from', probe, '--no-allure', '--quiet', '--out', out], {
        timeoutMs: 240_000,
      });
      expect(r.code, r.stderr).toBe(0);
      const cert = JSON.parse(readFileSync(join(out, 'certification.json'), 'utf8')) as Certification;
      expect(cert.plan!.lines.join('\n')).toMatch(/^plan: limits known before sending: report 30\/1s \(/m);
      expect(cert.pacing).toContain("known before sending: 30/1s (an earlier probe's rate-limit.json)");
      const reports = Number(/\breport (\d+)/.exec(cert.pacing!.split('requests per operation: ')[1]!)![1]);
      const met = Number(/\breport \d+ \((\d+) x 429\)/.exec(cert.pacing!)?.[1] ?? 0);
      expect(reports).toBeGreaterThan(100);
      expect(met / reports).toBeLessThanOrEqual(0.05);
    } finally {
      await fast.close();
    }
  }, 300_000);

  it('refuses --limits-from naming no file', async () => {
    const r = await inProcess(['run', '--plan', '--limits-from', join(tempDir('erp-plan-limits-none-'), 'rate-limit.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--limits-from: no such file .*rate-limit\.json/);
  });
});
