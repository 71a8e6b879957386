// The preflight against the reference: a correct config has no problem; fixtures that do not hold
// what the config says give one problem each, in the order of the config (report first, then
// vouchers), though their requests went side by side.
import { describe, expect, it } from 'vitest';
import type { RunConfig } from '../../../../config/schema.ts';
import { preflight } from '../../../../engine/phases/preflight/preflight.ts';
import { referenceTarget } from './kit.ts';

const target = referenceTarget();

describe('the preflight', () => {
  it('finds nothing wrong with the reference config', async () => {
    const r = await preflight(target.config);
    expect(r.problems).toEqual([]);
    expect(r.requests).toBeGreaterThan(20);
  });

  it('names each fixture that does not hold what the config says, in the order of the config', async () => {
    const config = target.config;
    const report = config.fixtures.report;
    const wrong: RunConfig = {
      ...config,
      fixtures: {
        ...config.fixtures,
        report: { ...report, filterIds: { ...report.filterIds, recipeIds: ['13', '999999'], productIds: ['888888'] }, emptyBranchId: 1 },
        sales: { ...config.fixtures.sales, deliver: [1001], lifecycle: [2001, 1002] },
      },
    };
    const r = await preflight(wrong);
    expect(r.problems.map((p) => p.key)).toEqual([
      'fixtures.report.filterIds.recipeIds',
      'fixtures.report.filterIds.productIds',
      'fixtures.report.emptyBranchId',
      'fixtures.sales.lifecycle',
      'fixtures.sales.deliver',
    ]);
    expect(r.problems[0]!.problem).toContain('id 999999 matches no transaction');
    expect(r.problems[3]!.problem).toContain('voucher 2001 is paid');
    expect(r.problems[4]!.problem).toContain('voucher 1001 is not paid');
  });
});
