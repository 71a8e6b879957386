// Scarce quotas, scaled down: the full run against the reference with reports at 5 and single
// reads at 4 per window (writes free, 429 stating the wait only in its message) and a run budget
// of 60 windows with 2 s windows. The run plans the report as scarce, starts it beside the writes,
// sends the MUSTs' requests first and ends certified with every MUST verified within its budget;
// few report requests reach the target twice (a proxy counts them).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/load.ts';
import type { RunConfig } from '../../../config/schema.ts';
import { reportPath } from '../../../contract/endpoints.ts';
import { startReference, type ReferenceServer } from '../../../reference/server.ts';
import { runConformance } from '../../../engine/run.ts';
import { itWhole } from '../../tiers.ts';
import { forwardingProxy, type ForwardingProxy } from '../../support/forwarding-proxy.ts';

const WINDOW_S = 2;
const QUOTAS = { report: `5/${WINDOW_S}s`, readBack: `4/${WINDOW_S}s` };
const BUDGET_S = 60 * WINDOW_S;

describe('a run under reports 5 and reads 4 per window (writes free) with a budget of 60 windows', () => {
  let reference: ReferenceServer;
  let proxy: ForwardingProxy;
  /** Report requests by body: how often each reached the target. */
  const reports = new Map<string, number>();
  const out = mkdtempSync(path.join(os.tmpdir(), 'erp-quota-run-'));

  beforeAll(async () => {
    reference = await startReference({ port: 0, quotas: QUOTAS });
    proxy = await forwardingProxy(reference.url, {
      heard: (req, body) => void (req.url?.includes(reportPath()) && reports.set(body.toString(), (reports.get(body.toString()) ?? 0) + 1)),
    });
  });
  afterAll(async () => {
    await proxy.close();
    await reference.close();
    rmSync(out, { recursive: true, force: true });
  });

  // CI only (test/tiers.ts): two minutes of waiting on the quotas.
  itWhole(
    'plans the report as scarce, verifies every MUST within the budget, and sends no report request twice',
    async () => {
      const base = loadConfig({ base: reference.runConfig(), env: {} });
      const config: RunConfig = {
        ...base,
        target: { ...base.target, baseUrl: proxy.url },
        run: { ...base.run, maxDurationSeconds: BUDGET_S, rateLimit: QUOTAS },
      };
      const lines: string[] = [];
      const t0 = Date.now();
      const r = await runConformance({ config, out, seed: 42, allure: false, log: (l) => lines.push(l) });
      const seconds = (Date.now() - t0) / 1000;
      const log = lines.join('\n');
      expect(log).toMatch(/^plan: scarce: report: .*MUSTs first/m);
      expect(log).not.toMatch(/^plan: will not fit: report: .*for its MUSTs/m);
      const c = r.certification;
      const musts = c.requirements.filter((x) => x.level === 'MUST' && x.status !== 'skipped');
      const unverified = musts.filter((x) => x.status !== 'passed' && x.status !== 'observed').map((x) => `${x.id} ${x.status}`);
      expect(unverified, log).toEqual([]);
      expect(c.verdict).toBe('certified');
      expect(seconds).toBeLessThan(BUDGET_S + 20); // the run's own budget, and its grace to write the certificate
      // Request economy: a report request is sent again only as a 429's retry, by RP-21 on purpose
      // (identical requests at once), or as one the preflight (another process) sent before the
      // suites; never because another test asked the same (the tests share the run's answers).
      const twice = [...reports.values()].filter((n) => n > 1).length;
      expect(twice / reports.size).toBeLessThan(0.1);
    },
    400_000,
  );
});
