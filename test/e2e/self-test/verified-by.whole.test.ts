// The certificate states, per requirement, which checks and relations verified it and on how many
// cases (verifiedBy), part of its evidence count; the HTML shows it under each requirement and the
// console in the line of a failed requirement and in one line of the thinnest evidence.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAgainstReference } from './run-reference.ts';
import { WHOLE_FILE } from '../../tiers.ts';

describe('the certificate names the relations each requirement was verified by', WHOLE_FILE, () => {
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

  it('shows "read-back = sent" (CU-15) and "a refused creation saves nothing" (CU-16) in the JSON, the HTML and the console', async () => {
    const r = await runAgainstReference({ only: ['CU'], numRuns: 5, preflight: false, faults: ['cu-mangles-non-ascii'] });
    const byId = new Map(r.certification.requirements.map((x) => [x.id, x]));
    const [cu15, cu16] = [byId.get('CU-15')!, byId.get('CU-16')!];
    expect([cu15.status, cu16.status]).toEqual(['failed', 'passed']);
    const reads = cu15.verifiedBy!['customer.text-read-back']!;
    expect(reads).toBeGreaterThanOrEqual(4); // the sure customer alone holds four texts
    expect(cu16.verifiedBy).toEqual({ 'customer.refused-creation-saves-nothing': 1 });

    const html = readFileSync(path.join(r.out, 'certification.html'), 'utf8');
    const row = (id: string) => html.slice(html.indexOf(`data-id="${id}"`), html.indexOf('</tr>', html.indexOf(`data-id="${id}"`)));
    expect(row('CU-15')).toContain(`verified by <code>customer.text-read-back</code> on ${reads} cases`);
    expect(row('CU-16')).toContain('verified by <code>customer.refused-creation-saves-nothing</code> on 1 case<');

    const console = r.lines.join('\n').replace(/\n\s+/g, ' ');
    expect(console).toMatch(new RegExp(`CU-15 \\[SHOULD\\] .*; verified by customer\\.text-read-back ${reads}\\)`));
    expect(console).toMatch(
      /Verified by \(checks and relations, cases; per requirement in certification\.html\): \d+ passed on [\d,]+ cases; fewest: .*CU-16 customer\.refused-creation-saves-nothing 1/,
    );
  }, 240_000);
});
