// The trend page's plots, inline SVG (no script, no network), one night per column, oldest left:
// the verdict per night, the grid of requirements by nights, a line chart (the 429 share, the
// limits, p95 per operation). Each plot is one <svg class="trend-plot" data-plot=NAME>; a point
// or cell carries its figure in a <title>, so a reader hovering it reads the number.
import { esc } from './parts.ts';
import { niceStep } from './rate-limit-svg.ts';

const W = 760;
const M = { left: 60, right: 150, top: 28, bottom: 46 };
const PALETTE = ['#1565c0', '#c62828', '#2e7d32', '#ef6c00', '#6a1b9a', '#00838f', '#5d4037', '#ad1457', '#455a64', '#9e9d24'];

export const VERDICT_COLOURS: Record<string, string> = {
  certified: '#2e7d32',
  'selection-passed': '#7cb342',
  'not-certified': '#c62828',
  'preflight-failed': '#e65100',
  inconclusive: '#f9a825',
  interrupted: '#607d8b',
  reproduced: '#c62828',
  'not-reproduced': '#7cb342',
};

export const STATUS_COLOURS: Record<string, string> = {
  passed: '#66bb6a',
  failed: '#e53935',
  inconclusive: '#fdd835',
  'not-run': '#90a4ae',
  skipped: '#eeeeee',
  observed: '#64b5f6',
  absent: '#ffffff',
};

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(n < 1 ? 2 : 1));
const svgOpen = (plot: string, h: number, label: string) =>
  `<svg class="trend-plot" data-plot="${esc(plot)}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${h}" width="${W}" height="${h}" role="img" aria-label="${esc(label)}">`;

/** The nights' labels along the bottom, every one when they fit, else every k-th. */
function xLabels(labels: readonly string[], x: (i: number) => number, y: number): string {
  const every = Math.max(1, Math.ceil(labels.length / 10));
  return labels.map((l, i) => (i % every === 0 ? `<text x="${x(i).toFixed(1)}" y="${y}" font-size="10" text-anchor="middle">${esc(l)}</text>` : '')).join('');
}

const xOf = (n: number) => (i: number) => M.left + ((W - M.left - M.right) * (i + 0.5)) / Math.max(1, n);

/** One block per night in its verdict's colour, the failed MUSTs written in it. */
export function verdictPlot(nights: { label: string; verdict: string; mustFailed: number }[]): string {
  const h = 110;
  const x = xOf(nights.length);
  const w = Math.max(4, Math.min(60, (W - M.left - M.right) / Math.max(1, nights.length) - 4));
  const blocks = nights
    .map(
      (n, i) =>
        `<g data-verdict="${esc(n.verdict)}"><title>${esc(`${n.label}: ${n.verdict}, ${n.mustFailed} MUST failed`)}</title>` +
        `<rect x="${(x(i) - w / 2).toFixed(1)}" y="${M.top}" width="${w.toFixed(1)}" height="36" fill="${VERDICT_COLOURS[n.verdict] ?? '#9e9e9e'}"/>` +
        `<text x="${x(i).toFixed(1)}" y="${M.top + 23}" font-size="12" fill="#fff" text-anchor="middle">${n.mustFailed || ''}</text></g>`,
    )
    .join('');
  const legend = [...new Set(nights.map((n) => n.verdict))]
    .map(
      (v, i) =>
        `<rect x="${W - M.right + 12}" y="${M.top + i * 14}" width="10" height="10" fill="${VERDICT_COLOURS[v] ?? '#9e9e9e'}"/><text x="${W - M.right + 26}" y="${M.top + 9 + i * 14}" font-size="11">${esc(v)}</text>`,
    )
    .join('');
  return `${svgOpen('verdict', h, 'verdict per night')}<text x="${M.left}" y="16" font-size="12">verdict per night (the figure: MUSTs failed)</text>${blocks}${legend}${xLabels(
    nights.map((n) => n.label),
    x,
    M.top + 56,
  )}</svg>`;
}

/** Requirements (rows) by nights (columns), each cell its status that night. */
export function gridPlot(rows: { id: string; level: string; statuses: (string | undefined)[] }[], labels: readonly string[]): string {
  const cell = 12;
  const left = 92;
  // The nights' labels stand slanted under the columns (a column is narrower than a label).
  const h = M.top + rows.length * cell + 64;
  const cw = Math.max(4, Math.min(48, (W - left - M.right) / Math.max(1, labels.length)));
  const x = (i: number) => left + cw * i;
  const cells = rows
    .map((r, j) => {
      const y = M.top + j * cell;
      const name = `<text x="${left - 6}" y="${y + cell - 2}" font-size="10" text-anchor="end" font-family="monospace">${esc(r.id)}${r.level === 'SHOULD' ? ' (S)' : ''}</text>`;
      const row = r.statuses
        .map(
          (s, i) =>
            `<rect x="${x(i) + 1}" y="${y + 1}" width="${(cw - 2).toFixed(1)}" height="${cell - 2}" fill="${STATUS_COLOURS[s ?? 'absent']}" stroke="#ccc" stroke-width="0.5" data-status="${esc(s ?? 'absent')}"><title>${esc(`${r.id} ${labels[i]}: ${s ?? 'not in this run'}`)}</title></rect>`,
        )
        .join('');
      return `<g data-row="${esc(r.id)}">${name}${row}</g>`;
    })
    .join('');
  const legend = Object.entries(STATUS_COLOURS)
    .filter(([s]) => s !== 'absent')
    .map(
      ([s, c], i) =>
        `<rect x="${W - M.right + 12}" y="${M.top + i * 14}" width="10" height="10" fill="${c}" stroke="#ccc"/><text x="${W - M.right + 26}" y="${M.top + 9 + i * 14}" font-size="11">${esc(s)}</text>`,
    )
    .join('');
  const bottom = M.top + rows.length * cell + 10;
  const every = Math.max(1, Math.ceil((labels.length * 14) / (W - left - M.right)));
  const names = labels
    .map((l, i) => {
      if (i % every !== 0) return '';
      const cx = (x(i) + cw / 2).toFixed(1);
      return `<text x="${cx}" y="${bottom}" font-size="10" text-anchor="end" transform="rotate(-40 ${cx} ${bottom})">${esc(l)}</text>`;
    })
    .join('');
  const none = rows.length ? '' : `<text x="${left}" y="${M.top + 12}" font-size="12">every requirement held one verdict every night</text>`;
  return `${svgOpen('grid', Math.max(h, 150), 'requirements by nights')}<text x="${left}" y="16" font-size="12">requirements by nights</text>${cells}${none}${legend}${names}</svg>`;
}

export interface Series {
  name: string;
  /** One value per night; undefined: none that night (a gap in the line). */
  values: (number | undefined)[];
}

/** A line chart of series over the nights, its y axis from 0 to a round step above the largest value. */
export function linePlot(plot: string, title: string, unit: string, series: Series[], labels: readonly string[], empty: string): string {
  const h = 240;
  const x = xOf(labels.length);
  const top = M.top;
  const bottom = h - M.bottom;
  const max = Math.max(0, ...series.flatMap((s) => s.values.filter((v): v is number => v !== undefined)));
  const step = niceStep((max || 1) / 4);
  const yMax = step * Math.max(1, Math.ceil((max || 1) / step));
  const y = (v: number) => bottom - ((bottom - top) * v) / yMax;
  const grid: string[] = [];
  for (let v = 0; v <= yMax + 1e-9; v += step)
    grid.push(
      `<line x1="${M.left}" x2="${W - M.right}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#e0e0e0"/><text x="${M.left - 6}" y="${(y(v) + 4).toFixed(1)}" font-size="10" text-anchor="end">${fmt(v)}</text>`,
    );
  const lines = series
    .map((s, k) => {
      const colour = PALETTE[k % PALETTE.length]!;
      // A gap (no value that night) breaks the line: each run of nights with values is one polyline.
      const runs: [number, number][][] = [[]];
      s.values.forEach((v, i) => (v === undefined ? runs.push([]) : runs.at(-1)!.push([x(i), y(v)])));
      const path = runs
        .filter((r) => r.length > 1)
        .map((r) => `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${r.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(' ')}"/>`)
        .join('');
      const dots = s.values
        .map((v, i) =>
          v === undefined
            ? ''
            : `<circle cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="3" fill="${colour}"><title>${esc(`${s.name} ${labels[i]}: ${fmt(v)} ${unit}`)}</title></circle>`,
        )
        .join('');
      const key = `<rect x="${W - M.right + 12}" y="${top + k * 14}" width="10" height="10" fill="${colour}"/><text x="${W - M.right + 26}" y="${top + 9 + k * 14}" font-size="11">${esc(s.name)}</text>`;
      return `<g data-series="${esc(s.name)}">${path}${dots}${key}</g>`;
    })
    .join('');
  const none = series.length ? '' : `<text x="${M.left + 10}" y="${(top + bottom) / 2}" font-size="12">${esc(empty)}</text>`;
  return (
    `${svgOpen(plot, h, title)}<text x="${M.left}" y="16" font-size="12">${esc(title)} (${esc(unit)})</text>${grid.join('')}` +
    `<line x1="${M.left}" x2="${M.left}" y1="${top}" y2="${bottom}" stroke="#555"/>${lines}${none}${xLabels(labels, x, bottom + 16)}</svg>`
  );
}
