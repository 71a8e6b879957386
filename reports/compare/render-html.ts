// A comparison as one HTML page (`compare --html FILE`): the same sections as the console and the
// Markdown (reports/compare/render-text.ts), every text escaped, no script and no network (a
// Content-Security-Policy forbids both: parts.ts pageHead), so it views offline like the certificate.
import type { Comparison } from './compare.ts';
import { comparisonSections, headline } from './render-text.ts';
import { esc, pageHead } from '../render/html/parts.ts';

const CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:2em;max-width:1200px;color:#222}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}
th{background:#f4f4f4}.new{color:#b00020;font-weight:600}.first{font-weight:600}`;

export function comparisonHtml(c: Comparison): string {
  const body = comparisonSections(c)
    .map((s) => {
      const id = s.title
        .toLowerCase()
        .replace(/[^a-z]+/g, '-')
        .replace(/^-|-$/g, '');
      const lines = (s.lines ?? []).map((l) => `<li>${esc(l)}</li>`).join('');
      const table = s.table
        ? `<table><tr>${s.table.head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>${s.table.rows
            .map((r) => `<tr${r[0] === 'new' ? ' class="new"' : ''}>${r.map((x) => `<td>${esc(x)}</td>`).join('')}</tr>`)
            .join('')}</table>`
        : '';
      return `<section id="${esc(id)}"><h2>${esc(s.title)}</h2>${lines ? `<ul>${lines}</ul>` : ''}${table}</section>`;
    })
    .join('\n');
  return `${pageHead({ title: `What changed since the baseline: ${c.next.target.name}`, css: CSS })}
<body>
<h1>What changed since the baseline</h1>
<p class="first" id="headline">${esc(headline(c))}</p>
${body}
</body>
</html>
`;
}
