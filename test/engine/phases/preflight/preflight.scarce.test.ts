// The preflight where the report's quota is scarce (stated: the production deployment's 5 per 6 s):
// it counts only what one page of the range does not already show (both modules, the filter ids
// the index's lists place in it, the only branch), so the suites keep the quota; every problem it
// writes without a quota it still writes, from the counts it still makes. The reference states no
// quota here: the stated one only paces the preflight, and the counts are what is compared.
import { describe, expect, it } from 'vitest';
import type { RunConfig } from '../../../../config/schema.ts';
import { reportPath } from '../../../../contract/endpoints.ts';
import type { Exchange } from '../../../../core/types.ts';
import { preflight } from '../../../../engine/phases/preflight/preflight.ts';
import { referenceTarget } from './kit.ts';

const target = referenceTarget();

/** The config under the quota run's stated report quota (test/e2e/self-test/quota-run.whole.test.ts). */
const scarce = (config: RunConfig): RunConfig => ({ ...config, run: { ...config.run, rateLimit: { report: '5/6s' } } });

/** The preflight's result and the report requests it sent. */
async function counted(config: RunConfig) {
  const reports: Exchange[] = [];
  const r = await preflight(config, (ex) => void (ex.request.url.includes(reportPath()) && reports.push(ex)));
  return { r, reports };
}

describe('the preflight where the report quota is scarce', () => {
  it('counts only what one page of the range does not show: a handful of report requests instead of one per module, branch and filter id', async () => {
    const plenty = await counted(target.config);
    const few = await counted(scarce(target.config));
    expect(plenty.r.problems).toEqual([]);
    expect(few.r.problems).toEqual([]);
    // The page (its first request), the second token, each of the two branches and the empty branch.
    expect(few.reports.length).toBeLessThanOrEqual(5);
    expect(plenty.reports.length).toBeGreaterThan(few.reports.length + 20);
    expect(few.r.notes.join('\n')).toMatch(/reports are scarce \(report 5\/6s\): the preflight made \d of its \d+ fixture counts/);
    expect(plenty.r.notes.join('\n')).not.toMatch(/reports are scarce/);
  }, 60_000);

  it('still names each fixture that does not hold what the config says: what a page does not show is counted', async () => {
    const config = target.config;
    const report = config.fixtures.report;
    const wrong = scarce({
      ...config,
      fixtures: {
        ...config.fixtures,
        report: { ...report, filterIds: { ...report.filterIds, recipeIds: ['13', '999999'], productIds: ['888888'] }, emptyBranchId: 1 },
      },
    });
    const r = await preflight(wrong);
    expect(r.problems.map((p) => p.key)).toEqual([
      'fixtures.report.filterIds.recipeIds',
      'fixtures.report.filterIds.productIds',
      'fixtures.report.emptyBranchId',
    ]);
    expect(r.problems[0]!.problem).toContain('id 999999 matches no transaction');
  }, 60_000);
});
