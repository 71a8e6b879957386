// Sharding against the embedded reference: each shard starts its own reference on a free port,
// yet the shards are one target: they merge, and in a GitHub job the merge writes the job summary
// of the whole run.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './spawn.ts';
import { WHOLE_FILE } from '../../tiers.ts';

describe('shards of a run against the embedded reference', WHOLE_FILE, () => {
  it("merge although each shard's reference had its own port", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-shard-ref-'));
    const run = ['run', '--only', 'ENV,AUTH', '--seed', '4', '--num-runs', '5', '--no-preflight', '--quiet', '--no-allure'];
    const shards = await Promise.all([1, 2].map((i) => cli([...run, '--shard', `${i}/2`, '--out', path.join(dir, `s${i}`)], { timeoutMs: 200_000 })));
    for (const s of shards) expect(s.code, s.stderr).toBe(0);
    const summary = path.join(dir, 'step-summary.md');
    const merge = await cli(['report', '--merge', path.join(dir, 's1'), path.join(dir, 's2'), '--out', path.join(dir, 'merged')], {
      env: { GITHUB_STEP_SUMMARY: summary, GITHUB_ACTIONS: 'true' },
    });
    expect(merge.stderr).toBe('');
    expect(merge.code).toBe(0);
    expect(merge.stdout).toMatch(/verdict: SELECTION-PASSED/);
    expect(readFileSync(summary, 'utf8')).toMatch(/^## erp-conformance: SELECTION PASSED\n/);
    expect(merge.stdout).not.toMatch(/^::(error|warning) /m); // nothing failed
  }, 300_000);
});
