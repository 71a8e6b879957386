// The answer to a customer with unusual text (suites/customer/text-answer.ts, contract/checks/customer.ts
// noServerError) on a fake target: a server error the text causes is found under ENV-6 (SHOULD;
// the spec names no answer for such text, CU-13 records the answers), confirmed by sending again, and shrunk
// to the one field and the smallest value that cause it, as the reference's cu-500-non-latin and
// cu-500-long-text faults need; a correct target, a 4xx and a passing 502 are no finding.
import { describe, expect, it } from 'vitest';
import { describeText, noServerError } from '../../../contract/checks/customer.ts';
import type { Finding } from '../../../core/types.ts';
import { hostileCustomer, oneHostileField, type HostileCustomer } from '../../../generators/hostile-customer.ts';
import { textAnswer } from '../../../suites/customer/text-answer.ts';
import { runProperty } from '../../../runtime/property.ts';
import { fakeTarget, type FakeFaults } from './fake.ts';
import { findingText } from '../../../reports/render/finding.ts';

const fixtures = { countriesCode: 'IN', cities: { MUM: '27', BLR: '29' }, contactTypes: ['Wholesale', 'Retail'], dateFormat: 'YYYY-MM-DD' as const };

async function run(faults: FakeFaults, arb = hostileCustomer(fixtures), numRuns = 5, seed = 1) {
  const target = fakeTarget(faults);
  const evidence: Record<string, number> = {};
  // Every run's evidence counts (shrinking included), as the harness records it.
  const body = async (v: HostileCustomer) => {
    const r = await textAnswer(target.send, v);
    for (const e of r.evidence) evidence[e.requirementId] = (evidence[e.requirementId] ?? 0) + e.n;
    return r.findings;
  };
  const out = await runProperty<HostileCustomer>(arb, body, { seed, numRuns, concurrency: 4, requirementId: 'ENV-6' });
  return { out, evidence, target };
}

const shrunkValue = (f: Finding) => /for (.*)\nExpected/s.exec(findingText(f))?.[1] ?? '';
/** Values named in a finding: each is shown with its "(N code points, ..." */
const fields = (shown: string) => (shown.match(/ code points, /g) ?? []).length;

describe('a customer with unusual text against a fake target', () => {
  it('finds no server error on a correct target, and notes evidence for each answer', async () => {
    const { out, evidence } = await run({}, oneHostileField(fixtures), 30);
    expect(out.failed).toBe(false);
    expect(evidence['ENV-6']).toBe(30);
    expect(evidence['CU-13']).toBeUndefined();
  });

  it('catches a 500 on non-Latin letters, shrunk to one field and one letter', async () => {
    for (const seed of [1, 42]) {
      const { out } = await run({ nonLatin500: true }, hostileCustomer(fixtures), 5, seed);
      expect(out.failed).toBe(true);
      if (!out.failed) continue;
      const f = out.findings[0]!;
      expect([f.requirementId, f.checkId]).toEqual(['ENV-6', 'customer.text-no-5xx']);
      expect(findingText(f)).toMatch(/sent twice, answered HTTP 500 then HTTP 500/);
      const shown = shrunkValue(f);
      expect(fields(shown), shown).toBe(1);
      expect(shown).toMatch(/^(firstName|lastName|companyName|contactAddressDTO\[0\]\.(addressLine1|addressLine2|firstName|lastName|companyName)) = /);
      expect(shown).toMatch(/\((1|2|3) code points/); // a letter or two, not the original text
    }
  });

  it('catches a 500 on long addressLine1 or remark, shrunk to the shortest long value in one of them', async () => {
    for (const seed of [1, 42]) {
      const { out } = await run({ long500: true }, hostileCustomer(fixtures), 5, seed);
      expect(out.failed).toBe(true);
      if (!out.failed) continue;
      const shown = shrunkValue(out.findings[0]!);
      expect(fields(shown), shown).toBe(1);
      // 256 code points, or 255 that are more than 255 UTF-16 units (emoji): the fault counts UTF-16 units.
      const [, cps, units] = /^(?:remark|contactAddressDTO\[0\]\.addressLine1) = .*\((\d+) code points, (\d+) UTF-16 units/.exec(shown) ?? [];
      expect([255, 256], shown).toContain(Number(cps));
      expect(Number(units)).toBeGreaterThan(255);
    }
  });

  it('the one-field property finds a non-Latin defect at the run size of a real run, shrunk to a letter', async () => {
    const { out } = await run({ nonLatin500: true }, oneHostileField(fixtures), 100);
    expect(out.failed).toBe(true);
    if (out.failed) expect(shrunkValue(out.findings[0]!)).toMatch(/\(1 code points/);
  });

  it('lays no server error on the text when the same body then succeeds', async () => {
    const { out, target } = await run({ flaky500: true }, oneHostileField(fixtures), 10);
    expect(out.failed).toBe(false);
    expect(target.requests()).toBe(20); // every body sent twice: 502 then 200
  });

  it('takes a 4xx as an answer, and a 429 or no answer as no evidence', () => {
    const ex = (status: number) =>
      ({
        seq: 1,
        operation: 'customer-create',
        tokenKind: 'valid',
        request: { method: 'POST', url: 'http://x/', headers: {} },
        response: { status, headers: {}, body: '', bytes: 0, truncated: false },
        startedAt: '',
        durationMs: 0,
      }) as const;
    const evidence: string[] = [];
    const check = (status: number) => {
      const r = noServerError({ ...ex(status) }, { what: 'x' });
      evidence.push(...r.evidence.map((e) => e.requirementId));
      return r.findings;
    };
    expect(check(400)).toEqual([]);
    expect(check(413)).toEqual([]);
    expect(check(429)).toEqual([]);
    expect(check(503)).toHaveLength(1);
    expect(evidence).toEqual(['ENV-6', 'ENV-6', 'ENV-6']);
  });

  it('shows a value with its lengths in every unit, its form and its unusual code points', () => {
    expect(describeText('क़')).toBe('"क़" (2 code points, 2 UTF-16 units, 6 UTF-8 bytes, NFC; U+0915 U+093C)');
    expect(describeText('🙏🏽')).toMatch(/2 code points, 4 UTF-16 units, 8 UTF-8 bytes, NFC; U\+1F64F U\+1F3FD/);
    expect(describeText('Jose\u0301')).toMatch(/NFD; U\+0301/);
    expect(describeText('x'.repeat(300))).toMatch(/^"x{60}"\.\.\. \(300 code points/);
  });
});
