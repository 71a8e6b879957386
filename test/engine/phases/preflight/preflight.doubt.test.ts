// A vendor defect must not pass for a fixture problem. A target that ignores branchList makes the
// configured empty branch look full: the preflight writes the doubt and lets the run go on (RP-9b
// judges the target), where a branch that is simply not empty still stops it.
import { describe, expect, it } from 'vitest';
import { preflight } from '../../../../engine/phases/preflight/preflight.ts';
import { referenceTarget } from './kit.ts';

const target = referenceTarget({ faults: ['rp-branch-ignored'] });

describe('the preflight against a target that ignores branchList', () => {
  it('writes the doubt about fixtures.report.emptyBranchId instead of stopping the run', async () => {
    const r = await preflight(target.config);
    expect(r.problems).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/doubt: branch \d+ \(fixtures\.report\.emptyBranchId\) reports \d+ transaction\(s\), as many as .*ignores branchList/);
  });
});
