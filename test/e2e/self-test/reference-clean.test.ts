// The suite proves itself, part 1: against the clean reference every MUST and SHOULD passes; and
// a run with writes: false skips what would change data, each with its reason (the whole set).
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { itWhole } from '../../tiers.ts';
import { requirements } from '../../../contract/requirements.ts';
import { runAgainstReference } from './run-reference.ts';

describe('a run against the clean reference', () => {
  it('is certified with no MUST or SHOULD failure, and skips only what it says it skips', async () => {
    const r = await runAgainstReference({ numRuns: 25, allure: true });
    const failed = r.certification.requirements.filter((x) => x.status === 'failed');
    expect(failed.map((x) => `${x.id}: ${x.findings[0]?.title ?? x.reason}`)).toEqual([]);
    expect(r.certification.verdict).toBe('certified');
    expect(r.exitCode).toBe(0);
    // No verdict without evidence: against the reference every requirement saw what it applies to.
    expect(r.certification.requirements.filter((x) => x.status === 'inconclusive' || x.status === 'not-run').map((x) => `${x.id}: ${x.reason}`)).toEqual([]);
    const skipped = r.certification.requirements.filter((x) => x.status === 'skipped');
    // Rate limits need --with-load. Everything else is verified (OS-6 through the index operations of the config).
    expect(skipped.map((x) => x.id).sort()).toEqual(
      requirements
        .filter((q) => q.suite === 'rate-limit' || q.notTested)
        .map((q) => q.id)
        .sort(),
    );
    for (const s of skipped) expect(s.reason).toMatch(/\S/);
    expect(r.certification.errors).toEqual([]);
    // Every file of the report is there, and the JUnit has one testcase per requirement.
    expect(existsSync(r.files.certification)).toBe(true);
    const junit = readFileSync(r.files.junit, 'utf8');
    expect(junit.match(/<testcase /g)?.length).toBe(requirements.length);
    expect(existsSync(r.files.allure!)).toBe(true);
  }, 240_000);
});

// The whole set's (test/tiers.ts): the gate proves writes: false at the plan (test/engine/phases/plan/plan.configured.test.ts) and the scope (test/reports/scope.test.ts).
describe('a run with writes: false and no readBack', () => {
  itWhole(
    'skips every requirement that would change data, each with its reason, and certifies the rest',
    async () => {
      const r = await runAgainstReference({ numRuns: 5, patch: (c) => ({ ...c, writes: false, readBack: undefined }) });
      const byId = new Map(r.certification.requirements.map((x) => [x.id, x]));
      for (const id of ['ST-1', 'OS-2', 'OS-3', 'OS-5', 'CU-1', 'CU-3', 'CU-4', 'CU-8', 'CU-10']) {
        expect(byId.get(id)!.status, id).toBe('skipped');
        expect(byId.get(id)!.reason, id).toMatch(/writes: false/);
      }
      // What cannot change data still runs: auth, the refusals of a missing voucher, the report.
      for (const id of ['AUTH-1', 'AUTH-2', 'OS-1', 'CU-6', 'RP-2', 'RP-7']) expect(byId.get(id)!.status, id).toBe('passed');
      // The report's relations, in verifiedBy with their cases: pages' union = totalCount =
      // the walk; [t, t] holds the transaction located at t; its date is the UTC day of t.
      expect(byId.get('RP-2')!.verifiedBy?.['report.count-is-walk']).toBeGreaterThanOrEqual(2);
      expect([byId.get('RP-25')!.status, byId.get('RP-25')!.verifiedBy]).toEqual(['passed', { 'report.point-range-holds-located': 1 }]);
      expect(byId.get('RP-11')!.verifiedBy?.['report.located-date-utc']).toBe(1);
      expect(r.certification.verdict).toBe('certified');
    },
    120_000,
  );
});
