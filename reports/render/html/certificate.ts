// certification.html: the certificate a person reads. One self-contained file (inline CSS, no
// script, no request to anywhere: its Content-Security-Policy forbids both), built from
// certification.json and, when the probe ran, rate-limit.json. The run's verdict first, then the
// MUSTs that kept it from CERTIFIED (lead.ts), its reason, the target and run facts, the
// preflight, a table per spec section (each requirement's verdict, evidence and requests; the
// reason of every one not verified), the transition matrix, the rate limit and the observations.
import type { Level, RunVerdict, Verdict } from '../../../core/types.ts';
import type { Certification, RequirementResult, StoppedBy } from '../../model.ts';
import { esc, evidenceDetailsHtml, pageHead } from './parts.ts';
import { requirementPartsHtml, verifiedByHtml } from '../../verified-by.ts';
import { harEntriesHtml } from '../../har/har-links.ts';
import { observationsHtml, rateLimitHtml, transitionMatrixHtml } from './observed.ts';
import { partsHtml } from '../run-parts.ts';
import { answers429Text, waitedText } from '../figures.ts';
import { operationsTableHtml } from './operations-table.ts';
import { leadHtml } from './lead.ts';
import { baselineHtml } from './baseline.ts';
import { replayed } from '../../replay-verdict.ts';
import type { RateLimitSection } from '../../records/rate-limit.ts';
import { targetFlags, replayedWhat } from '../replay.ts';
import { compareSections, primarySection, sectionTitle } from '../spec-sections.ts';

const CSS = `
*, *::before, *::after { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto; max-width: 1100px; padding: 16px 24px 48px; color: #1a1a1a; overflow-wrap: break-word; hyphens: none; }
h1 { font-size: 22px; margin: 8px 0; } h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
h4 { margin: 10px 0 4px; } h5 { margin: 8px 0 2px; font-size: 13px; }
.verdict { font-size: 26px; font-weight: 700; padding: 12px 16px; border-radius: 6px; margin: 8px 0 4px; }
.verdict.certified { background: #e8f5e9; color: #1b5e20; border: 2px solid #2e7d32; }
.verdict.selection-passed { background: #f1f8e9; color: #33691e; border: 2px dashed #689f38; }
.verdict.not-certified { background: #ffebee; color: #b71c1c; border: 2px solid #c62828; }
.verdict.preflight-failed { background: #fff3e0; color: #bf360c; border: 2px solid #e65100; }
.verdict.inconclusive { background: #fffde7; color: #6d4c00; border: 2px solid #f9a825; }
.verdict.interrupted { background: #eceff1; color: #37474f; border: 2px solid #607d8b; }
.verdict.reproduced { background: #ffebee; color: #b71c1c; border: 2px dashed #c62828; }
.verdict.not-reproduced { background: #f1f8e9; color: #33691e; border: 2px dashed #689f38; }
.partial { background: #fff8e1; border: 1px solid #f9a825; padding: 8px 12px; border-radius: 4px; }
table { border-collapse: collapse; width: 100%; margin: 4px 0 8px; } th, td { border: 1px solid #ddd; padding: 4px 8px; text-align: left; vertical-align: top; }
table.facts { width: auto; } table.facts th { background: #fafafa; font-weight: 600; }
thead th { background: #f3f3f3; } td.id { white-space: nowrap; font-family: ui-monospace, monospace; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 600; }
.badge.passed { background: #c8e6c9; color: #1b5e20; } .badge.failed { background: #ffcdd2; color: #b71c1c; } .badge.skipped { background: #eee; color: #555; }
.badge.observed { background: #e3f2fd; color: #0d47a1; } .badge.inconclusive { background: #fff59d; color: #6d4c00; } .badge.not-run { background: #cfd8dc; color: #263238; }
.reason { font-size: 12px; margin-top: 2px; } .verified-by { font-size: 12px; margin-top: 2px; color: #555; } .reason-inconclusive, .reason-not-run { color: #6d4c00; font-weight: 600; } .reason-skipped { color: #666; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
details.observed > summary { cursor: pointer; color: #0d47a1; } article.observation { border-left: 3px solid #1e88e5; padding-left: 10px; margin: 10px 0; }
.level-MUST { font-weight: 700; } .muted { color: #666; font-size: 12px; font-weight: normal; }
pre { background: #f6f8fa; border: 1px solid #e1e4e8; padding: 6px 8px; overflow-x: auto; white-space: pre-wrap; word-break: break-word; font-size: 12px; margin: 2px 0 6px; }
details.failure > summary { cursor: pointer; color: #b71c1c; } details[open].failure { background: #fffafa; }
article.finding { border-left: 3px solid #c62828; padding-left: 10px; margin: 10px 0; }
blockquote { margin: 6px 0; padding: 4px 10px; border-left: 3px solid #bbb; color: #444; }
table.matrix td, table.matrix th { text-align: center; } .accepted { color: #1b5e20; } .refused { color: #b71c1c; }
.lead { margin: 8px 0 12px; } .lead h2 { margin: 12px 0 4px; font-size: 16px; } .lead ul { margin: 0; padding-left: 0; list-style: none; }
.lead li { padding: 3px 0; border-bottom: 1px solid #eee; } .lead .id { font-family: ui-monospace, monospace; font-weight: 700; }
.problem { color: #b71c1c; } figure { margin: 8px 0; } figcaption { color: #666; font-size: 12px; }
/* No horizontal scrolling of the page and no word broken inside at any width (tested at 400, 800 and
   1280 px): words wrap whole ("overflow-wrap: anywhere" let a cell shrink until "Evidenc e" and
   "SHOUL D"); only a token wider than its line (a URL, an id, a digest) breaks (break-word, which a
   cell's minimum width does not count). Headers, levels and badges never wrap, in columns wide
   enough for them; the requirement tables lay out to the page's width, the others scroll inside
   themselves rather than squeeze. */
thead th, table.facts th, td.level, .badge { white-space: nowrap; }
table.requirements { table-layout: fixed; } table.requirements col.id { width: 92px; } table.requirements col.level { width: 84px; }
table.requirements col.num { width: 96px; } table.requirements col.verdict { width: 128px; }
table.matrix, table.summary, table.facts, table.preflight-problems { display: block; overflow-x: auto; max-width: 100%; }
svg, img { max-width: 100%; height: auto; } code { overflow-wrap: anywhere; }
@media (max-width: 640px) {
  body { padding: 8px 8px 32px; }
  table.requirements col.num, table.requirements .num { display: none; }
  table.requirements col.id { width: 70px; } table.requirements col.level { width: 56px; } table.requirements col.verdict { width: 100px; }
  td.level { font-size: 11px; } .badge { font-size: 11px; padding: 1px 6px; } blockquote { padding: 4px 6px; }
  th, td { padding: 3px 4px; }
}
`;

/** The label of each run verdict on the banner. */
export const VERDICT_LABELS: Record<RunVerdict, string> = {
  certified: 'CERTIFIED',
  'selection-passed': 'SELECTION PASSED',
  'not-certified': 'NOT CERTIFIED',
  'preflight-failed': 'PREFLIGHT FAILED',
  inconclusive: 'INCONCLUSIVE',
  interrupted: 'INTERRUPTED',
  reproduced: 'FAILURE REPRODUCED',
  'not-reproduced': 'NOT REPRODUCED',
};

/** What each run verdict means, under its reason. */
const VERDICT_MEANING: Record<RunVerdict, string> = {
  certified: 'Every MUST requirement of the whole catalogue passed, each on evidence; a skipped MUST says why.',
  'selection-passed': 'Every MUST requirement of the selection passed; the rest of the catalogue did not run, so this is no certificate of the target.',
  'not-certified': 'A MUST requirement failed (or the suite crashed): each failed MUST is listed above, linked to its findings.',
  'preflight-failed': 'The target or the fixtures are not what the config says: no suite ran. Fix the keys named in the preflight section.',
  inconclusive:
    'No MUST failed, but at least one was not verified (inconclusive or not run, listed above with why): the target is neither certified nor failed.',
  interrupted: 'The run was stopped before its end; this certificate holds what it had verified.',
  reproduced:
    'A replay of one property: it failed again on the input replayed. This says nothing of the rest of the catalogue: it is no certificate of the target.',
  'not-reproduced':
    'A replay of one property: it passed on the input replayed (the target may have changed, or the failure depends on what ran before it). This is no certificate of the target.',
};

const STOPPED_BY: Record<StoppedBy, string> = {
  budget: 'the run budget (run.maxDurationSeconds, --max-duration) was spent',
  'max-requests': 'the request budget (run.maxRequests) was spent',
  interrupted: 'the run was interrupted (SIGINT or SIGTERM)',
  'max-failures': 'as many MUST requirements failed as --max-failures allows',
};

/** Columns of the summary, in the order a reader looks for them. */
export const VERDICT_COLUMNS: Verdict[] = ['passed', 'failed', 'inconclusive', 'not-run', 'skipped', 'observed'];
const LEVELS: Level[] = ['MUST', 'SHOULD', 'INFO'];

function requirementCell(cert: Certification, r: RequirementResult): string {
  if (r.status === 'failed' || (r.status === 'observed' && r.findings.length > 0))
    return `${evidenceDetailsHtml(cert, r)}${verifiedByHtml(r)}${requirementPartsHtml(r)}${harEntriesHtml(r, esc)}`;
  const reason = r.reason ? `<div class="reason reason-${r.status}">${esc(r.reason)}</div>` : '';
  return `${esc(r.title)}${reason}${verifiedByHtml(r)}${requirementPartsHtml(r)}${harEntriesHtml(r, esc)}`;
}

function sectionTables(cert: Certification): string {
  const bySection = new Map<string, RequirementResult[]>();
  // A replay shows the requirements it replayed; the rest of the catalogue is not part of it.
  const shown = cert.replay ? replayed(cert.requirements) : cert.requirements;
  const left =
    shown.length < cert.requirements.length
      ? `<p class="muted" id="not-replayed">The other ${cert.requirements.length - shown.length} requirements of the catalogue are not part of this replay (skipped in certification.json).</p>\n`
      : '';
  for (const r of shown) {
    const s = primarySection(r.section);
    bySection.set(s, [...(bySection.get(s) ?? []), r]);
  }
  return (
    left +
    [...bySection.keys()]
      .sort(compareSections)
      .map((s) => {
        const list = bySection.get(s)!;
        const counts = VERDICT_COLUMNS.map((v) => [v, list.filter((r) => r.status === v).length] as const).filter(([, n]) => n > 0);
        const rows = list.map(
          (r) =>
            `<tr class="status-${r.status}" data-id="${esc(r.id)}" id="row-${esc(r.id)}"><td class="id">${esc(r.id)}</td><td class="level level-${r.level}">${r.level}</td><td>${requirementCell(cert, r)}</td>` +
            `<td class="num evidence">${esc(r.evidence ?? 0)}</td><td class="num requests">${esc(r.requests ?? 0)}</td><td><span class="badge ${r.status}">${esc(r.status)}</span></td></tr>`,
        );
        return [
          `<section class="spec-section" id="section-${esc(s)}">`,
          `<h2>${esc(sectionTitle(s))} <span class="muted">${counts.map(([v, n]) => `${n} ${v}`).join(', ')}</span></h2>`,
          '<table class="requirements">',
          '<colgroup><col class="id"><col class="level"><col><col class="num"><col class="num"><col class="verdict"></colgroup>',
          '<thead><tr><th scope="col">Id</th><th scope="col">Level</th><th scope="col">Requirement</th><th scope="col" class="num" title="exchanges or items its checks applied to">Evidence</th><th scope="col" class="num" title="requests sent by the tests that verify it">Requests</th><th scope="col">Verdict</th></tr></thead>',
          `<tbody>\n${rows.join('\n')}\n</tbody>`,
          '</table>',
          '</section>',
        ].join('\n');
      })
      .join('\n')
  );
}

function factsTable(cert: Certification): string {
  const facts: [string, string][] = [
    ['Target', cert.target.name],
    ['Base URL', cert.target.baseUrl],
    ['Suite version', `erp-conformance ${cert.suiteVersion}`],
    ['Date', `${cert.startedAt} (${(cert.durationMs / 1000).toFixed(1)} s)`],
    [
      'Seed',
      `${cert.seed}${cert.nonce ? `, run nonce ${cert.nonce}` : ''} (${cert.numRuns} runs per property; --seed ${cert.seed}${cert.nonce ? ` --nonce ${cert.nonce}` : ''} sends the same requests again)`,
    ],
    cert.replay
      ? ['Replay', replayedWhat(cert.replay)]
      : ['Selection', `${cert.selection ? `--only ${cert.selection.join(',')}` : 'every suite'}${cert.shard ? `, shard ${cert.shard}` : ''}`],
    [
      'Requests sent',
      `${cert.figures.requests} by the suites (${cert.exchanges} exchanges)${cert.preflight ? `, ${cert.preflight.requests} by the preflight` : ''}`,
    ],
    ['Answers 429', answers429Text(cert.figures)],
    ['Time waited', waitedText(cert.figures)],
    ['Pacing', cert.pacing ?? 'not recorded'],
    ['Stopped by', cert.stoppedBy ? (STOPPED_BY[cert.stoppedBy] ?? cert.stoppedBy) : 'nothing: the run ended by itself'],
    ...(cert.invocation ? [['Target flags', targetFlags(cert.invocation).join(' ') || '(the embedded reference)'] as [string, string]] : []),
  ];
  return `<table class="facts" id="facts">${facts.map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</table>`;
}

/** The counts per level and verdict (none for a replay: its one property is not the catalogue, "48 MUST skipped"). */
function summaryTable(cert: Certification): string {
  const rows = LEVELS.map(
    (l) =>
      `<tr data-level="${l}"><th scope="row">${l}</th>${VERDICT_COLUMNS.map((v) => `<td class="num" data-verdict="${v}">${cert.summary[l]?.[v] ?? 0}</td>`).join('')}</tr>`,
  );
  const head = VERDICT_COLUMNS.map((v) => `<th scope="col">${v}</th>`).join('');
  return `<table class="facts summary" id="summary"><thead><tr><th></th>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function preflightHtml(cert: Certification): string {
  const head = '<h2 id="preflight">Preflight</h2>';
  const p = cert.preflight;
  if (!p) return `${head}\n<p class="muted">The preflight did not run (--no-preflight, or a replay).</p>`;
  const problems = p.problems.length
    ? `<table class="preflight-problems"><thead><tr><th scope="col">Config key</th><th scope="col">Problem</th></tr></thead><tbody>${p.problems.map((x) => `<tr><td class="id">${esc(x.key)}</td><td class="problem">${esc(x.problem)}</td></tr>`).join('')}</tbody></table>`
    : '<p>The target answered, the token was accepted and the fixtures hold what the config says.</p>';
  const notes = p.notes.length ? `<ul class="preflight-notes">${p.notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>` : '';
  return `${head}\n<p class="muted">Before the suites: the target answers, the token is accepted, the fixtures hold what the config says (${esc(p.requests)} requests).</p>\n${problems}\n${notes}`;
}

export function certificateHtml(cert: Certification, rateLimit: RateLimitSection = { kind: 'absent' }): string {
  const verdictText = VERDICT_LABELS[cert.verdict] ?? String(cert.verdict).toUpperCase();
  const reason = cert.verdictReason ?? '';
  const partial = cert.shard
    ? `<p class="partial" id="partial">Partial certificate of shard ${esc(cert.shard)}: only this shard's suite files ran. Merge every shard with <code>erp-conformance report --merge DIR...</code> for the certificate.</p>`
    : '';
  const errors = cert.errors.length ? `<h2 id="errors">Run errors</h2>\n<ul>${cert.errors.map((e) => `<li><pre>${esc(e)}</pre></li>`).join('')}</ul>` : '';
  return `${pageHead({ title: `${verdictText}: ${cert.target.name}, ERP Open Interface conformance`, css: CSS, images: true })}
<body>
<header>
<h1>ERP Open Interface conformance certificate</h1>
<p class="verdict ${esc(cert.verdict)}" id="verdict">${esc(verdictText)}</p>
${baselineHtml(cert)}
${leadHtml(cert)}
<p id="verdict-reason">${esc(reason)}</p>
<p class="muted" id="verdict-meaning">${esc(VERDICT_MEANING[cert.verdict] ?? '')}</p>
${partial}
${factsTable(cert)}
${cert.replay ? '' : summaryTable(cert)}
${partsHtml(cert.parts)}
</header>
<main>
${errors}
${preflightHtml(cert)}
${sectionTables(cert)}
${transitionMatrixHtml(cert.observations)}
${operationsTableHtml(cert.operationsTable)}
${rateLimitHtml(rateLimit)}
${observationsHtml(cert.observations)}
</main>
<footer><p class="muted">Written by erp-conformance ${esc(cert.suiteVersion)}. MUST: the spec states it; SHOULD: the spec implies it; INFO: the spec leaves it &ldquo;not shown&rdquo; and the run observed it (an observation, never a failure). No verdict without evidence: a requirement whose checks saw nothing they apply to is inconclusive, with the reason. No token is written into this file.</p></footer>
</body>
</html>
`;
}
