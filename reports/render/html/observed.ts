// The observed part of the certificate: what the spec leaves "not shown" and the run recorded,
// the transition matrix of order statuses (spec 3: "Transitions: not shown.") and the rate
// limit measured by the probe (spec 8 rule 1: "the thresholds and time window: not shown").
import { z } from 'zod';
import { ORDER_STATUSES } from '../../../contract/schemas/order-status.ts';
import { esc } from './parts.ts';
import { stringifyJson } from '../../../core/json.ts';
import { observationLabel } from '../observation-labels.ts';
import type { RateLimitSection } from '../../records/rate-limit.ts';
import { rateLimitSvg } from './rate-limit-svg.ts';

const transitions = z.array(
  z.object({ voucher: z.string(), from: z.string(), to: z.string(), status: z.union([z.number(), z.string(), z.null()]), accepted: z.boolean() }).loose(),
);
export type Transition = z.infer<typeof transitions>[number];

/** observations.transitions, or undefined when the run did not record them. */
export function transitionsOf(observations: Record<string, unknown>): Transition[] | undefined {
  const parsed = transitions.safeParse(observations.transitions);
  return parsed.success && parsed.data.length > 0 ? parsed.data : undefined;
}

export function transitionMatrixHtml(observations: Record<string, unknown>): string {
  const list = transitionsOf(observations);
  const head =
    '<h2 id="transitions">Observed order status transitions</h2>\n<p class="muted">Spec 3: &ldquo;Transitions: not shown.&rdquo; Rows: the status before; columns: the status requested (ST-2, INFO). Each cell lists what the target answered, per voucher kind, in the order tried.</p>';
  if (!list) return `${head}\n<p>Not observed in this run (the order-status suite did not run or did not write).</p>`;
  const states = [...new Set([...ORDER_STATUSES, ...list.flatMap((t) => [t.from, t.to])])];
  const [rows, cols] = [states, states];
  const cell = (from: string, to: string) =>
    list
      .filter((t) => t.from === from && t.to === to)
      .map(
        (t) =>
          `<span class="${t.accepted ? 'accepted' : 'refused'}">${t.accepted ? '&#10003;' : '&#10007;'} ${esc(t.status ?? 'no answer')} ${esc(t.voucher)}</span>`,
      )
      .join('<br>');
  const header = `<tr><th scope="col">from \\ to</th>${cols.map((c) => `<th scope="col">${esc(c)}</th>`).join('')}</tr>`;
  const body = rows.map((r) => `<tr><th scope="row">${esc(r)}</th>${cols.map((c) => `<td>${cell(r, c)}</td>`).join('')}</tr>`).join('\n');
  return `${head}\n<table class="matrix">\n<thead>${header}</thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

const yesNo = (v: boolean | null | undefined) => (v === null || v === undefined ? 'not known' : v ? 'yes' : 'no');

export function rateLimitHtml(section: RateLimitSection): string {
  const head =
    '<h2 id="rate-limit">Rate limit</h2>\n<p class="muted">Spec 8 rule 1: &ldquo;Requests can be rejected with 429 when too many are made; the thresholds and time window: not shown.&rdquo;</p>';
  if (section.kind === 'absent')
    return `${head}\n<p>Not measured in this run: the probe runs with <code>erp-conformance run --with-load</code> and writes rate-limit.json next to certification.json.</p>`;
  if (section.kind === 'invalid') return `${head}\n<p class="problem">${esc(section.problem)}</p>`;
  const r = section.result;
  const facts: [string, string][] = [
    ['Operation probed', r.operation],
    ['Answered 429', r.limited ? 'yes' : "no (no limit reached within the probe's caps)"],
    ['Limit', r.limit === null ? 'not measured' : `${r.limit} requests`],
    ['Window', r.windowSeconds === null ? 'not measured' : `${r.windowSeconds} s`],
    ['Refill', r.refill],
    ['Algorithm', r.algorithm],
    ['Scope', r.scope],
    ['Retry-After sent', yesNo(r.retryAfter.present)],
    ['Retry-After truthful', yesNo(r.retryAfter.truthful)],
    ['Every 429 carries the envelope', yesNo(r.envelopeOn429)],
    ['Requests sent', `${r.requestsSent} in ${r.durationSeconds.toFixed(1)} s`],
    [
      'Answers',
      Object.entries(r.statusCounts)
        .map(([s, c]) => `${s === '0' ? 'no answer' : s}: ${c}`)
        .join(', '),
    ],
    ['5xx answers', String(r.fiveXx)],
    ...(r.stoppedBy ? [['Stopped by', r.stoppedBy] as [string, string]] : []),
  ];
  const headerFacts = Object.entries(r.headers).filter(([, v]) => v !== null && v !== undefined && v !== false);
  const table = `<table class="facts">${facts.map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</table>`;
  const headers = headerFacts.length
    ? `<details><summary>Rate-limit headers seen</summary><pre>${esc(stringifyJson(Object.fromEntries(headerFacts), 2))}</pre></details>`
    : '';
  const notes = r.notes?.length ? `<ul class="notes">${r.notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>` : '';
  const plot = r.timeline.length
    ? `<figure>${rateLimitSvg(r)}<figcaption>Answers of the probe over time, from its timeline.</figcaption></figure>`
    : '<p>The probe recorded no timeline.</p>';
  return `${head}\n${table}\n${plot}\n${headers}\n${notes}`;
}

/** Every other observation, as pretty JSON with a large id's own digits (INFO requirements: what the target does). */
export function observationsHtml(observations: Record<string, unknown>): string {
  const rest = Object.entries(observations).filter(([k]) => k !== 'transitions');
  if (rest.length === 0) return '';
  const label = (k: string) => (observationLabel(k) === k ? esc(k) : `${esc(observationLabel(k))} <code class="muted">${esc(k)}</code>`);
  const items = rest.map(([k, v]) => `<details class="observation"><summary>${label(k)}</summary><pre>${esc(stringifyJson(v, 2))}</pre></details>`);
  return `<h2 id="observations">Other observations</h2>\n<p class="muted">Facts the spec leaves &ldquo;not shown&rdquo;, as the target showed them.</p>\n${items.join('\n')}`;
}
