// The certificate's table "operations x requirements" of the index (section 1): what each
// configured operation showed for each IX requirement, from the observations "ix:<id>" the
// index suite records (suites/index-operations/configured.ts).
import { esc } from './parts.ts';

export interface OperationsTable {
  requirements: string[];
  operations: string[];
  /** operation -> requirement -> what it showed ("passed", "FAILED: ...", "inconclusive: ...", an observed value). */
  cells: Record<string, Record<string, string>>;
}

const PREFIX = 'ix:';

/** The table, or undefined when the run checked no configured operation. */
export function operationsTable(observations: Record<string, unknown>): OperationsTable | undefined {
  const rows = Object.entries(observations).filter(([k, v]) => k.startsWith(PREFIX) && v !== null && typeof v === 'object');
  if (rows.length === 0) return undefined;
  const requirements = rows.map(([k]) => k.slice(PREFIX.length)).sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)));
  const cells: Record<string, Record<string, string>> = {};
  for (const [k, row] of rows) for (const [op, v] of Object.entries(row as Record<string, unknown>)) (cells[op] ??= {})[k.slice(PREFIX.length)] = String(v);
  return { requirements, operations: Object.keys(cells).sort(), cells };
}

/** Observations other than the table's rows. */
export const notInTable = (key: string) => !key.startsWith(PREFIX);

function cellHtml(text: string | undefined): string {
  if (text === undefined) return '<td></td>';
  const mark = text.startsWith('passed')
    ? ['accepted', '&#10003;']
    : text.startsWith('FAILED')
      ? ['refused', '&#10007;']
      : text.startsWith('inconclusive')
        ? ['', '?']
        : text.startsWith('not checked')
          ? ['', '&ndash;']
          : null;
  return mark ? `<td class="${mark[0]}" title="${esc(text)}">${mark[1]}</td>` : `<td>${esc(text)}</td>`;
}

export function operationsTableHtml(t: OperationsTable | undefined): string {
  if (!t) return '';
  const head = `<tr><th scope="col">operation</th>${t.requirements.map((r) => `<th scope="col"><a href="#${esc(r)}">${esc(r)}</a></th>`).join('')}</tr>`;
  const body = t.operations.map((op) => `<tr><th scope="row">${esc(op)}</th>${t.requirements.map((r) => cellHtml(t.cells[op]![r])).join('')}</tr>`).join('\n');
  return `<h2 id="operations">Operations of the index</h2>
<p class="muted">Spec 1 lists the operations; section 5 holds for all of them. One row per operation of config <code>operations</code> (the three of section 4 are in their own sections): &#10003; passed, &#10007; failed, ? inconclusive, &ndash; not checked (hover for why); INFO columns show what was observed.</p>
<table class="matrix">
<thead>${head}</thead>
<tbody>
${body}
</tbody>
</table>`;
}
