// The plan before the first request: requests per operation from the run's cost, seconds under the
// quotas, property runs sized to the budget, and what will not fit with the budget that would.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../config/load.ts';
import { referenceRunConfig } from '../../../../reference/run-config.ts';
import { MIN_PLANNED_RUNS, planLines, plannedTests, planRun, runCost } from '../../../../engine/phases/plan/plan.ts';
import { statedByOperation } from '../../../../engine/phases/plan/plan-only.ts';
import { endingReserveMs, testsDeadline } from '../../../../engine/control/budget.ts';

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

describe('the plan per requirement', () => {
  const tight = () => {
    const c = config({ rateLimit: { report: '5/6s', readBack: '4/6s' }, maxDurationSeconds: 120 });
    return { c, p: planRun(c, 100, statedByOperation(c)) };
  };

  it('gives every requirement of the suites its requests per operation, and without quotas all of them fit', () => {
    const c = config({});
    const p = planRun(c, 100, statedByOperation(c));
    const ids = new Set(plannedTests().flatMap((t) => t.ids));
    expect(new Set(p.requirements.map((r) => r.id))).toEqual(ids);
    expect(p.requirements.every((r) => r.fits)).toBe(true);
    expect(p.notPlanned).toEqual({});
    // The operations' requests are the sums of their tests' (the table at 100 runs).
    const cost = runCost(plannedTests());
    for (const o of p.operations) expect(o.requests).toBe(Math.ceil(cost[o.op]!.fixed + cost[o.op]!.perRun * 100));
    // MUSTs first in the plan's list.
    const ranks = p.requirements.map((r) => ['MUST', 'SHOULD', 'INFO'].indexOf(r.level));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(p.requirements.find((r) => r.id === 'RP-1')!.requests.report).toBeGreaterThan(0);
  });

  it('where the quota cannot serve a requirement, names it not run with the reason and the budget that would fit it, MUSTs served first', () => {
    const { p } = tight();
    const missing = p.requirements.filter((r) => !r.fits);
    expect(missing.length).toBeGreaterThan(0);
    for (const r of missing) {
      expect(r.reason).toMatch(
        /^(report: its \d+ requests at 5\/6s|(contactRead|orderStatusRead): its \d+ requests at 4\/6s) come after the \d+ that the (MUST tests|MUSTs and the tests) before it take, of the \d+ the quota serves in the budget's 120 s; a run budget of \d+ s/,
      );
      expect(r.budgetSeconds).toBeGreaterThan(120);
    }
    // A MUST that does not fit was refused for the MUST tests before it, never for a SHOULD or INFO.
    for (const r of missing.filter((x) => x.level === 'MUST')) expect(r.reason).toMatch(/the MUST tests before it/);
    // Its tests are the ones the run does not send.
    expect(Object.keys(p.notPlanned).length).toBeGreaterThan(0);
    for (const why of Object.values(p.notPlanned)) expect(why).toMatch(/^not run by the plan \(run --plan\): (report|contactRead|orderStatusRead): /);
    const lines = planLines(p, 100).join('\n');
    expect(lines).toMatch(/^plan: requirements: \d+ MUST, \d+ SHOULD, \d+ INFO get their requests; \d+ will not fit \(\d+ MUST\)/m);
    for (const r of missing) expect(lines).toContain(`plan: will not fit: ${r.id} (${r.level}): ${r.reason}`);
  });

  it('fits a requirement it could not, given the run budget it named', () => {
    const { p } = tight();
    // The first MUST it could not fit (the least budget named): that budget fits it and those before it.
    const must = p.requirements.filter((r) => !r.fits && r.level === 'MUST').sort((a, b) => a.budgetSeconds! - b.budgetSeconds!)[0]!;
    const c = config({ rateLimit: { report: '5/6s', readBack: '4/6s' }, maxDurationSeconds: must.budgetSeconds });
    expect(planRun(c, 100, statedByOperation(c)).requirements.find((r) => r.id === must.id)!.fits).toBe(true);
  });

  it('states as its floor the seconds the quotas need for the requests it sends, the preflight included', () => {
    const c = config({ rateLimit: { report: '5/6s', readBack: '4/6s' }, maxDurationSeconds: 7200 });
    const p = planRun(c, 100, statedByOperation(c), 30);
    const report = p.operations.find((o) => o.op === 'report')!;
    expect(p.notPlanned).toEqual({});
    expect(report.seconds).toBe((Math.ceil(report.requests / 5) - 1) * 6);
    expect(p.floorSeconds).toBe(30 + p.seconds);
    expect(p.seconds).toBeGreaterThanOrEqual(report.seconds);
    expect(planLines(p, 100).join('\n')).toContain(`expected >= ${p.floorSeconds} s in all under the quotas`);
    // Within the 360 s budget the floor it states is what the requests it plans need: no more than the budget.
    const b = config({ rateLimit: { report: '5/6s', readBack: '4/6s' }, maxDurationSeconds: 360 });
    const q = planRun(b, 100, statedByOperation(b), 30);
    expect(q.floorSeconds).toBeLessThanOrEqual(360);
    expect(q.requirements.filter((r) => r.level === 'MUST').every((r) => r.fits)).toBe(true);
  });

  it('one quota stated for both read paths (readBack) serves them together', () => {
    const c = config({ rateLimit: { readBack: '4/6s' }, maxDurationSeconds: 7200 });
    const p = planRun(c, 100, statedByOperation(c));
    const reads = p.operations.filter((o) => o.op === 'contactRead' || o.op === 'orderStatusRead').reduce((n, o) => n + o.requests, 0);
    expect(p.seconds).toBe((Math.ceil(reads / 4) - 1) * 6);
  });

  it('under run.maxRequests names what the request budget leaves out', () => {
    const c = config({ maxRequests: 800 });
    const p = planRun(c, 100, statedByOperation(c));
    const missing = p.requirements.filter((r) => !r.fits);
    expect(missing.length).toBeGreaterThan(0);
    for (const r of missing) expect(r.reason).toMatch(/of run\.maxRequests 800; run\.maxRequests \d+ would fit it and the tests before it$/);
  });
});

describe('the run budget', () => {
  it('holds the certificate: the tests stop 0.5% of it (1 s to 15 s) before it', () => {
    expect(endingReserveMs(360)).toBe(1800);
    expect(endingReserveMs(20)).toBe(1000);
    expect(endingReserveMs(7200)).toBe(15_000);
    expect(testsDeadline(1000, 360)).toBe(1000 + 360_000 - 1800);
  });
});
