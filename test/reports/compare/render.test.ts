// The words of a comparison: the console, the Markdown and the HTML say the same sections from one
// list; the first line names the baseline and its age; what a server sent cannot break out of a
// Markdown table or the HTML page; the certificate under --baseline opens with what changed.
import { describe, expect, it } from 'vitest';
import { compare } from '../../../reports/compare/compare.ts';
import { comparisonConsole, comparisonMarkdown } from '../../../reports/compare/render-text.ts';
import { comparisonHtml } from '../../../reports/compare/render-html.ts';
import { sinceBaseline } from '../../../reports/compare/baseline.ts';
import { consoleSummary } from '../../../reports/render/console.ts';
import { certificateHtml } from '../../../reports/render/html/certificate.ts';
import { certify } from '../../../reports/certify.ts';
import { runFacts } from '../../../reports/records/records.ts';
import { ran, recordedFacts } from '../certify-kit.ts';
import { failingFinding, HOSTILE } from '../sample.ts';

const clean = () => certify({ tests: [ran(['OS-4'], { evidence: { 'OS-4': 1 } })], errors: [] }, runFacts(recordedFacts(['order-status']), null));
const failed = () =>
  certify({ tests: [ran(['OS-4'], { findings: [failingFinding()] }, 'failed')], errors: [] }, runFacts(recordedFacts(['order-status']), null));

describe('a comparison rendered', () => {
  const c = compare(clean(), failed(), { prev: 'night-1', next: 'night-2' });

  it('says the same on the console and in Markdown, the baseline first', () => {
    const text = comparisonConsole(c);
    expect(text.split('\n')[0]).toBe('Compared night-2 (2026-05-01T10:00:00.000Z) with the baseline night-1 of 2026-05-01T10:00:00.000Z (0 min older)');
    expect(text).toContain('Newly failed (1)');
    expect(text).toContain('certified -> not-certified');
    const md = comparisonMarkdown(c);
    expect(md).toContain('## Newly failed (1)');
    expect(md).toContain('| OS-4 | MUST | passed -> failed |');
    expect(md).toContain('## Findings: 1 new, 0 known, 0 gone');
  });

  it("keeps a server's text inert: no raw markup in the HTML, no table break in the Markdown", () => {
    const html = comparisonHtml(c);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain("default-src 'none'");
    const row = comparisonMarkdown(c)
      .split('\n')
      .find((l) => l.startsWith('| OS-4 | MUST'))!;
    expect(row.split(/(?<!\\)\|/).length).toBe(7);
    expect(HOSTILE).toContain('</script>');
  });

  it('the certificate of a run with a baseline opens with what changed since it, on the console and in the HTML', () => {
    const cert = failed();
    cert.baseline = sinceBaseline({ path: 'night-1', certification: clean(), failOn: 'new' }, cert);
    const lines = consoleSummary(cert).split('\n');
    expect(lines[1]).toBe('Since the baseline of 2026-05-01T10:00:00.000Z (0 min older, night-1):');
    expect(lines[2]).toBe('  newly failed (1): OS-4 [MUST]');
    const html = certificateHtml(cert);
    expect(html.indexOf('id="baseline"')).toBeGreaterThan(html.indexOf('id="verdict"'));
    expect(html.indexOf('id="baseline"')).toBeLessThan(html.indexOf('id="verdict-reason"'));
  });
});
