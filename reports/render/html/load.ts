// load.html: one self-contained page per load run (no script, no request to anywhere: its
// Content-Security-Policy forbids both). The run's figures, thresholds and phases, an inline SVG
// of answers per time bucket (stacked: accepted, 429, other) with the p50 and p99 latency of each
// bucket on a second axis, and the exchanges kept as evidence. Everything from the run or the
// server goes through `esc`; the whole page is scrubbed of the configured tokens on the way out.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENGINE_NAMES, type OutputTarget } from '../../../load/output.ts';
import type { LoadResult } from '../../../load/result.ts';
import { esc, exchangeHtml, pageHead } from './parts.ts';
import { classify } from '../../records/rate-limit.ts';
import { niceStep } from './rate-limit-svg.ts';
import { scrubber } from '../../scrub.ts';

export const LOAD_HTML_FILE = 'load.html';

const W = 760;
const H = 300;
const M = { left: 60, right: 60, top: 40, bottom: 42 };
const COLOURS = { accepted: '#2e7d32', limited: '#c62828', other: '#9e9e9e' } as const;
const P50 = '#1565c0';
const P99 = '#ef6c00';
const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(n < 1 ? 2 : 1));

/** The plot of a run's series: bars of answers per bucket (left axis), p50 and p99 lines (right axis, ms). */
export function loadSvg(r: Pick<LoadResult, 'series' | 'durationSeconds'>): string {
  const { bucketSeconds: width, points } = r.series;
  const n = Math.max(1, Math.ceil(Math.max(r.durationSeconds, ...points.map((p) => p.t + width), width) / width - 1e-9));
  const end = n * width;
  const bars = points.map((p) => {
    const b = { accepted: 0, limited: 0, other: 0 };
    for (const [s, c] of Object.entries(p.statuses)) b[classify(Number(s))] += c;
    return { t: p.t, ...b, total: b.accepted + b.limited + b.other };
  });
  const yStep = niceStep(Math.max(1, ...bars.map((b) => b.total)) / 4);
  const yMax = yStep * Math.ceil((Math.max(1, ...bars.map((b) => b.total)) * 1.05) / yStep);
  const lat = points.flatMap((p) => (p.p99 !== null ? [p.p99] : []));
  const lStep = niceStep(Math.max(0.1, ...lat) / 4);
  const lMax = lStep * Math.ceil((Math.max(0.1, ...lat) * 1.1) / lStep);
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const x = (s: number) => M.left + (Math.min(s, end) / end) * pw;
  const y = (v: number) => M.top + ph - (v / yMax) * ph;
  const yl = (v: number) => M.top + ph - (Math.min(v, lMax) / lMax) * ph;
  const total = bars.reduce((s, b) => s + b.total, 0);
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="load-plot" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="Answers and latency over time" data-answers="${total}" data-bucket-seconds="${width}">`,
  );
  out.push(`<title>Answers per ${fmt(width)} s and their p50 / p99 latency</title>`);
  for (let v = 0; v <= yMax + 1e-9; v += yStep) {
    out.push(`<line x1="${M.left}" x2="${W - M.right}" y1="${y(v)}" y2="${y(v)}" stroke="#eeeeee"/>`);
    out.push(`<text x="${M.left - 6}" y="${y(v) + 4}" text-anchor="end" font-size="11">${fmt(v)}</text>`);
  }
  const bw = Math.max(0.5, pw / n - (n > 60 ? 0.3 : 1.5));
  for (const b of bars) {
    let base = 0;
    for (const kind of ['accepted', 'limited', 'other'] as const) {
      const v = b[kind];
      if (v === 0) continue;
      out.push(
        `<rect class="bar-${kind}" x="${x(b.t).toFixed(2)}" y="${y(base + v).toFixed(2)}" width="${bw.toFixed(2)}" height="${(y(base) - y(base + v)).toFixed(2)}" fill="${COLOURS[kind]}"><title>${fmt(b.t)}-${fmt(b.t + width)} s: ${v} ${kind === 'limited' ? '429' : kind}</title></rect>`,
      );
      base += v;
    }
  }
  for (const [key, colour] of [
    ['p50', P50],
    ['p99', P99],
  ] as const) {
    const pts = points.filter((p) => p[key] !== null).map((p) => `${x(p.t + width / 2).toFixed(2)},${yl(p[key]!).toFixed(2)}`);
    if (pts.length) out.push(`<polyline class="latency-${key}" points="${pts.join(' ')}" fill="none" stroke="${colour}" stroke-width="2"/>`);
  }
  for (let v = 0; v <= lMax + 1e-9; v += lStep) out.push(`<text x="${W - M.right + 6}" y="${yl(v) + 4}" font-size="11" fill="${P99}">${fmt(v)}</text>`);
  out.push(`<line x1="${M.left}" x2="${W - M.right}" y1="${M.top + ph}" y2="${M.top + ph}" stroke="#000"/>`);
  out.push(`<line x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${M.top + ph}" stroke="#000"/>`);
  out.push(`<line x1="${W - M.right}" x2="${W - M.right}" y1="${M.top}" y2="${M.top + ph}" stroke="${P99}"/>`);
  const xStep = niceStep(end / 8);
  for (let s = 0; s <= end + 1e-9; s += xStep) out.push(`<text x="${x(s)}" y="${M.top + ph + 15}" text-anchor="middle" font-size="11">${fmt(s)}</text>`);
  out.push(
    `<text x="${M.left + pw / 2}" y="${H - 6}" text-anchor="middle" font-size="12">seconds since the start (bars, left axis: answers per ${fmt(width)} s; lines, right axis: latency ms)</text>`,
  );
  const legend: [string, string, number][] = [
    [COLOURS.accepted, 'accepted', 0],
    [COLOURS.limited, '429', 90],
    [COLOURS.other, 'other (5xx, 4xx, no answer)', 140],
    [P50, 'p50', 360],
    [P99, 'p99', 420],
  ];
  for (const [colour, label, at] of legend) {
    out.push(`<rect x="${M.left + at}" y="8" width="12" height="12" fill="${colour}"/>`);
    out.push(`<text x="${M.left + at + 16}" y="18" font-size="12">${label}</text>`);
  }
  out.push('</svg>');
  return out.join('\n');
}

const CSS =
  'body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:60em;color:#222}table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ddd;padding:.2em .6em;text-align:left}pre{background:#f6f6f6;padding:.6em;overflow:auto;white-space:pre-wrap}.muted{color:#777}.crossed{color:#c62828;font-weight:bold}.ok{color:#2e7d32}';

function rows(pairs: Array<[string, unknown]>): string {
  return `<table>${pairs.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</table>`;
}

export function loadHtml(r: LoadResult, config: OutputTarget): string {
  const l = r.latencyMs;
  const what = r.model === 'closed' ? `closed model: ${r.connections} connections x ${r.pipelining}` : `open model: ${r.scenario} at ${r.rate}/s`;
  const parts: string[] = [];
  parts.push(`<h1>Load on ${esc(config.target.name)}</h1>`, `<p>${esc(what)} for ${esc(r.seconds)} s; ${esc(r.request.description)}</p>`);
  if (r.source) parts.push(`<p class="muted">Read back from ${ENGINE_NAMES[r.source.engine]}'s report ${esc(r.source.file)}.</p>`);
  parts.push(
    rows([
      ['requests sent', r.requestsSent],
      ['answers', `${r.answered} in ${r.durationSeconds} s (${r.achievedRate}/s)`],
      [
        'statuses',
        Object.entries(r.statusCounts)
          .map(([s, n]) => `${s === '0' ? 'no answer' : s}: ${n}`)
          .join(', '),
      ],
      ['errors', `${r.errors.count} (${(r.errors.share * 100).toFixed(3)}%)`],
      ['5xx', r.fiveXx],
      [
        '429 with the envelope',
        r.source
          ? `${r.refusals.count} answers 429; the envelope is not judged (${ENGINE_NAMES[r.source.engine]} keeps no answer body)`
          : `${r.refusals.withEnvelope} of ${r.refusals.count}`,
      ],
      [
        'latency ms',
        l
          ? `p50 ${l.p50}, p90 ${l.p90}, p95 ${l.p95}, p99 ${l.p99}, p99.9 ${l.p999}, max ${l.max}${r.source ? ' (from the send)' : r.model === 'open' ? ' (from the due instant)' : ''}`
          : 'no answers',
      ],
      ...(r.sendLagMs
        ? [
            ['sender lag ms', `p50 ${r.sendLagMs.p50}, p99 ${r.sendLagMs.p99}, max ${r.sendLagMs.max}; dropped ${r.skippedAtConcurrencyCap}`] as [
              string,
              unknown,
            ],
          ]
        : []),
      // Read back from another engine's report: only what that report holds (no threads, no stop of the kit's).
      ...(r.source
        ? []
        : ([
            ['sending threads', r.workers ?? 1],
            ['stopped by', r.stoppedBy ?? 'the end of the run'],
          ] as Array<[string, unknown]>)),
    ]),
  );
  if (r.thresholds.length)
    parts.push(
      '<h2>Thresholds</h2>',
      `<table>${r.thresholds.map((t) => `<tr><td>${esc(t.threshold)}</td><td class="${t.passed ? 'ok' : 'crossed'}">${t.passed ? 'ok' : 'crossed'}</td><td>${esc(t.actual === null ? 'no value' : Number(t.actual.toPrecision(4)))}</td></tr>`).join('')}</table>`,
    );
  parts.push('<h2>Over time</h2>', `<figure>${loadSvg(r)}</figure>`);
  if (r.source)
    parts.push(
      `<h2>Offered and achieved, per ${ENGINE_NAMES[r.source.engine]} reporting period</h2>`,
      `<table class="periods"><tr><th>period</th><th>offered /s</th><th>sent</th><th>answered /s</th><th>429 share</th><th>errors</th><th>p50 ms</th><th>p99 ms</th></tr>${r.phases
        .map(
          (p) =>
            `<tr><td>${esc(p.name)}</td><td>${esc(p.rate)}</td><td>${esc(p.sent)}</td><td>${esc(Math.round((10 * p.answered) / p.seconds) / 10)}</td><td>${esc(p.sent ? ((100 * p.refused) / p.sent).toFixed(1) : '0.0')}%</td><td>${esc((p.errorShare * 100).toFixed(2))}%</td><td>${esc(p.latencyMs?.p50 ?? '-')}</td><td>${esc(p.latencyMs?.p99 ?? '-')}</td></tr>`,
        )
        .join('')}</table>`,
    );
  else if (r.phases.length > 1)
    parts.push(
      '<h2>Phases</h2>',
      `<table><tr><th>phase</th><th>rate</th><th>sent</th><th>dropped</th><th>p99 ms</th><th>errors</th><th>crossed</th></tr>${r.phases.map((p) => `<tr><td>${esc(p.name)}</td><td>${esc(p.rate)}</td><td>${esc(p.sent)}</td><td>${esc(p.dropped)}</td><td>${esc(p.latencyMs?.p99 ?? '-')}</td><td>${esc((p.errorShare * 100).toFixed(2))}%</td><td>${esc((p.crossed ?? []).join(', '))}</td></tr>`).join('')}</table>`,
    );
  if (r.knee) parts.push(`<p class="crossed">Knee at ${esc(r.knee.rate)}/s (${esc(r.knee.phase)}): ${esc(r.knee.crossed.join(', '))}</p>`);
  for (const n of r.notes) parts.push(`<p class="muted">${esc(n)}</p>`);
  const ev = r.evidence;
  const kinds: Array<[string, typeof ev.refusals]> = [
    ['Server errors', ev.serverErrors],
    ['Requests without an answer', ev.failures],
    ['429 answers', ev.refusals],
    ['First answer of each status', ev.samples],
  ];
  for (const [title, list] of kinds) if (list.length) parts.push(`<h2>${esc(title)}</h2>`, ...list.map(exchangeHtml));
  const page = `${pageHead({ title: `Load: ${config.target.name}`, css: CSS, images: true })}
<body>
${parts.join('\n')}
</body></html>
`;
  return scrubber([config.target.token, config.target.secondToken])(page);
}

export function writeLoadHtml(dir: string, r: LoadResult, config: OutputTarget): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOAD_HTML_FILE);
  writeFileSync(file, loadHtml(r, config));
  return file;
}
