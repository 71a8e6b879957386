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

  it('where the report quota cannot serve every test, plans it scarce: its MUSTs fit, what comes after them is said', () => {
    const c = config({ rateLimit: { report: '5/6s', readBack: '4/6s' }, maxDurationSeconds: 360 });
    const p = planRun(c, 100, statedByOperation(c));
    expect(p.scarce).toEqual(['report']);
    expect(p.mustsFirst).toEqual(['report']);
    // The report's runs are sized to its quota, the other suites' as many (they read through quotas too).
    expect(p.numRuns).toBe(p.runsBySuite.report);
    expect(p.runsBySuite.report).toBeGreaterThanOrEqual(MIN_PLANNED_RUNS);
    expect(p.runsBySuite.report).toBeLessThan(100);
    expect(p.notFit.join('\n')).not.toMatch(/for its MUSTs/);
    expect(p.notFit.join('\n')).toMatch(/^report: after the MUSTs, the SHOULD and INFO tests' \d+ requests .*a run budget of \d+ s would fit them$/);
    const lines = planLines(p, 100).join('\n');
    expect(lines).toMatch(/plan: scarce: report: .*MUSTs first; report \d+ runs per property/);
  });

  it('says what will not fit, with the budget that would fit it', () => {
    const c = config({ rateLimit: { report: '5/6s', readBack: '4/6s' }, maxDurationSeconds: 120 });
    const p = planRun(c, 100, statedByOperation(c));
    expect(p.runsBySuite.report).toBe(MIN_PLANNED_RUNS);
    expect(p.notFit.join('\n')).toMatch(
      /^report: \d+ requests for its MUSTs need \d+ s at 5\/6s; a run budget of \d+ s \(run.maxDurationSeconds\) would fit them$/m,
    );
    const lines = planLines(p, 100).join('\n');
    expect(lines).toMatch(/plan: will not fit: report/);
  });

  it('counts the time the preflight spent out of the budget', () => {
    const c = config({ rateLimit: { report: '20/6s' }, maxDurationSeconds: 360 });
    const p = planRun(c, 100, statedByOperation(c), 40);
    expect(p.budgetSeconds).toBe(320);
    expect(planLines(p, 100).join('\n')).toMatch(/budget 320 s \(left after the preflight's 40 s\)/);
  });
});
