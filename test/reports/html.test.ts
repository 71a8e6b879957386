import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { requirements } from '../../contract/requirements.ts';
import { certificateHtml } from '../../reports/html.ts';
import { esc } from '../../reports/html-parts.ts';
import { readRateLimit } from '../../reports/rate-limit.ts';
import { bucketize, cumulativeAccepted, rateLimitSvg, windowMarks } from '../../reports/rate-limit-svg.ts';
import { CURL, HOSTILE, rateLimitFixture, sampleCertification } from './sample.ts';

describe('the HTML certificate', () => {
  const cert = sampleCertification();
  const html = certificateHtml(cert, { kind: 'measured', result: rateLimitFixture() });

  it('puts the verdict first and names the target, suite version, date and seed', () => {
    const verdictAt = html.indexOf('id="verdict"');
    expect(verdictAt).toBeGreaterThan(0);
    expect(verdictAt).toBeLessThan(html.indexOf('id="facts"'));
    expect(html).toMatch(/<p class="verdict not-certified" id="verdict">NOT CERTIFIED<\/p>/);
    for (const fact of ['http://erp.test', 'erp-conformance 0.1.0', '2026-05-01T10:00:00.000Z', '>42 (10 runs per property']) expect(html).toContain(fact);
  });

  it('has one table row per requirement of the catalogue, each with its id, level and verdict', () => {
    const rows = [...html.matchAll(/<tr class="status-(passed|failed|skipped)" data-id="([^"]+)">/g)];
    expect(rows.map((r) => r[2])).toHaveLength(requirements.length);
    expect(new Set(rows.map((r) => r[2]))).toEqual(new Set(requirements.map((r) => r.id)));
    expect(rows.find((r) => r[2] === 'OS-4')![1]).toBe('failed');
    expect(rows.find((r) => r[2] === 'ENV-1')![1]).toBe('passed');
    expect(html).toContain('<h2>Section 4.1 Update Order Status');
  });

  it('expands a failure into the finding, the exchange with pretty JSON, the curl line and the replay command', () => {
    const details = html.slice(html.indexOf('<details class="failure" id="req-OS-4">'), html.indexOf('</details>', html.indexOf('id="req-OS-4"')));
    expect(details).toContain(`<pre class="curl">${esc(CURL)}</pre>`);
    expect(details).toContain('erp-conformance run --config &lt;the config of this target&gt; --seed 42 --num-runs 10 --only OS');
    expect(details).toContain('fast-check seed 42, path "3:1"');
    expect(details).toMatch(/<pre class="response">HTTP 200\n[^]*\n\{\n {2}&quot;status&quot;: true,/);
  });

  it('lets no markup of a finding, a header, an observation or the target name through', () => {
    expect(html).not.toMatch(/<script|<img|<[^>]*\son\w+=/i);
    expect(html).toContain(esc(HOSTILE));
    expect(html).toContain(esc('"><script>window.__pwned = 3</script>'));
    // No request leaves the page: everything inline, and the policy forbids the rest.
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`);
    expect(html).not.toMatch(/<[^>]*\s(src|href)=/i);
  });

  it('shows the observed transitions as a matrix of the six statuses', () => {
    const matrix = html.slice(html.indexOf('<table class="matrix">'), html.indexOf('</table>', html.indexOf('<table class="matrix">')));
    expect(matrix).toMatch(/<th scope="row">Pending<\/th><td><\/td><td><span class="accepted">&#10003; 200 unpaid<\/span><\/td>/);
    expect(matrix).toMatch(/<th scope="row">Delivered<\/th>.*<span class="refused">&#10007; 400 paid<\/span>/);
  });

  it('says how to measure the rate limit when the probe did not run, and names a broken rate-limit.json', () => {
    expect(certificateHtml(cert)).toContain('Not measured in this run: the probe runs with <code>erp-conformance run --with-load</code>');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-rl-'));
    writeFileSync(path.join(dir, 'rate-limit.json'), JSON.stringify({ operation: 'report', timeline: 'no' }));
    const broken = readRateLimit(dir);
    expect(broken.kind).toBe('invalid');
    expect(certificateHtml(cert, broken)).toMatch(/<p class="problem">rate-limit.json does not have the probe&#39;s shape/);
    expect(readRateLimit(dir, Date.now() + 60_000)).toEqual({ kind: 'absent' });
  });
});

describe('the rate-limit plot', () => {
  const r = rateLimitFixture();

  it('counts every answer of the timeline once, as accepted, 429 or other', () => {
    const b = bucketize(r);
    const sum = (l: number[]) => l.reduce((s, v) => s + v, 0);
    expect([sum(b.accepted), sum(b.limited), sum(b.other)]).toEqual([r.statusCounts['200'], r.statusCounts['429'], r.statusCounts['503']]);
    expect(rateLimitSvg(r)).toMatch(new RegExp(`data-accepted="${r.statusCounts['200']}" data-limited="${r.statusCounts['429']}"`));
  });

  it('lays the window edges from the first refill, where a fixed window starts again', () => {
    // The fixture's first 429 is at 6.0 s, the next acceptance (the refill) at 10.013 s.
    expect(windowMarks(r, 30)).toEqual([0.013, 10.013, 20.013]);
    expect(rateLimitSvg(r).match(/class="window-mark"/g)).toHaveLength(3);
    expect(windowMarks({ timeline: [{ t: 0, status: 200 }, { t: 1, status: 429 }], windowSeconds: 10 }, 30)).toEqual([10, 20]);
  });

  it('draws the answers accepted so far against the limit and its multiples', () => {
    const so = cumulativeAccepted(r.timeline);
    expect(so.at(-1)).toEqual([expect.closeTo(25.913, 3), 180]);
    expect(so.filter(([t]) => t < 10).at(-1)![1]).toBe(60); // one limit per window
    const svg = rateLimitSvg(r);
    expect(svg.match(/class="limit-line"/g)).toHaveLength(3); // 60, 120, 180
    expect(svg).toContain('limit: 60 per 10 s');
    expect(svg).toContain('3 x limit');
  });

  it('counts only the main token in the line: the second token has its own quota', () => {
    const timeline = [{ t: 0, status: 200 }, { t: 0.1, status: 200, token: 'second' }, { t: 0.2, status: 200 }];
    expect(cumulativeAccepted(timeline)).toEqual([[0, 1], [0.2, 2]]);
  });

  it('draws no limit or window when the probe measured none', () => {
    const svg = rateLimitSvg({ ...r, limited: false, limit: null, windowSeconds: null });
    expect(svg).not.toMatch(/limit-line|window-mark/);
    expect(svg).toMatch(/<rect class="bar-accepted"/);
  });
});
