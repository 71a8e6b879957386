// The preflight's Branch List check (suites/preflight-branches.ts) against the reference: the
// reference config's branches are listed; a fixture branch that is not, or an "invalid" branch
// that is, is a problem named by its key; without operations["branch-list"] nothing is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../client/operations.ts';
import { loadConfig } from '../../config/load.ts';
import type { RunConfig } from '../../config/schema.ts';
import { startReference, type ReferenceServer } from '../../reference/server.ts';
import type { PreflightProblem } from '../../suites/preflight.ts';
import { branchFixtures } from '../../suites/preflight-branches.ts';

let server: ReferenceServer;
let config: RunConfig;
beforeAll(async () => {
  server = await startReference({ port: 0 });
  config = loadConfig({ base: server.runConfig(), env: {} });
});
afterAll(() => server.close());

async function check(c: RunConfig) {
  const client = createClient(c.target);
  const problems: PreflightProblem[] = [{ key: 'fixtures.report', problem: 'an earlier one' }];
  const notes: string[] = [];
  await branchFixtures(client, c, problems, notes);
  await client.close();
  return { problems, notes, requests: client.count() };
}

describe('the preflight against Branch List', () => {
  it("finds the reference config's branches listed and its invalid branch not, in one request", async () => {
    const r = await check(config);
    expect(r.problems.map((p) => p.key)).toEqual(['fixtures.report']);
    expect(r.notes).toEqual(['branches checked against Branch List (4 listed)']);
    expect(r.requests).toBe(1);
  });

  it('names a fixture branch that is not listed and an invalid branch that is, before the other problems', async () => {
    const r = await check({ ...config, fixtures: { ...config.fixtures, otherBranchId: 7, invalidBranchId: 3 } });
    expect(r.problems.map((p) => p.key)).toEqual(['fixtures.otherBranchId', 'fixtures.invalidBranchId', 'fixtures.report']);
    expect(r.problems[0]!.problem).toContain('branch 7 is not in Branch List');
  });

  it('does not blame the config when the answer holds no list of branches, and sends nothing without the operation', async () => {
    const ops = config.operations!;
    const wrongList = await check({ ...config, operations: { ...ops, 'branch-list': { ...ops['branch-list']!, list: 'response.items' } } });
    expect(wrongList.problems).toHaveLength(1);
    expect(wrongList.notes[0]).toContain('branches not checked against Branch List');
    const { 'branch-list': _b, ...rest } = ops;
    const none = await check({ ...config, operations: rest });
    expect(none.requests).toBe(0);
  });
});
