// The plan before the first request: requests per operation from the run's cost, seconds under the
// quotas, property runs sized to the budget, and what will not fit with the budget that would.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.ts';
import { referenceRunConfig } from '../../reference/fixtures.ts';
import { MIN_PLANNED_RUNS, planLines, planRun } from '../../suites/plan.ts';
import { statedByOperation } from '../../suites/plan-run.ts';

const config = (run: Record<string, unknown>) => {
  const base = referenceRunConfig('http://127.0.0.1:1', ['t1'], 42, 'default') as Record<string, unknown>;
  return loadConfig({ base: { ...base, run: { ...(base.run as object), ...run } }, env: {} });
};

describe('the plan', () => {
  it('without quotas keeps the runs asked and expects no wait', () => {
    const c = config({});
    const p = planRun(c, 100, statedByOperation(c));
    expect(p.numRuns).toBe(100);
    expect(p.seconds).toBe(0);
    expect(p.notFit).toEqual([]);
    expect(p.operations.find((o) => o.op === 'report')!.requests).toBeGreaterThan(p.operations.find((o) => o.op === 'customerCreate')!.requests / 2);
  });

  it('under a report quota sizes the property runs to the budget, and a slow quota on the report does not count against the writes', () => {
    const c = config({ rateLimit: { report: '20/6s' }, maxDurationSeconds: 360 });
    const p = planRun(c, 100, statedByOperation(c));
    expect(p.numRuns).toBeLessThan(100);
    expect(p.numRuns).toBeGreaterThanOrEqual(MIN_PLANNED_RUNS);
    expect(p.seconds).toBeLessThanOrEqual(360);
    expect(p.operations.find((o) => o.op === 'orderStatus')!.seconds).toBe(0);
    expect(p.notFit).toEqual([]);
  });

  it('says what will not fit, with the budget that would fit it', () => {
    const c = config({ rateLimit: { report: '5/6s', readBack: '4/6s' }, maxDurationSeconds: 360 });
    const p = planRun(c, 100, statedByOperation(c));
    expect(p.numRuns).toBe(MIN_PLANNED_RUNS);
    expect(p.notFit.join('\n')).toMatch(/^report: \d+ requests need \d+ s at 5\/6s; a run budget of \d+ s \(run.maxDurationSeconds\) would fit them$/);
    const lines = planLines(p, 100).join('\n');
    expect(lines).toMatch(/5 runs per property \(of 100 asked: sized to the budget\)/);
    expect(lines).toMatch(/plan: will not fit: report/);
  });
});
