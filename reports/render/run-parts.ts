// A run in parts (`run --resume`) as the console and the certificate show it: when each part ran,
// what stopped it and which requirements it decided (reports/records/parts.ts joins the parts).
import type { PartFacts, PartSummary, StoppedBy } from '../model.ts';
import { esc } from './html/parts.ts';
import { partFiguresText } from './figures.ts';

const STOP: Record<StoppedBy, string> = {
  budget: 'its budget',
  'max-requests': 'its request budget',
  interrupted: 'an interrupt',
  'max-failures': 'its --max-failures',
};
const when = (p: PartFacts) => `${p.startedAt.replace('T', ' ').replace(/\.\d+Z$/, 'Z')}, ${(p.durationMs / 1000).toFixed(1)} s`;
const stopped = (p: PartFacts) => `${p.stoppedBy ? `, stopped by ${STOP[p.stoppedBy]}` : ''}${p.crashed ? `, ended when ${p.crashed}` : ''}`;

/** A part's requests: its suites' (the figures the run's add up from) and its preflight's. */
function requests(p: PartFacts): string {
  if (!p.figures) return `${p.requests} requests`;
  const preflight = p.requests - p.figures.requests;
  return `${p.figures.requests} requests${preflight > 0 ? ` + ${preflight} preflight` : ''}`;
}

/** The console's lines: one per part. */
export function partsConsole(parts: PartSummary[] | undefined): string[] {
  if (!parts) return [];
  return [
    '',
    `The run in ${parts.length} parts (run --resume):`,
    ...parts.map(
      (p) =>
        `  part ${p.index} (${when(p)}): ${requests(p)}${p.figures ? `; ${partFiguresText(p.figures)}` : ''}${stopped(p)}; verified ${p.verified.length ? p.verified.join(', ') : 'nothing new'}`,
    ),
  ];
}

/** The certificate's table of parts. */
export function partsHtml(parts: PartSummary[] | undefined): string {
  if (!parts) return '';
  const rows = parts.map(
    (p) =>
      `<tr><td class="num">${p.index}</td><td>${esc(when(p))}${esc(stopped(p))}</td><td class="num">${esc(requests(p).replace(/ requests/, ''))}</td><td>${esc(p.figures ? partFiguresText(p.figures) : 'not recorded')}</td><td>${esc(p.verified.join(', ') || 'nothing new')}</td></tr>`,
  );
  return `<h2 id="parts">Parts of the run</h2>
<p class="muted">The run was cut (its budget, an interrupt or its suite worker's death) and went on with <code>erp-conformance run --resume</code>: each part re-ran the tests that had not ended, against the same target and seed; the tests that had ended kept their findings and evidence.</p>
<table class="facts parts"><thead><tr><th scope="col">Part</th><th scope="col">When</th><th scope="col">Requests</th><th scope="col">Answers 429</th><th scope="col">Requirements it verified</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}
