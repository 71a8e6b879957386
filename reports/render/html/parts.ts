// Pieces of the HTML certificate: escaping and the evidence of a finding (its facts, the exchange
// with pretty-printed JSON bodies, the curl line, the replay command). Everything that comes
// from a run, and above all from the server (bodies, headers, messages), goes through `esc`.
// Bodies are laid out token by token, never parsed into JS numbers: the server's own digits.
import type { Exchange, Finding } from '../../../core/types.ts';
import type { Certification, RequirementResult } from '../../model.ts';
import { renderFinding } from '../finding.ts';
import { inertDocumentText } from '../inert.ts';
import { prettyJsonText } from '../../json.ts';
import { replayCommand } from '../replay.ts';

/** Escapes text for HTML element content and quoted attribute values; control and bidi characters show as \uXXXX. */
export function esc(value: unknown): string {
  return inertDocumentText(String(value ?? ''))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The start of every page the kit writes (certificate, load, trend, comparison), up to <body>:
 * UTF-8, a Content-Security-Policy that allows no script and no request (inline styles only, and
 * with `images` the data: images a page draws inline), the viewport, the escaped title, the CSS.
 */
export function pageHead(page: { title: string; css: string; images?: boolean }): string {
  const csp = `default-src 'none'; style-src 'unsafe-inline'${page.images ? '; img-src data:' : ''}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(page.title)}</title>
<style>${page.css}</style>
</head>`;
}

/** A body as the reader wants it: laid-out JSON (every token as sent) when it is JSON, the raw text otherwise. */
export function prettyBody(body: string | undefined): string {
  if (body === undefined || body === '') return '';
  return prettyJsonText(body) ?? body;
}

function headerLines(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

export function exchangeHtml(ex: Exchange): string {
  const req = ex.request;
  const request = [`${req.method} ${req.url}`, headerLines(req.headers), ...(req.body ? ['', prettyBody(req.body)] : [])].join('\n');
  const parts = [
    `<h5>Request <span class="muted">#${esc(ex.seq)} (${esc(ex.operation)}, token: ${esc(ex.tokenKind)})</span></h5>`,
    `<pre class="request">${esc(request)}</pre>`,
  ];
  if (ex.response) {
    const r = ex.response;
    const size = `${r.bytes} bytes${r.truncated ? ', cut at the size cap' : ''}, ${Math.round(ex.durationMs)} ms`;
    const response = [`HTTP ${r.status}`, headerLines(r.headers), '', prettyBody(r.body)].join('\n');
    parts.push(`<h5>Response <span class="muted">(${esc(size)})</span></h5>`, `<pre class="response">${esc(response)}</pre>`);
  }
  if (ex.failure) parts.push(`<p class="no-response">No usable response: ${esc(ex.failure.kind)}: ${esc(ex.failure.message)}</p>`);
  if (ex.jsonError) parts.push(`<p class="muted">Body: ${esc(ex.jsonError)}</p>`);
  if (ex.rateLimited) parts.push(`<p class="muted">Sent after ${esc(ex.rateLimited.retries)} answer(s) 429 (waited ${esc(ex.rateLimited.waitedMs)} ms).</p>`);
  return `<div class="exchange">${parts.join('\n')}</div>`;
}

/**
 * A finding (of an INFO requirement: an observation, never a failure); the first is shown open,
 * the others each behind their own summary line.
 */
export function findingHtml(cert: Certification, r: RequirementResult, f: Finding, n: number): string {
  const observation = r.level === 'INFO';
  const kind = observation ? 'observation' : 'finding';
  const heading = `${observation ? 'Observation' : 'Finding'} ${n}: ${esc(f.title)}`;
  const { text, curl } = renderFinding(f);
  const parts = [`<pre class="message">${esc(text)}</pre>`, `<p class="muted">check <code>${esc(f.checkId)}</code></p>`];
  if (f.exchange) parts.push(exchangeHtml(f.exchange));
  const variable = f.exchange?.tokenEnv ?? 'ERP_API_TOKEN';
  const curlHeading = f.sequence
    ? 'Its last step with curl <span class="muted">(alone it meets the record in another state, or names an id another copy never made: run the sequence above in order)</span>'
    : 'Reproduce with curl';
  if (curl) parts.push(`<h5>${curlHeading} <span class="muted">(export ${esc(variable)} first)</span></h5>`, `<pre class="curl">${esc(curl)}</pre>`);
  if (f.replay) {
    parts.push(`<h5>Replay this ${kind} alone</h5>`, `<pre class="replay">${esc(replayCommand(f.replay, cert.invocation))}</pre>`);
    parts.push(
      f.replay.path !== undefined
        ? `<p class="muted">fast-check seed ${esc(f.replay.seed)}, path "${esc(f.replay.path)}": the same test and property draw the input again, without the tests that change vouchers.</p>`
        : `<p class="muted">seed ${esc(f.replay.seed)}${f.replay.nonce ? `, nonce ${esc(f.replay.nonce)}` : ''}: the same test sends its requests again, alone, without the tests that change vouchers.</p>`,
    );
  }
  const body = parts.join('\n');
  return n === 1
    ? `<article class="${kind}"><h4>${heading}</h4>\n${body}</article>`
    : `<details class="${kind} more"><summary><strong>${heading}</strong></summary><article class="${kind}">${body}</article></details>`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The expandable evidence of a requirement that has any: what the spec says, then each finding of
 * a failed one (class "failure") or each observation of an observed INFO one (class "observed").
 */
export function evidenceDetailsHtml(cert: Certification, r: RequirementResult): string {
  const failed = r.status === 'failed';
  const what = failed ? (r.findingCount > 0 ? plural(r.findingCount, 'finding') : 'the tests failed') : plural(r.findingCount, 'observation');
  const parts = [
    `<summary>${esc(r.title)} <span class="muted">(${what}: show)</span></summary>`,
    `<blockquote>Spec ${esc(r.section)}: &ldquo;${esc(r.quote)}&rdquo;</blockquote>`,
  ];
  if (r.ambiguity) parts.push(`<p class="muted">Oracle: ${esc(r.ambiguity)}</p>`);
  r.findings.forEach((f, i) => parts.push(findingHtml(cert, r, f, i + 1)));
  if (r.findingCount > r.findings.length) parts.push(`<p class="muted">${r.findingCount - r.findings.length} more not kept in the certificate.</p>`);
  if (r.reason) parts.push('<h5>What the tests threw</h5>', `<pre class="reason">${esc(r.reason)}</pre>`);
  if (r.tests.length) parts.push(`<p class="muted">Tests: ${r.tests.map(esc).join('; ')}</p>`);
  return `<details class="${failed ? 'failure' : 'observed'}" id="req-${esc(r.id)}">${parts.join('\n')}</details>`;
}
