// The certificate's first lines under `run --baseline PREV`: the baseline (its age, and another kit
// version, config, target or selection when it is one), then what changed since it, right under
// the verdict. The same lines as the console's (reports/compare/baseline.ts baselineLines).
import type { Certification } from '../../model.ts';
import { baselineLines } from '../../compare/baseline.ts';
import { esc } from './parts.ts';

/** The section, or nothing for a run without a baseline. */
export function baselineHtml(cert: Certification): string {
  if (!cert.baseline) return '';
  const [first, ...rest] = baselineLines(cert.baseline);
  return `<section class="baseline" id="baseline"><p><strong>${esc(first)}</strong></p><ul>${rest.map((l) => `<li>${esc(l.trim())}</li>`).join('')}</ul></section>`;
}
