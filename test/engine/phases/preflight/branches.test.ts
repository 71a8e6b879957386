// The preflight's Branch List check (engine/phases/preflight/branches.ts) against the reference: the
// reference config's branches are listed; a fixture branch that is not, or an "invalid" branch
// that is, is a problem named by its key; without operations["branch-list"] nothing is sent.
import { describe, expect, it } from 'vitest';
import type { RunConfig } from '../../../../config/schema.ts';
import { branchFixtures } from '../../../../engine/phases/preflight/branches.ts';
import { preflightPart, referenceTarget } from './kit.ts';

const target = referenceTarget();

const check = (c: RunConfig) => preflightPart(branchFixtures, c, [{ key: 'fixtures.report', problem: 'an earlier one' }]);

describe('the preflight against Branch List', () => {
  it("finds the reference config's branches listed and its invalid branch not, in one request", async () => {
    const r = await check(target.config);
    expect(r.problems.map((p) => p.key)).toEqual(['fixtures.report']);
    expect(r.notes).toEqual(['branches checked against Branch List (4 listed)']);
    expect(r.requests).toBe(1);
  });

  it('names a fixture branch that is not listed and an invalid branch that is, before the other problems', async () => {
    const r = await check({ ...target.config, fixtures: { ...target.config.fixtures, otherBranchId: 7, invalidBranchId: 3 } });
    expect(r.problems.map((p) => p.key)).toEqual(['fixtures.otherBranchId', 'fixtures.invalidBranchId', 'fixtures.report']);
    expect(r.problems[0]!.problem).toContain('branch 7 is not in Branch List');
  });

  it('does not blame the config when the answer holds no list of branches, and sends nothing without the operation', async () => {
    const config = target.config;
    const ops = config.operations!;
    const wrongList = await check({ ...config, operations: { ...ops, 'branch-list': { ...ops['branch-list']!, list: 'response.items' } } });
    expect(wrongList.problems).toHaveLength(1);
    expect(wrongList.notes[0]).toContain('branches not checked against Branch List');
    const { 'branch-list': _b, ...rest } = ops;
    const none = await check({ ...config, operations: rest });
    expect(none.requests).toBe(0);
  });
});
