// The certificate's table "operations x requirements" of the index (section 1) in HTML: what each
// configured operation showed for each IX requirement (reports/certify.ts builds the table).
import type { OperationsTable } from '../../model.ts';
import { esc } from './parts.ts';

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
