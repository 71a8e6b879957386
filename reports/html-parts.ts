// Pieces of the HTML certificate: escaping and the evidence of a finding (its facts, the exchange
// with pretty-printed JSON bodies, the curl line, the replay command). Everything that comes
// from a run, and above all from the server (bodies, headers, messages), goes through `esc`.
import type { Exchange, Finding } from '../contract/types.ts';
import type { Certification, RequirementResult } from './certification.ts';

/** Escapes text for HTML element content and quoted attribute values. */
export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A body as the reader wants it: pretty JSON when it is JSON, the raw text otherwise. */
export function prettyBody(body: string | undefined): string {
  if (body === undefined || body === '') return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function headerLines(headers: Record<string, string>): string {
  return Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\n');
}

export function exchangeHtml(ex: Exchange): string {
  const req = ex.request;
  const request = [`${req.method} ${req.url}`, headerLines(req.headers), ...(req.body ? ['', prettyBody(req.body)] : [])].join('\n');
  const parts = [`<h5>Request <span class="muted">#${esc(ex.seq)} (${esc(ex.operation)}, token: ${esc(ex.tokenKind)})</span></h5>`, `<pre class="request">${esc(request)}</pre>`];
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

/** The command that sends the same generated requests again (`--seed` fixes fast-check). */
export function replayCommand(cert: Certification, r: RequirementResult, f: Finding): string | undefined {
  if (!f.replay) return undefined;
  const prefix = r.id.split('-')[0]!;
  return `erp-conformance run --config <the config of this target> --seed ${f.replay.seed} --num-runs ${cert.numRuns} --only ${prefix}`;
}

/** A finding; the first is shown open, the others each behind their own summary line. */
export function findingHtml(cert: Certification, r: RequirementResult, f: Finding, n: number): string {
  const heading = `Finding ${n}: ${esc(f.title)}`;
  const parts = [
    `<pre class="message">${esc(f.message)}</pre>`,
    `<p class="muted">check <code>${esc(f.checkId)}</code></p>`,
  ];
  if (f.exchange) parts.push(exchangeHtml(f.exchange));
  if (f.curl) parts.push('<h5>Reproduce with curl <span class="muted">(export ERP_API_TOKEN first)</span></h5>', `<pre class="curl">${esc(f.curl)}</pre>`);
  const replay = replayCommand(cert, r, f);
  if (replay) {
    parts.push('<h5>Replay the property run</h5>', `<pre class="replay">${esc(replay)}</pre>`);
    parts.push(`<p class="muted">fast-check seed ${esc(f.replay!.seed)}, path "${esc(f.replay!.path)}" (with the same seed and runs per property the failing input is generated again; no --config for the embedded reference).</p>`);
  }
  const body = parts.join('\n');
  return n === 1
    ? `<article class="finding"><h4>${heading}</h4>\n${body}</article>`
    : `<details class="finding more"><summary><strong>${heading}</strong></summary><article class="finding">${body}</article></details>`;
}

/** The expandable evidence of a failed requirement: what the spec says, then each finding. */
export function failureDetailsHtml(cert: Certification, r: RequirementResult): string {
  const count = r.findingCount === 1 ? '1 finding' : `${r.findingCount} findings`;
  const parts = [
    `<summary>${esc(r.title)} <span class="muted">(${r.findingCount > 0 ? count : 'the tests failed'}: show)</span></summary>`,
    `<blockquote>Spec ${esc(r.section)}: &ldquo;${esc(r.quote)}&rdquo;</blockquote>`,
  ];
  if (r.ambiguity) parts.push(`<p class="muted">Oracle: ${esc(r.ambiguity)}</p>`);
  r.findings.forEach((f, i) => parts.push(findingHtml(cert, r, f, i + 1)));
  if (r.findingCount > r.findings.length) parts.push(`<p class="muted">${r.findingCount - r.findings.length} more finding(s) not kept in the certificate.</p>`);
  if (r.reason) parts.push('<h5>What the tests threw</h5>', `<pre class="reason">${esc(r.reason)}</pre>`);
  if (r.tests.length) parts.push(`<p class="muted">Tests: ${r.tests.map(esc).join('; ')}</p>`);
  return `<details class="failure" id="req-${esc(r.id)}">${parts.join('\n')}</details>`;
}
