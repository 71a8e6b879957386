// Per requirement, the checks and relations that verified it and on how many cases: `verifiedBy`
// of the certificate's JSON, shown in the HTML under each requirement, on the console in the line
// of a failed requirement, and as one line naming the requirements that passed on the fewest cases
// (where the evidence is thinnest). A requirement made of parts lists them under it in the HTML too.
import type { Certification, RequirementResult } from './model.ts';
import { esc } from './render/html/parts.ts';

/** How many of the thinnest-evidenced requirements the console names. */
const THINNEST = 5;

/** The checks and relations of `r`, most cases first. */
export function verifiedByList(r: Pick<RequirementResult, 'verifiedBy'>): [string, number][] {
  return Object.entries(r.verifiedBy ?? {}).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

const cases = (n: number) => `${n.toLocaleString('en-US')} case${n === 1 ? '' : 's'}`;

/** "customer.text-read-back 34, status.is 6" (compact, for the console), or "" without any. */
export function verifiedByText(r: Pick<RequirementResult, 'verifiedBy'>): string {
  return verifiedByList(r)
    .map(([via, n]) => `${via} ${n}`)
    .join(', ');
}

/** The line under a requirement in the HTML: each check or relation and its cases, or "" without any. */
export function verifiedByHtml(r: Pick<RequirementResult, 'verifiedBy'>): string {
  const list = verifiedByList(r);
  if (list.length === 0) return '';
  const items = list.map(([via, n]) => `<code>${esc(via)}</code> on ${cases(n)}`).join('; ');
  return `<div class="verified-by" title="the checks and relations that verified it, each with the cases it applied to">verified by ${items}</div>`;
}

/** The line under a requirement made of parts in the HTML: each part and its cases, or why it judged none; "" without parts. */
export function requirementPartsHtml(r: Pick<RequirementResult, 'parts'>): string {
  if (!r.parts?.length) return '';
  const items = r.parts.map((p) =>
    p.judged > 0 ? `${esc(p.name)}: ${cases(p.judged)}` : `${esc(p.name)}: ${p.outOfScope ? 'out of scope' : 'not judged'} (${esc(p.why ?? '')})`,
  );
  return `<div class="parts" title="the parts of the requirement, each judged on its own">parts: ${items.join('; ')}</div>`;
}

/** The console line naming the passed requirements verified on the fewest cases, or undefined. */
export function thinnestEvidenceLine(cert: Certification): string | undefined {
  const total = (r: RequirementResult) => Object.values(r.verifiedBy ?? {}).reduce((a, b) => a + b, 0);
  const passed = cert.requirements.filter((r) => r.status === 'passed' && total(r) > 0);
  if (passed.length === 0) return undefined;
  const thin = [...passed].sort((a, b) => total(a) - total(b) || (a.id < b.id ? -1 : 1)).slice(0, THINNEST);
  const all = passed.reduce((n, r) => n + total(r), 0);
  return (
    `Verified by (checks and relations, cases; per requirement in certification.html): ${passed.length} passed on ${cases(all)}; ` +
    `fewest: ${thin.map((r) => `${r.id} ${verifiedByText(r)}`).join('; ')}`
  );
}
