// Issue 18 f: a vendor defect must not pass for a fixture problem. A target that ignores branchList
// makes the configured empty branch look full: the preflight writes the doubt and lets the run go
// on (RP-9b judges the target), where a branch that is simply not empty still stops it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.ts';
import { startReference, type ReferenceServer } from '../../reference/server.ts';
import { preflight } from '../../suites/preflight.ts';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReference({ port: 0, faults: ['rp-branch-ignored'] });
});
afterAll(() => server.close());

describe('the preflight against a target that ignores branchList', () => {
  it('writes the doubt about fixtures.report.emptyBranchId instead of stopping the run', async () => {
    const config = loadConfig({ base: server.runConfig(), env: {} });
    const r = await preflight(config);
    expect(r.problems).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/doubt: branch \d+ \(fixtures\.report\.emptyBranchId\) reports \d+ transaction\(s\), as many as .*ignores branchList/);
  });
});
