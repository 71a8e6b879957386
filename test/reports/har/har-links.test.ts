// Each requirement's HAR entries (reports/har/har-links.ts): indexes as ranges and back, kept in
// the certificate once, and the line under the requirement in certification.html (a long list cut,
// with where the rest is).
import { describe, expect, it } from 'vitest';
import { harEntriesHtml, indexRanges, rangeIndexes, requirementLinks, withHarLinks } from '../../../reports/har/har-links.ts';
import { certificateHtml } from '../../../reports/render/html/certificate.ts';
import { esc } from '../../../reports/render/html/parts.ts';
import { sampleCertification } from '../sample.ts';

const entry = (ids: string[], checked: string[] = []) => ({
  _erp: {
    seq: 1,
    operation: 'report' as const,
    tokenKind: 'valid' as const,
    source: 'suites' as const,
    ids,
    checks: checked.map((id) => ({ check: 'c', requirementId: id, outcome: 'passed' as const })),
  },
});

describe('the HAR entries of a requirement', () => {
  it('are ranges of consecutive indexes, read back to the same indexes', () => {
    expect(indexRanges([0, 1, 2, 5, 7, 8])).toEqual(['0-2', '5', '7-8']);
    expect(rangeIndexes(['0-2', '5', '7-8'])).toEqual([0, 1, 2, 5, 7, 8]);
    expect(indexRanges([])).toEqual([]);
  });

  it('are the entries of the tests verifying it and those its checks judged, each once', () => {
    const links = requirementLinks([entry(['OS-1'], ['ENV-1', 'OS-1']), entry([], ['ENV-1']), entry(['OS-2'], ['ENV-1']), entry(['OS-1'])]);
    expect(links).toEqual({ 'ENV-1': ['0-2'], 'OS-1': ['0', '3'], 'OS-2': ['2'] });
  });

  it('are kept in the certificate of the requirements that have any, and shown under each in the HTML', () => {
    const cert = sampleCertification();
    const [first, second] = cert.requirements;
    const many = Array.from({ length: 20 }, (_, k) => String(2 * k));
    withHarLinks(cert, { [first!.id]: ['3-5', '9'], [second!.id]: many });
    expect(cert.requirements.filter((r) => r.harEntries).map((r) => r.id)).toEqual([first!.id, second!.id]);
    expect(harEntriesHtml(first!, esc)).toContain('exchanges.har: 4 entries (3-5, 9)');
    expect(harEntriesHtml(second!, esc)).toContain(
      'exchanges.har: 20 entries (0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22 and 8 more ranges in certification.json)',
    );
    expect(harEntriesHtml({}, esc)).toBe('');
    const html = certificateHtml(cert);
    const row = html.slice(html.indexOf(`id="row-${first!.id}"`));
    expect(row.slice(0, row.indexOf('</tr>'))).toContain('exchanges.har: 4 entries (3-5, 9)');
  });
});
