import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { requirements } from '../../../../contract/requirements.ts';
import type { RunVerdict } from '../../../../core/types.ts';
import { certificateHtml } from '../../../../reports/render/html/certificate.ts';
import { esc } from '../../../../reports/render/html/parts.ts';
import { replayCommand } from '../../../../reports/render/replay.ts';
import { readRateLimit } from '../../../../reports/records/rate-limit.ts';
import { bucketize, cumulativeAccepted, rateLimitSvg, windowMarks } from '../../../../reports/render/html/rate-limit-svg.ts';
import {
  BIG_ID,
  CURL,
  HOSTILE,
  HOSTILE_CONTROLS,
  INCONCLUSIVE_REASON,
  INVOCATION,
  NOT_RUN_REASON,
  PREFLIGHT,
  rateLimitFixture,
  REPLAY,
  ROUNDED_BIG_ID,
  sampleCertification,
} from '../../sample.ts';

describe('the HTML certificate', () => {
  const cert = sampleCertification();
  const html = certificateHtml(cert, { kind: 'measured', result: rateLimitFixture() });
  const row = (id: string) => {
    const at = html.indexOf(`data-id="${id}"`);
    return html.slice(at, html.indexOf('</tr>', at));
  };

  it('puts the verdict and its reason first and names the target, suite version, date, seed, pacing and stop', () => {
    const verdictAt = html.indexOf('id="verdict"');
    expect(verdictAt).toBeGreaterThan(0);
    expect(verdictAt).toBeLessThan(html.indexOf('id="facts"'));
    expect(html).toMatch(/<p class="verdict not-certified" id="verdict">NOT CERTIFIED<\/p>/);
    expect(html).toContain(`<p id="verdict-reason">${esc(cert.verdictReason)}</p>`);
    expect(cert.verdictReason).toBe('2 MUST requirement(s) failed.');
    for (const fact of [
      'http://erp.test',
      'erp-conformance 0.1.0',
      '2026-05-01T10:00:00.000Z',
      '>42 (10 runs per property',
      '4 requests in flight, at most 100/10s',
      'nothing: the run ended by itself',
      `${cert.requests} by the suites`,
      '6 by the preflight',
    ])
      expect(html).toContain(fact);
    const stopped = certificateHtml({ ...cert, stoppedBy: 'budget' });
    expect(stopped).toContain('<th scope="row">Stopped by</th><td>the run budget (run.maxDurationSeconds, --max-duration) was spent</td>');
  });

  it('shows a banner with its own label and class for each run verdict, with the verdict reason', () => {
    const labels: Record<RunVerdict, string> = {
      certified: 'CERTIFIED',
      'selection-passed': 'SELECTION PASSED',
      'not-certified': 'NOT CERTIFIED',
      'preflight-failed': 'PREFLIGHT FAILED',
      inconclusive: 'INCONCLUSIVE',
      interrupted: 'INTERRUPTED',
      reproduced: 'FAILURE REPRODUCED',
      'not-reproduced': 'NOT REPRODUCED',
    };
    for (const [verdict, label] of Object.entries(labels) as [RunVerdict, string][]) {
      const page = certificateHtml({ ...cert, verdict, verdictReason: `why ${verdict} <b>` });
      expect(page).toContain(`<p class="verdict ${verdict}" id="verdict">${label}</p>`);
      expect(page).toContain(`<p id="verdict-reason">why ${verdict} &lt;b&gt;</p>`);
      expect(page).toMatch(new RegExp(`\\.verdict\\.${verdict} \\{`)); // styled, not the default look
      expect(page).toContain(`<title>${label}: `);
    }
  });

  it('has one table row per requirement of the catalogue, each with its id, level, evidence, requests and verdict', () => {
    const rows = [...html.matchAll(/<tr class="status-(passed|failed|skipped|observed|inconclusive|not-run)" data-id="([^"]+)" id="row-[^"]+">/g)];
    expect(rows.map((r) => r[2])).toHaveLength(requirements.length);
    expect(new Set(rows.map((r) => r[2]))).toEqual(new Set(requirements.map((r) => r.id)));
    const status = Object.fromEntries(rows.map((r) => [r[2], r[1]]));
    expect([status['OS-4'], status['ENV-1'], status['CU-12'], status['RP-1'], status['AUTH-1'], status['CU-8']]).toEqual([
      'failed',
      'passed',
      'observed',
      'inconclusive',
      'not-run',
      'skipped',
    ]);
    expect(row('ENV-1')).toContain('<td class="num evidence">12</td><td class="num requests">4</td><td><span class="badge passed">passed</span></td>');
    expect(row('OS-4')).toContain('<td class="num requests">40</td>');
    expect(row('AUTH-1')).toContain('<td class="num evidence">0</td><td class="num requests">0</td><td><span class="badge not-run">not-run</span></td>');
    expect(html).toContain('<h2>Section 4.1 Update Order Status');
    expect(html).toMatch(/<h2>Section 4\.3 Consumption Production Report <span class="muted">2 inconclusive, 20 skipped<\/span>/);
  });

  it('shows the reason of every requirement not verified, in the row, not hidden', () => {
    expect(row('RP-1')).toContain(`<div class="reason reason-inconclusive">${esc(INCONCLUSIVE_REASON)}</div>`);
    expect(row('RP-18')).toContain(`<div class="reason reason-inconclusive">${esc(INCONCLUSIVE_REASON)}</div>`);
    expect(row('AUTH-1')).toContain(`<div class="reason reason-not-run">${esc(NOT_RUN_REASON)}</div>`);
    expect(row('CU-8')).toContain('<div class="reason reason-skipped">no readBack in the config</div>');
    expect(row('RP-1')).not.toContain('<details');
  });

  it("shows an INFO requirement's findings as observations, never as a failure", () => {
    const cu12 = row('CU-12');
    expect(cu12).toContain('<details class="observed" id="req-CU-12">');
    expect(cu12).toContain('(1 observation: show)');
    expect(cu12).toContain(`<article class="observation"><h4>Observation 1: ids past 2^53: contactId ${BIG_ID}</h4>`);
    expect(cu12).not.toMatch(/class="failure"|class="finding"|Finding 1/);
    expect(cu12).toContain('<span class="badge observed">observed</span>');
  });

  it('counts every verdict of every level in the summary table', () => {
    const summary = html.slice(html.indexOf('id="summary"'), html.indexOf('</table>', html.indexOf('id="summary"')));
    expect([...summary.matchAll(/<th scope="col">([^<]+)<\/th>/g)].map((m) => m[1])).toEqual([
      'passed',
      'failed',
      'inconclusive',
      'not-run',
      'skipped',
      'observed',
    ]);
    for (const level of ['MUST', 'SHOULD', 'INFO'] as const) {
      const cells = summary.slice(summary.indexOf(`data-level="${level}"`));
      for (const v of ['passed', 'failed', 'inconclusive', 'not-run', 'skipped', 'observed'] as const)
        expect(cells).toMatch(new RegExp(`^[^]*?data-verdict="${v}">${cert.summary[level][v]}<`));
    }
    expect(cert.summary.MUST).toMatchObject({ passed: 3, failed: 2, inconclusive: 1, 'not-run': 1 });
  });

  it('shows the preflight: its problems with their config keys, its notes and its requests', () => {
    expect(html).toContain('<h2 id="preflight">Preflight</h2>');
    expect(html).toContain('(6 requests)');
    expect(html).toContain(`<li>${esc(PREFLIGHT.notes[0])}</li>`);
    const failed = certificateHtml({
      ...cert,
      verdict: 'preflight-failed',
      preflight: { problems: [{ key: 'fixtures.report.dateFrom', problem: 'the range holds no transaction <i>' }], notes: [], requests: 2 },
    });
    expect(failed).toContain('<tr><td class="id">fixtures.report.dateFrom</td><td class="problem">the range holds no transaction &lt;i&gt;</td></tr>');
    const { preflight: _, ...without } = cert;
    expect(certificateHtml(without as typeof cert)).toContain('The preflight did not run');
  });

  it('expands a failure into the finding, the exchange with pretty JSON, the curl line and the one replay line', () => {
    const details = html.slice(html.indexOf('<details class="failure" id="req-OS-4">'), html.indexOf('</details>', html.indexOf('id="req-OS-4"')));
    expect(details).toContain(`<pre class="curl">${esc(CURL)}</pre>`);
    expect(details).toContain(`<pre class="replay">${esc(replayCommand(REPLAY, INVOCATION))}</pre>`);
    expect(replayCommand(REPLAY, INVOCATION)).toBe(
      `npx erp-conformance run --config 'staging erp.json' --replay-test '${REPLAY.file}::${REPLAY.test}' --property 1 --seed 42 --path '3:1' --num-runs 10 --out 'erp-conformance-report-replay'`,
    );
    expect(details).toContain('fast-check seed 42, path "3:1"');
    expect(details).toMatch(/<pre class="response">HTTP 200\n[^]*\n\{\n {2}&quot;status&quot;: true,/);
    expect(row('OS-4')).toContain('(3 findings: show)');
  });

  it("prints a body with the server's own digits and tokens, laid out but not re-serialized", () => {
    expect(html).toContain(`&quot;contactId&quot;: ${BIG_ID},\n`);
    expect(html).toContain('&quot;ratio&quot;: 1.50');
    expect(html).toContain(`<summary>largest contactId</summary><pre>${BIG_ID}</pre>`); // a bigint observation
    expect(html).not.toContain(ROUNDED_BIG_ID);
  });

  it('lets no markup or escape sequence of a finding, a header, an observation, a note or the target name through', () => {
    expect(html).not.toMatch(/<script|<img|<[^>]*\son\w+=/i);
    expect(html).toContain(esc(HOSTILE));
    expect(esc(HOSTILE)).toContain('\\u001b[2J\\u001b]8;;https://evil.test/\\u0007click me');
    expect(esc(HOSTILE)).toContain('\\u202eevil\\u202c \\u009b31m ]]&gt;&lt;![CDATA[');
    for (const c of HOSTILE_CONTROLS) expect(html).not.toContain(c);
    expect(html).toContain(esc('"><script>window.__pwned = 3</script>\u001b[31m'));
    // No request leaves the page: everything inline, and the policy forbids the rest; its only
    // links are to its own sections (the lead's, to each failed MUST's findings).
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`);
    expect(html).not.toMatch(/<[^>]*\s(src|href)=(?!"#[\w.-]+")/i);
    expect(html).toContain('href="#req-OS-4"');
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
    expect(
      windowMarks(
        {
          timeline: [
            { t: 0, status: 200 },
            { t: 1, status: 429 },
          ],
          windowSeconds: 10,
        },
        30,
      ),
    ).toEqual([10, 20]);
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
    const timeline = [
      { t: 0, status: 200 },
      { t: 0.1, status: 200, token: 'second' },
      { t: 0.2, status: 200 },
    ];
    expect(cumulativeAccepted(timeline)).toEqual([
      [0, 1],
      [0.2, 2],
    ]);
  });

  it('draws no limit or window when the probe measured none', () => {
    const svg = rateLimitSvg({ ...r, limited: false, limit: null, windowSeconds: null });
    expect(svg).not.toMatch(/limit-line|window-mark/);
    expect(svg).toMatch(/<rect class="bar-accepted"/);
  });
});
