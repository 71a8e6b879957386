// verifiedBy as the HTML and the console show it: each check or relation with its cases, most
// first; the console's line of the passed requirements verified on the fewest cases.
import { describe, expect, it } from 'vitest';
import { requirementPartsHtml, thinnestEvidenceLine, verifiedByHtml, verifiedByText } from '../../reports/verified-by.ts';
import { sampleCertification } from './sample.ts';

describe('verifiedBy in the reports', () => {
  it('lists each check or relation with its cases, most first, escaped in the HTML', () => {
    const r = { verifiedBy: { 'status.is': 6, 'order-status.accepted': 1, 'a<b>': 1200 } };
    expect(verifiedByText(r)).toBe('a<b> 1200, status.is 6, order-status.accepted 1');
    expect(verifiedByHtml(r)).toContain(
      'verified by <code>a&lt;b&gt;</code> on 1,200 cases; <code>status.is</code> on 6 cases; <code>order-status.accepted</code> on 1 case</div>',
    );
    expect([verifiedByText({}), verifiedByHtml({})]).toEqual(['', '']);
  });

  it('names on the console the passed requirements verified on the fewest cases', () => {
    const base = sampleCertification();
    const passed = base.requirements.filter((r) => r.status === 'passed');
    expect(passed.length).toBeGreaterThanOrEqual(2);
    const requirements = base.requirements.map((r) =>
      r === passed[0]
        ? { ...r, verifiedBy: { 'customer.text-read-back': 34 } }
        : r === passed[1]
          ? { ...r, verifiedBy: { 'customer.refused-creation-saves-nothing': 1 } }
          : r,
    );
    const line = thinnestEvidenceLine({ ...base, requirements })!;
    expect(line).toContain('2 passed on 35 cases');
    expect(line).toContain(`fewest: ${passed[1]!.id} customer.refused-creation-saves-nothing 1; ${passed[0]!.id} customer.text-read-back 34`);
    expect(thinnestEvidenceLine({ ...base, requirements: base.requirements.map(({ verifiedBy: _v, ...r }) => r) })).toBeUndefined();
  });
});

describe('the parts of a requirement in the HTML', () => {
  it('lists each part with its cases, or why it judged none, escaped', () => {
    const r = {
      parts: [
        { name: 'voucher <1021>', judged: 1 },
        { name: 'Order Create', judged: 0, why: 'not configured', outOfScope: true },
        { name: 'contact-save', judged: 0, why: 'busy' },
      ],
    };
    expect(requirementPartsHtml(r)).toContain(
      'parts: voucher &lt;1021&gt;: 1 case; Order Create: out of scope (not configured); contact-save: not judged (busy)</div>',
    );
    expect(requirementPartsHtml({})).toBe('');
  });
});
