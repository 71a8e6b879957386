// certification.html: the certificate a person reads. One self-contained file (inline CSS, no
// script, no request to anywhere: its Content-Security-Policy forbids both), built from
// certification.json and, when the probe ran, rate-limit.json. Verdict first, then the target
// and run facts, a table per spec section, the transition matrix and the rate limit.
import type { Certification, RequirementResult } from './certification.ts';
import { esc, failureDetailsHtml } from './html-parts.ts';
import { observationsHtml, rateLimitHtml, transitionMatrixHtml } from './html-observed.ts';
import type { RateLimitSection } from './rate-limit.ts';
import { compareSections, primarySection, sectionTitle } from './spec-sections.ts';

const CSS = `
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto; max-width: 1100px; padding: 16px 24px 48px; color: #1a1a1a; }
h1 { font-size: 22px; margin: 8px 0; } h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
h4 { margin: 10px 0 4px; } h5 { margin: 8px 0 2px; font-size: 13px; }
.verdict { font-size: 26px; font-weight: 700; padding: 12px 16px; border-radius: 6px; margin: 8px 0 4px; }
.verdict.certified { background: #e8f5e9; color: #1b5e20; border: 2px solid #2e7d32; }
.verdict.not-certified { background: #ffebee; color: #b71c1c; border: 2px solid #c62828; }
.partial { background: #fff8e1; border: 1px solid #f9a825; padding: 8px 12px; border-radius: 4px; }
table { border-collapse: collapse; width: 100%; margin: 4px 0 8px; } th, td { border: 1px solid #ddd; padding: 4px 8px; text-align: left; vertical-align: top; }
table.facts { width: auto; } table.facts th { background: #fafafa; font-weight: 600; }
thead th { background: #f3f3f3; } td.id { white-space: nowrap; font-family: ui-monospace, monospace; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 600; }
.badge.passed { background: #c8e6c9; color: #1b5e20; } .badge.failed { background: #ffcdd2; color: #b71c1c; } .badge.skipped { background: #eee; color: #555; }
.level-MUST { font-weight: 700; } .muted { color: #666; font-size: 12px; font-weight: normal; }
pre { background: #f6f8fa; border: 1px solid #e1e4e8; padding: 6px 8px; overflow-x: auto; white-space: pre-wrap; word-break: break-word; font-size: 12px; margin: 2px 0 6px; }
details.failure > summary { cursor: pointer; color: #b71c1c; } details[open].failure { background: #fffafa; }
article.finding { border-left: 3px solid #c62828; padding-left: 10px; margin: 10px 0; }
blockquote { margin: 6px 0; padding: 4px 10px; border-left: 3px solid #bbb; color: #444; }
table.matrix td, table.matrix th { text-align: center; } .accepted { color: #1b5e20; } .refused { color: #b71c1c; }
.problem { color: #b71c1c; } figure { margin: 8px 0; } figcaption { color: #666; font-size: 12px; }
`;

function sectionTables(cert: Certification): string {
  const bySection = new Map<string, RequirementResult[]>();
  for (const r of cert.requirements) {
    const s = primarySection(r.section);
    bySection.set(s, [...(bySection.get(s) ?? []), r]);
  }
  return [...bySection.keys()]
    .sort(compareSections)
    .map((s) => {
      const list = bySection.get(s)!;
      const n = (st: string) => list.filter((r) => r.status === st).length;
      const rows = list.map((r) => {
        const title = r.status === 'failed' ? failureDetailsHtml(cert, r) : `${esc(r.title)}${r.reason ? `<div class="muted">${esc(r.reason)}</div>` : ''}`;
        const verdict = r.level === 'INFO' && r.status === 'passed' ? 'observed' : r.status;
        return `<tr class="status-${r.status}" data-id="${esc(r.id)}"><td class="id">${esc(r.id)}</td><td class="level-${r.level}">${r.level}</td><td>${title}</td><td><span class="badge ${r.status}">${esc(verdict)}</span></td></tr>`;
      });
      return [
        `<section class="spec-section" id="section-${esc(s)}">`,
        `<h2>${esc(sectionTitle(s))} <span class="muted">${n('passed')} passed, ${n('failed')} failed, ${n('skipped')} skipped</span></h2>`,
        '<table class="requirements">',
        '<thead><tr><th scope="col">Id</th><th scope="col">Level</th><th scope="col">Requirement</th><th scope="col">Verdict</th></tr></thead>',
        `<tbody>\n${rows.join('\n')}\n</tbody>`,
        '</table>',
        '</section>',
      ].join('\n');
    })
    .join('\n');
}

function factsTable(cert: Certification): string {
  const rate = cert.rateLimitedDuringSuites;
  const facts: [string, string][] = [
    ['Target', cert.target.name],
    ['Base URL', cert.target.baseUrl],
    ['Suite version', `erp-conformance ${cert.suiteVersion}`],
    ['Date', `${cert.startedAt} (${(cert.durationMs / 1000).toFixed(1)} s)`],
    ['Seed', `${cert.seed} (${cert.numRuns} runs per property; --seed ${cert.seed} sends the same requests again)`],
    ['Selection', cert.selection ? `--only ${cert.selection.join(',')}` : 'every suite'],
    ['Requests sent', `${cert.exchanges}${rate.exchanges ? ` (${rate.exchanges} after a 429, ${rate.retries} retries, ${rate.waitedMs} ms waited)` : ''}`],
  ];
  return `<table class="facts" id="facts">${facts.map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</table>`;
}

function summaryTable(cert: Certification): string {
  const rows = (['MUST', 'SHOULD', 'INFO'] as const).map((l) => {
    const s = cert.summary[l];
    return `<tr><th scope="row">${l}</th><td>${s.passed}</td><td>${s.failed}</td><td>${s.skipped}</td></tr>`;
  });
  return `<table class="facts summary"><thead><tr><th></th><th scope="col">passed</th><th scope="col">failed</th><th scope="col">skipped</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

export function certificateHtml(cert: Certification, rateLimit: RateLimitSection = { kind: 'absent' }): string {
  const verdictText = cert.verdict === 'certified' ? 'CERTIFIED' : 'NOT CERTIFIED';
  const why = cert.verdict === 'certified'
    ? 'Every MUST requirement passed.'
    : `${cert.summary.MUST.failed} MUST requirement(s) failed${cert.errors.length ? `, ${cert.errors.length} run error(s)` : ''}.`;
  const partial = cert.shard
    ? `<p class="partial" id="partial">Partial certificate of shard ${esc(cert.shard)}: only this shard's suite files ran. Merge every shard with <code>erp-conformance report --merge DIR...</code> for the certificate.</p>`
    : '';
  const errors = cert.errors.length ? `<h2 id="errors">Run errors</h2>\n<ul>${cert.errors.map((e) => `<li><pre>${esc(e)}</pre></li>`).join('')}</ul>` : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(verdictText)}: ${esc(cert.target.name)}, ERP Open Interface conformance</title>
<style>${CSS}</style>
</head>
<body>
<header>
<h1>ERP Open Interface conformance certificate</h1>
<p class="verdict ${cert.verdict}" id="verdict">${verdictText}</p>
<p id="verdict-reason">${esc(why)} &ldquo;Certified&rdquo; means every MUST requirement passed; a skipped MUST says why.</p>
${partial}
${factsTable(cert)}
${summaryTable(cert)}
</header>
<main>
${errors}
${sectionTables(cert)}
${transitionMatrixHtml(cert.observations)}
${rateLimitHtml(rateLimit)}
${observationsHtml(cert.observations)}
</main>
<footer><p class="muted">Written by erp-conformance ${esc(cert.suiteVersion)}. MUST: the spec states it; SHOULD: the spec implies it; INFO: the spec leaves it &ldquo;not shown&rdquo; and the run observed it. No token is written into this file.</p></footer>
</body>
</html>
`;
}
