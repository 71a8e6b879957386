// The rate-limit plot of the certificate: an inline SVG (no script, no network) of the probe's
// timeline. Bars (left axis): answers per time bucket, stacked accepted / 429 / other. Blue step
// line (right axis): answers accepted so far with the probe's main token, against dashed lines at
// the measured limit and its multiples: with a limit per window the line climbs one limit per
// window and waits on each dashed line. Dotted vertical lines: the measured window, laid from the
// first refill seen (the first acceptance after a 429), where a fixed window's edge lies.
import { classify, type RateLimitFile } from '../../records/rate-limit.ts';

const W = 760;
const H = 300;
const M = { left: 54, right: 54, top: 44, bottom: 42 };
const COLOURS = { accepted: '#2e7d32', limited: '#c62828', other: '#9e9e9e' } as const;
const BLUE = '#1565c0';

/** A round step (1, 2 or 5 times a power of ten) at least `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw - 1e-12)!;
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(n < 1 ? 2 : 1));

type Timeline = RateLimitFile['timeline'];

export interface Buckets {
  /** Seconds per bucket: a round step giving about 60 buckets. */
  width: number;
  accepted: number[];
  limited: number[];
  other: number[];
}

export function bucketize(r: Pick<RateLimitFile, 'timeline' | 'durationSeconds'>): Buckets {
  const end = Math.max(r.durationSeconds, ...r.timeline.map((p) => p.t), 1e-3);
  const width = niceStep(end / 60);
  const n = Math.max(1, Math.ceil(end / width));
  const b: Buckets = { width, accepted: Array(n).fill(0), limited: Array(n).fill(0), other: Array(n).fill(0) };
  for (const p of r.timeline) b[classify(p.status)][Math.min(n - 1, Math.floor(p.t / width))]!++;
  return b;
}

/** Requests of the probe's main token (the scope check sends some with the second one). */
const mainToken = (timeline: Timeline) => timeline.filter((p) => p.token !== 'second');

/** [t, accepted so far] at each acceptance with the main token. */
export function cumulativeAccepted(timeline: Timeline): [number, number][] {
  let n = 0;
  return mainToken(timeline)
    .filter((p) => classify(p.status) === 'accepted')
    .map((p) => [p.t, ++n]);
}

/** Window edges in (0, end): every windowSeconds from the first refill (or from 0 when none was seen). */
export function windowMarks(r: Pick<RateLimitFile, 'timeline' | 'windowSeconds'>, end: number): number[] {
  const w = r.windowSeconds;
  if (!w || w <= 0 || end / w > 60) return [];
  const main = mainToken(r.timeline);
  const first429 = main.findIndex((p) => p.status === 429);
  const refill = first429 < 0 ? undefined : main.slice(first429).find((p) => classify(p.status) === 'accepted');
  const anchor = refill?.t ?? 0;
  const marks: number[] = [];
  for (let s = anchor - Math.floor(anchor / w) * w; s < end - 1e-9; s += w) if (s > 1e-9) marks.push(Number(s.toFixed(3)));
  return marks;
}

export function rateLimitSvg(r: RateLimitFile): string {
  const b = bucketize(r);
  const n = b.accepted.length;
  const end = n * b.width;
  const totals = b.accepted.map((a, i) => a + b.limited[i]! + b.other[i]!);
  const yStep = niceStep(Math.max(1, ...totals) / 4);
  const yMax = yStep * Math.ceil((Math.max(1, ...totals) * 1.05) / yStep);
  const cumulative = cumulativeAccepted(r.timeline);
  const top = Math.max(1, cumulative.at(-1)?.[1] ?? 0, r.limit ?? 0);
  const cStep = niceStep(top / 4);
  const cMax = cStep * Math.ceil((top * 1.1) / cStep);
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const x = (s: number) => M.left + (Math.min(s, end) / end) * pw;
  const y = (v: number) => M.top + ph - (v / yMax) * ph;
  const yc = (v: number) => M.top + ph - (v / cMax) * ph;
  const accepted = b.accepted.reduce((s, v) => s + v, 0);
  const limited = b.limited.reduce((s, v) => s + v, 0);
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="rate-plot" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="Accepted and 429 answers over time" data-accepted="${accepted}" data-limited="${limited}" data-bucket-seconds="${b.width}">`,
  );
  out.push(`<title>Answers per ${fmt(b.width)} s: ${accepted} accepted, ${limited} refused with 429</title>`);
  for (let v = 0; v <= yMax + 1e-9; v += yStep) {
    out.push(`<line x1="${M.left}" x2="${W - M.right}" y1="${y(v)}" y2="${y(v)}" stroke="#eeeeee"/>`);
    out.push(`<text x="${M.left - 6}" y="${y(v) + 4}" text-anchor="end" font-size="11">${fmt(v)}</text>`);
  }
  const bw = Math.max(1, pw / n - (n > 60 ? 0.5 : 2));
  for (let i = 0; i < n; i++) {
    let base = 0;
    for (const kind of ['accepted', 'limited', 'other'] as const) {
      const v = b[kind][i]!;
      if (v === 0) continue;
      out.push(
        `<rect class="bar-${kind}" x="${x(i * b.width).toFixed(2)}" y="${y(base + v).toFixed(2)}" width="${bw.toFixed(2)}" height="${(y(base) - y(base + v)).toFixed(2)}" fill="${COLOURS[kind]}"><title>${fmt(i * b.width)}-${fmt((i + 1) * b.width)} s: ${v} ${kind === 'limited' ? '429' : kind}</title></rect>`,
      );
      base += v;
    }
  }
  const marks = windowMarks(r, end);
  for (const s of marks)
    out.push(`<line class="window-mark" x1="${x(s)}" x2="${x(s)}" y1="${M.top}" y2="${M.top + ph}" stroke="${BLUE}" stroke-dasharray="2 4"/>`);
  if (r.limit !== null && r.limit > 0) {
    const multiples = Math.floor(cMax / r.limit) <= 8 ? Math.floor(cMax / r.limit) : 1;
    for (let k = 1; k <= multiples; k++) {
      out.push(
        `<line class="limit-line" x1="${M.left}" x2="${W - M.right}" y1="${yc(k * r.limit)}" y2="${yc(k * r.limit)}" stroke="#000" stroke-dasharray="6 4"/>`,
      );
      const label = k === 1 ? `limit: ${fmt(r.limit)}${r.windowSeconds ? ` per ${fmt(r.windowSeconds)} s` : ''}` : `${k} x limit`;
      out.push(
        `<text x="${M.left + 4}" y="${yc(k * r.limit) - 4}" font-size="12" font-weight="bold" stroke="#fff" stroke-width="3" paint-order="stroke">${label}</text>`,
      );
    }
  }
  if (cumulative.length) {
    const points = [
      `${x(0)},${yc(0)}`,
      ...cumulative.flatMap(([t, v], i) => [`${x(t).toFixed(2)},${yc(i).toFixed(2)}`, `${x(t).toFixed(2)},${yc(v).toFixed(2)}`]),
      `${x(end)},${yc(cumulative.at(-1)![1])}`,
    ];
    out.push(`<polyline class="accepted-so-far" points="${points.join(' ')}" fill="none" stroke="${BLUE}" stroke-width="2"/>`);
    for (let v = 0; v <= cMax + 1e-9; v += cStep) out.push(`<text x="${W - M.right + 6}" y="${yc(v) + 4}" font-size="11" fill="${BLUE}">${fmt(v)}</text>`);
    out.push(`<line x1="${W - M.right}" x2="${W - M.right}" y1="${M.top}" y2="${M.top + ph}" stroke="${BLUE}"/>`);
  }
  const blue = [
    cumulative.length ? 'blue line (right axis): accepted so far' : '',
    marks.length ? `dotted: ${fmt(r.windowSeconds!)} s windows from the first refill` : '',
  ]
    .filter(Boolean)
    .join('; ');
  if (blue) out.push(`<text x="${W - M.right}" y="${M.top - 10}" text-anchor="end" font-size="11" fill="${BLUE}">${blue}</text>`);
  out.push(`<line x1="${M.left}" x2="${W - M.right}" y1="${M.top + ph}" y2="${M.top + ph}" stroke="#000"/>`);
  out.push(`<line x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${M.top + ph}" stroke="#000"/>`);
  const xStep = niceStep(end / 8);
  for (let s = 0; s <= end + 1e-9; s += xStep) out.push(`<text x="${x(s)}" y="${M.top + ph + 15}" text-anchor="middle" font-size="11">${fmt(s)}</text>`);
  out.push(
    `<text x="${M.left + pw / 2}" y="${H - 6}" text-anchor="middle" font-size="12">seconds since the probe started (bars, left axis: answers per ${fmt(b.width)} s)</text>`,
  );
  const legend: [keyof typeof COLOURS, string, number][] = [
    ['accepted', 'accepted (2xx)', 0],
    ['limited', '429', 120],
    ['other', 'other (5xx, 4xx, no answer)', 175],
  ];
  for (const [kind, label, at] of legend) {
    out.push(`<rect x="${M.left + at}" y="6" width="12" height="12" fill="${COLOURS[kind]}"/>`);
    out.push(`<text x="${M.left + at + 16}" y="16" font-size="12">${label}</text>`);
  }
  out.push('</svg>');
  return out.join('\n');
}
