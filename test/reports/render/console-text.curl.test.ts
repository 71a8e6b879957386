// Curl lines in the console: a value longer than CURL_VALUE_MAX is cut to its first part and how
// much is left out, the line is then labelled not for pasting; short lines stay whole and
// copyable; the JSON and HTML keep the whole request.
import { describe, expect, it } from 'vitest';
import { CURL_VALUE_MAX, CUT_CURL_LABEL, cutCurl } from '../../../reports/render/console-text.ts';
import { consoleSummary } from '../../../reports/render/console.ts';
import { certificateHtml } from '../../../reports/render/html/certificate.ts';
import type { Certification } from '../../../reports/model.ts';
import { sampleCertification } from '../sample.ts';
import { toCurl } from '../../../client/curl.ts';

const LONG_NAME = 'N'.repeat(10_000);

/** The sample certificate, its failed OS-4 finding's request carrying a 10,000-character name. */
function withLongRequest(): Certification {
  const base = sampleCertification();
  const requirements = base.requirements.map((r) =>
    r.id === 'OS-4'
      ? {
          ...r,
          findings: r.findings.map((f) => ({
            ...f,
            exchange: { ...f.exchange!, request: { ...f.exchange!.request, body: `{"contactName":"${LONG_NAME}","city":"Pune"}` } },
          })),
        }
      : r,
  );
  return { ...base, requirements };
}

describe('curl lines in the console', () => {
  it('cuts a JSON string value longer than the limit to its first part and how much is left out', () => {
    const line = `curl -sS -X POST 'http://t/x' -H "api-token: $ERP_API_TOKEN" --data-raw '{"a":"${'x'.repeat(10_000)}","b":"short"}'`;
    const { line: shown, cut } = cutCurl(line);
    expect(cut).toBe(true);
    expect(shown).toContain(`{"a":"${'x'.repeat(120)}…(9880 more characters; the whole request is in certification.json)","b":"short"}'`);
    expect(shown.startsWith(`curl -sS -X POST 'http://t/x' -H "api-token: $ERP_API_TOKEN" --data-raw`)).toBe(true);
    expect(shown.length).toBeLessThan(400);
  });

  it('keeps a line whose values are all within the limit whole', () => {
    const line = `curl -sS -X POST 'http://t/x' --data-raw '{"a":"${'x'.repeat(CURL_VALUE_MAX - 10)}"}'`;
    expect(cutCurl(line)).toEqual({ line, cut: false });
  });

  it('stops a line of many long-enough values at 1,000 characters', () => {
    const body = JSON.stringify(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, 'v'.repeat(150)])));
    const { line, cut } = cutCurl(`curl -sS --data-raw '${body}'`);
    expect(cut).toBe(true);
    expect(line).toMatch(/…\(\d+ more characters; the whole request is in certification\.json\)$/);
    expect(line.length).toBeLessThan(1100);
  });

  it('never cuts half a character', () => {
    const { line } = cutCurl(`curl --data-raw '{"a":"${'😀'.repeat(300)}"}'`);
    expect(line).toContain(`"a":"${'😀'.repeat(120)}…(180 more characters;`);
  });

  it('labels a cut reproduce line not for pasting; the HTML keeps the whole request', () => {
    const cert = withLongRequest();
    const text = consoleSummary(cert);
    expect(text).toContain(`    ${CUT_CURL_LABEL} curl `);
    // CU-1's short line stays a command to paste; OS-4's is cut.
    expect(text.match(/^\s*reproduce: /gm)).toHaveLength(1);
    expect(text).not.toContain('N'.repeat(CURL_VALUE_MAX + 1));
    // Not a command to paste any more: wrapped to 100 columns like the prose (only copy lines stay whole).
    expect(text.split('\n').filter((l) => l.length > 100 && !/^\s*(reproduce|replay): /.test(l))).toEqual([]);
    expect(text.replace(/\s+/g, ' ')).toContain('more characters; the whole request is in certification.json)');
    expect(certificateHtml(cert)).toContain(LONG_NAME);
  });

  it('keeps a short reproduce line whole and copyable', () => {
    const cert = sampleCertification();
    const f = cert.requirements.find((r) => r.id === 'OS-4')!.findings[0]!;
    expect(consoleSummary(cert, undefined, Infinity)).toContain(`    reproduce: ${toCurl(f.exchange!)}`);
  });

  it("labels a sequence's line its last step, and keeps the sequence's curl lines whole", () => {
    const base = sampleCertification();
    const f = base.requirements.find((r) => r.id === 'OS-4')!.findings[0]!;
    const sequence = {
      title: 'Voucher 1003, from the first request that names it to the step that failed (run in order)',
      steps: [0, 1].map(() => ({ label: 'POST x', exchanges: [f.exchange!] })),
    };
    const cert = { ...base, requirements: base.requirements.map((r) => (r.id === 'OS-4' ? { ...r, findings: [{ ...f, sequence }] } : r)) };
    const text = consoleSummary(cert);
    expect(text).toContain(`    last step: ${toCurl(f.exchange!)}`);
    expect(text).toContain(`       ${toCurl(f.exchange!)}`);
    expect(certificateHtml(cert)).toContain('Its last step with curl');
  });
});
