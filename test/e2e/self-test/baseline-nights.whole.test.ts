// Three nights against the embedded reference through the real CLI, the gate of issue 41: night 1
// clean; night 2 with one fault switched on, `--baseline night-1 --fail-on new`; night 3 with the
// same fault, `--baseline night-2 --fail-on new`. `compare` names exactly the fault's requirements
// as newly failed and nothing else; night 2 exits 1 (a new MUST failure); night 3 exits 0 and lists
// the known failure on its first lines. Each night runs the fault's prefix only (--only), few
// runs per property, no preflight: the gate is what is shown, not the suites.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fault } from '../../../reference/faults.ts';
import type { Certification } from '../../../reports/model.ts';
import type { Comparison } from '../../../reports/compare/compare.ts';
import { cli, type CliResult } from '../cli/spawn.ts';
import { WHOLE_FILE } from '../../tiers.ts';

const FAULT = 'envelope-code-ok';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'erp-baseline-'));
const night = (n: number) => path.join(tmp, `night-${n}`);
const SHORT = ['--only', 'ENV', '--seed', '4', '--num-runs', '5', '--no-preflight', '--quiet', '--no-allure', '--har', 'off'];
const runs: CliResult[] = [];
let comparison: Comparison;

beforeAll(async () => {
  const nights = [[], ['--fault', FAULT, '--baseline', night(1), '--fail-on', 'new'], ['--fault', FAULT, '--baseline', night(2), '--fail-on', 'new']];
  for (const [i, more] of nights.entries()) runs.push(await cli(['run', ...SHORT, '--out', night(i + 1), ...more], { timeoutMs: 400_000 }));
  const compared = await cli(['compare', night(1), night(2), '--json', '-']);
  expect(compared.code, compared.stderr).toBe(0);
  comparison = JSON.parse(compared.stdout) as Comparison;
  // Generous ceiling (it ends a hang): three short runs on a busy 2-core machine.
}, 1_300_000);

const cert = (n: number) => JSON.parse(readFileSync(path.join(night(n), 'certification.json'), 'utf8')) as Certification;

describe('three nights with a fault switched on after the first, gated on new failures', WHOLE_FILE, () => {
  it("compare names exactly the fault's requirements as newly failed, and nothing else", () => {
    expect(runs[0]!.code, runs[0]!.stdout.slice(-2000)).toBe(0);
    expect(comparison.requirements.newlyFailed.map((r) => r.id)).toEqual(fault(FAULT).breaks);
    const others = Object.entries(comparison.requirements).filter(([k]) => k !== 'newlyFailed');
    expect(Object.fromEntries(others.filter(([, l]) => l.length))).toEqual({});
    expect(comparison.differs).toEqual([]);
  });

  it('--fail-on new exits 1 on the second night, its first lines naming the new failure', () => {
    expect(runs[1]!.code, runs[1]!.stdout.slice(-2000)).toBe(1);
    expect(cert(2).baseline!.newMustFailures).toEqual(fault(FAULT).breaks);
    expect(runs[1]!.stdout).toContain(`  newly failed (1): ${fault(FAULT).breaks[0]} [MUST]`);
  });

  it('exits 0 on the third night, with the second as baseline, and lists the known failure', () => {
    expect(runs[2]!.code, runs[2]!.stdout.slice(-2000)).toBe(0);
    const third = cert(3);
    expect(third.verdict).toBe('not-certified');
    expect(third.baseline!.knownFailures.map((r) => r.id)).toEqual(fault(FAULT).breaks);
    const lines = runs[2]!.stdout.split('\n');
    const first = lines.findIndex((l) => l.startsWith('Since the baseline of '));
    expect(lines[first]).toContain(`, ${night(2)}):`);
    expect(lines.slice(first, first + 4)).toContain(`  known failures, failed in the baseline too (1): ${fault(FAULT).breaks[0]} [MUST]`);
    // Still named among the failed MUSTs: a known failure is listed, never hidden.
    expect(runs[2]!.stdout).toMatch(new RegExp(`^  ${fault(FAULT).breaks[0]} \\[MUST\\]`, 'm'));
  });
});
