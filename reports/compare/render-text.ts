// A comparison (reports/compare/compare.ts) in words: the console's plain lines and the Markdown
// of `compare --markdown` (and a CI job summary). Both come from one list of sections, so they
// say the same: the baseline and how it differs, the verdict's change, each list of requirement
// changes, the findings by fingerprint, observations, limits, and the figures per operation.
import type { Comparison, RequirementChange } from './compare.ts';
import { ageText } from './identity.ts';
import type { OperationChange } from './figures.ts';

interface Section {
  title: string;
  lines?: string[];
  table?: { head: string[]; rows: string[][] };
}

const LISTS: [keyof Comparison['requirements'], string][] = [
  ['newlyFailed', 'Newly failed'],
  ['fixed', 'Fixed'],
  ['newlyInconclusive', 'Newly inconclusive'],
  ['newlyNotRun', 'Newly not run'],
  ['scopeIn', 'Into scope'],
  ['scopeOut', 'Out of scope'],
  ['stillFailed', 'Known failures (failed in both)'],
  ['other', 'Other changes of status'],
];

const pct = (x: number | undefined) => (x === undefined ? '-' : `${(x * 100).toFixed(1)} %`);
const ms = (x: number | undefined) => (x === undefined ? '-' : `${x} ms`);
const pair = (a: string, b: string) => (a === b ? a : `${a} -> ${b}`);

/** The first line: what was compared with what, the baseline's age, and how it differs. */
export function headline(c: Comparison): string {
  const differs = c.differs.length ? `; NOT like for like: ${c.differs.join('; ')}` : '';
  return `Compared ${c.next.path ?? 'the new run'} (${c.next.startedAt}) with the baseline ${c.prev.path ?? ''} of ${c.prev.startedAt} (${ageText(c.ageMs)} older)${differs}`;
}

/** An input's shape in a table: its first SHAPE_SHOWN characters (the JSON keeps it whole). */
const SHAPE_SHOWN = 80;
const shortShape = (s: string) => (s.length > SHAPE_SHOWN ? `${s.slice(0, SHAPE_SHOWN)}...` : s);

const changeRow = (r: RequirementChange) => [r.id, r.level, `${r.from} -> ${r.to}`, r.title, r.why ?? ''];

function opRow(o: OperationChange): string[] {
  const f = (get: (s: NonNullable<OperationChange['from']>) => string) => pair(o.from ? get(o.from) : '-', o.to ? get(o.to) : '-');
  return [o.operation, f((s) => String(s.requests)), f((s) => pct(s.share429)), f((s) => ms(s.p50Ms)), f((s) => ms(s.p95Ms))];
}

export function comparisonSections(c: Comparison): Section[] {
  const out: Section[] = [];
  out.push({ title: 'Verdict', lines: [c.verdict.changed ? `${c.verdict.from} -> ${c.verdict.to}` : `${c.verdict.to} (unchanged)`] });
  for (const [key, title] of LISTS) {
    const list = c.requirements[key];
    if (list.length)
      out.push({ title: `${title} (${list.length})`, table: { head: ['id', 'level', 'status', 'requirement', 'why'], rows: list.map(changeRow) } });
  }
  const f = c.findings;
  out.push({
    title: `Findings: ${f.new.length} new, ${f.known.length} known, ${f.gone.length} gone`,
    ...(f.new.length || f.gone.length
      ? {
          table: {
            head: ['', 'requirement', 'check', 'operation', 'input shape', 'fingerprint'],
            rows: [
              ...f.new.map((x) => ['new', x.requirement, x.check, x.operation, shortShape(x.shape), x.fingerprint]),
              ...f.gone.map((x) => ['gone', x.requirement, x.check, x.operation, shortShape(x.shape), x.fingerprint]),
            ],
          },
        }
      : {}),
  });
  if (c.observations.length)
    out.push({
      title: `Observations changed (${c.observations.length})`,
      table: { head: ['observation', 'before', 'now'], rows: c.observations.map((o) => [o.key, o.from ?? '-', o.to ?? '-']) },
    });
  const l = c.limits;
  out.push({
    title: 'Limits and pacing',
    lines: [
      `429 share: ${pair(pct(l.share429.from), pct(l.share429.to))}`,
      ...(l.pacing.from || l.pacing.to ? [`pacing: ${pair(l.pacing.from ?? '-', l.pacing.to ?? '-')}`] : []),
    ],
    ...(l.operations.length
      ? { table: { head: ['operation', 'limit known'], rows: l.operations.map((o) => [o.operation, pair(o.from ?? '-', o.to ?? '-')]) } }
      : {}),
  });
  out.push({
    title: 'Requests and latency per operation',
    lines: [
      `requests: ${pair(String(c.totals.requests.from), String(c.totals.requests.to))}; time: ${pair(`${Math.round(c.totals.durationMs.from / 1000)} s`, `${Math.round(c.totals.durationMs.to / 1000)} s`)}`,
    ],
    ...(c.operations.length ? { table: { head: ['operation', 'requests', '429 share', 'p50', 'p95'], rows: c.operations.map(opRow) } } : {}),
  });
  return out;
}

/** Plain lines for a terminal (the caller makes them inert). */
export function comparisonConsole(c: Comparison): string {
  const lines = [headline(c)];
  for (const s of comparisonSections(c)) {
    lines.push('', s.title);
    for (const l of s.lines ?? []) lines.push(`  ${l}`);
    const rows = s.table?.rows ?? [];
    const widths = rows.reduce<number[]>((w, r) => r.map((x, i) => Math.max(w[i] ?? 0, x.length)), []);
    for (const r of rows) lines.push(`  ${r.map((x, i) => (i === r.length - 1 ? x : x.padEnd(widths[i]!))).join('  ')}`.trimEnd());
  }
  return `${lines.join('\n')}\n`;
}

/** A Markdown cell: no pipe, no newline, no markup a server's text could bring. */
const cell = (t: string) => t.replace(/[\r\n]+/g, ' ').replace(/([\\|`*_<[\]])/g, '\\$1');

export function comparisonMarkdown(c: Comparison): string {
  const lines = ['# What changed since the baseline', '', cell(headline(c))];
  for (const s of comparisonSections(c)) {
    lines.push('', `## ${cell(s.title)}`, '');
    for (const l of s.lines ?? []) lines.push(`- ${cell(l)}`);
    if (s.table) {
      if (s.lines?.length) lines.push('');
      lines.push(
        `| ${s.table.head.join(' | ')} |`,
        `|${s.table.head.map(() => ' --- ').join('|')}|`,
        ...s.table.rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
