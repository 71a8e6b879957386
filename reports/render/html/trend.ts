// trend.html (`report --trend FILE`): a target's runs over the nights, from the history lines `run
// --history FILE` appended. One self-contained file (inline CSS and SVG, no script, no request: its
// Content-Security-Policy forbids both). Plots: the verdict per night; the MUST and SHOULD
// requirements by nights (those whose verdict changed or was ever not passed; the rest counted in
// words); the share of 429 answers and the limits the runs paced by; p95 latency per operation. A
// table of the nights follows. A night missing a figure (no HAR, no probe) leaves a gap, never a 0.
import { readQuota } from '../../../core/quota.ts';
import type { HistoryLine } from '../../history/history-line.ts';
import { esc, pageHead } from './parts.ts';
import { gridPlot, linePlot, verdictPlot, type Series } from './trend-plots.ts';

const CSS = `
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto; max-width: 1100px; padding: 16px 24px 48px; color: #1a1a1a; }
h1 { font-size: 22px; margin: 8px 0; } h2 { font-size: 18px; margin: 24px 0 8px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
figure { margin: 8px 0; } figcaption { color: #666; font-size: 12px; } svg { max-width: 100%; height: auto; }
table { border-collapse: collapse; } th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: left; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
.muted { color: #666; font-size: 12px; }
`;

/** A night's label: its UTC start, month-day hour:minute. */
export const nightLabel = (l: Pick<HistoryLine, 'startedAt'>) => `${l.startedAt.slice(5, 10)} ${l.startedAt.slice(11, 16)}`;

const OPEN = new Set(['failed', 'inconclusive', 'not-run']);

/** The grid's rows: MUST and SHOULD requirements whose status changed or was ever open; the others counted by status. */
export function gridRows(lines: HistoryLine[]): { rows: { id: string; level: string; statuses: (string | undefined)[] }[]; steady: Record<string, number> } {
  const ids: string[] = [];
  for (const l of [...lines].reverse()) for (const id of Object.keys(l.requirements)) if (!ids.includes(id)) ids.push(id);
  const rows = [];
  const steady: Record<string, number> = {};
  for (const id of ids) {
    const level = lines.map((l) => l.requirements[id]?.level).find(Boolean)!;
    if (level === 'INFO') continue;
    const statuses = lines.map((l) => l.requirements[id]?.status);
    const changed = new Set(statuses).size > 1;
    if (changed || statuses.some((s) => s !== undefined && OPEN.has(s))) rows.push({ id, level, statuses });
    else steady[statuses[0]!] = (steady[statuses[0]!] ?? 0) + 1;
  }
  return { rows, steady };
}

const share = (n: number, of: number) => (of > 0 ? (100 * n) / of : undefined);
const perMinute = (limit: number | null, windowSeconds: number | null) => (limit !== null && windowSeconds ? (limit * 60) / windowSeconds : undefined);

/** Series of a figure per operation: one per operation some night has it for. */
function perOperation(lines: HistoryLine[], value: (l: HistoryLine, op: string) => number | undefined): Series[] {
  const ops = [...new Set(lines.flatMap((l) => Object.keys(l.operations ?? {})))].sort();
  return ops.map((op) => ({ name: op, values: lines.map((l) => value(l, op)) })).filter((s) => s.values.some((v) => v !== undefined));
}

export function share429Series(lines: HistoryLine[]): Series[] {
  const all = { name: 'all requests', values: lines.map((l) => share(l.counts.answers429, l.counts.requests)) };
  const ops = perOperation(lines, (l, op) => {
    const f = l.operations?.[op];
    return f ? share(f.answers429, f.requests) : undefined;
  }).filter((s) => s.values.some((v) => (v ?? 0) > 0));
  return [all, ...ops];
}

export function limitSeries(lines: HistoryLine[]): Series[] {
  // Each operation's limit as the run knew and learnt it (its certificate's limits); a line older than those, the quota its plan paced by.
  const ops = [...new Set(lines.flatMap((l) => [...Object.keys(l.limits.known ?? {}), ...Object.keys(l.limits.planned)]))].sort();
  const series: Series[] = ops.map((op) => ({
    name: op,
    values: lines.map((l) => {
      const k = l.limits.known?.[op];
      if (l.limits.known) return k ? perMinute(k.limit, k.windowSeconds) : undefined;
      const q = l.limits.planned[op] ? readQuota(l.limits.planned[op]!) : null;
      return q ? (q.requests * 60_000) / q.windowMs : undefined;
    }),
  }));
  const probed = lines.map((l) => (l.limits.probed?.limited ? perMinute(l.limits.probed.limit, l.limits.probed.windowSeconds) : undefined));
  if (probed.some((v) => v !== undefined)) series.push({ name: 'probed limit', values: probed });
  return series;
}

function nightsTable(lines: HistoryLine[]): string {
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${esc(l.startedAt)}</td><td>${esc(l.verdict)}</td><td class="num">${l.summary.MUST.failed}</td><td class="num">${l.summary.SHOULD.failed}</td>` +
        `<td class="num">${l.counts.requests}</td><td class="num">${l.counts.answers429}</td><td class="num">${(l.durationMs / 1000).toFixed(0)} s</td>` +
        `<td>${esc(l.suiteVersion)}</td><td class="num">${l.seed}</td><td>${esc(l.selection ? `--only ${l.selection.join(',')}` : 'all')}</td></tr>`,
    )
    .join('');
  return `<table id="nights"><thead><tr><th>started (UTC)</th><th>verdict</th><th>MUST failed</th><th>SHOULD failed</th><th>requests</th><th>429s</th><th>took</th><th>kit</th><th>seed</th><th>selection</th></tr></thead><tbody>${rows}</tbody></table>`;
}

const figure = (svg: string, caption: string) => `<figure>${svg}<figcaption>${esc(caption)}</figcaption></figure>`;

/** The page of the history's lines (in the order of their runs); `passedOver`: lines of the file not read. */
export function trendHtml(lines: HistoryLine[], passedOver = 0): string {
  const labels = lines.map(nightLabel);
  const targets = [...new Set(lines.map((l) => `${l.target.name} (${l.target.baseUrl})`))];
  const { rows, steady } = gridRows(lines);
  const steadyText = Object.entries(steady)
    .map(([s, n]) => `${n} ${s}`)
    .join(', ');
  const p95 = perOperation(lines, (l, op) => l.operations?.[op]?.p95Ms);
  const plots = [
    `<h2 id="verdicts">Verdict per night</h2>`,
    figure(
      verdictPlot(lines.map((l, i) => ({ label: labels[i]!, verdict: l.verdict, mustFailed: l.summary.MUST.failed }))),
      'Each block one run, oldest left, in the colour of its verdict; the figure in it: MUST requirements failed.',
    ),
    `<h2 id="requirements">Requirements by nights</h2>`,
    figure(
      gridPlot(rows, labels),
      `MUST and SHOULD requirements whose verdict changed or that failed, stayed inconclusive or did not run on some night ((S): a SHOULD). Not shown: INFO observations, and those with one verdict every night${steadyText ? ` (${steadyText})` : ''}.`,
    ),
    `<h2 id="limits">429 answers and limits</h2>`,
    figure(
      linePlot('share429', 'share of answers 429', '% of requests', share429Series(lines), labels, 'no run counted its requests'),
      'All requests, and each operation that met a 429 on some night.',
    ),
    figure(
      linePlot('limits', 'limits the runs paced by', 'requests per minute', limitSeries(lines), labels, 'no limit was stated, learnt or probed in these runs'),
      "Per operation, the limit the run knew or learnt (its certificate's limits: stated in the config, announced by the target, probed, or estimated from its 429s; an older run: the quota its plan paced by), and the limit the rate-limit probe measured (run --with-load).",
    ),
    `<h2 id="latency">Latency</h2>`,
    figure(
      linePlot('p95', 'p95 latency per operation', 'ms', p95, labels, 'no run kept figures per operation'),
      "The 95th percentile of the requests' time, per operation, as each run's certificate computed it (a gap: that run kept none).",
    ),
  ];
  const over = passedOver
    ? `<p class="muted" id="passed-over">${passedOver} line(s) of the file are not history lines of this kit and were passed over.</p>`
    : '';
  return `${pageHead({ title: `Trend of ${lines.length} runs: ${targets.join(', ')}`, css: CSS, images: true })}
<body>
<h1>ERP Open Interface conformance: trend of ${lines.length} runs</h1>
<p id="targets">${esc(targets.join('; '))}, ${esc(lines[0]!.startedAt)} to ${esc(lines.at(-1)!.startedAt)}</p>
${over}
${plots.join('\n')}
<h2 id="runs">The runs</h2>
${nightsTable(lines)}
<footer><p class="muted">Written by erp-conformance from the history lines of <code>run --history FILE</code>. No token is written into this file.</p></footer>
</body>
</html>
`;
}
