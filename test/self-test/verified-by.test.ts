// Issue 18: the certificate states, per requirement, which checks and relations verified it and on
// how many cases (verifiedBy), part of its evidence count.
import { describe, expect, it } from 'vitest';
import { runAgainstReference } from './run-reference.ts';

describe('the certificate names the relations each requirement was verified by', () => {
  it('counts the cases of "a refusal changes nothing" (OS-8) and "an acceptance is stored" (OS-9)', async () => {
    const r = await runAgainstReference({ only: ['OS'], numRuns: 3, preflight: false });
    const byId = new Map(r.certification.requirements.map((x) => [x.id, x]));
    const os8 = byId.get('OS-8')!;
    const os9 = byId.get('OS-9')!;
    expect([os8.status, os9.status]).toEqual(['passed', 'passed']);
    expect(os8.verifiedBy?.['order-status.refusal-changes-nothing']).toBe(2);
    expect(os9.verifiedBy?.['order-status.accepted-is-stored']).toBeGreaterThanOrEqual(3);
    // verifiedBy is part of the evidence, never more.
    for (const x of r.certification.requirements) {
      const sum = Object.values(x.verifiedBy ?? {}).reduce((a, b) => a + b, 0);
      expect(sum, x.id).toBeLessThanOrEqual(x.evidence);
    }
  }, 180_000);
});
