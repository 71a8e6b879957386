// What a certificate that is not CERTIFIED opens with, right under its verdict: every failed MUST
// and every MUST not verified (inconclusive, not run), one line each, linked to its findings or its
// row in the section tables below. A reader sees on the first screen what kept the target from
// being certified, not passing rows and a pointer to section 4.1 of a long page. Under the failed
// MUSTs, every failed SHOULD (not counted against the verdict, yet a defect to read first), also on
// a certified run. The console's end lines say the same (reports/render/console.ts mustsAtEnd).
import type { Certification, RequirementResult } from '../../model.ts';
import { esc } from './parts.ts';

/**
 * The MUSTs that decide a verdict other than certified: failed first, then those not verified. Of a
 * replay (one property, its verdict reproduced or not), its failed SHOULDs too: a SHOULD's failure
 * is as much what it replays (reports/replay-verdict.ts).
 */
export function openMusts(cert: Certification): { failed: RequirementResult[]; unverified: RequirementResult[] } {
  const must = cert.requirements.filter((r) => r.level === 'MUST' || (cert.replay && r.level === 'SHOULD'));
  return {
    failed: must.filter((r) => r.status === 'failed'),
    unverified: must.filter((r) => r.status === 'inconclusive' || r.status === 'not-run'),
  };
}

/** The failed SHOULDs a reader must not miss (a replay counts them among what it replays, openMusts). */
export function failedShoulds(cert: Certification): RequirementResult[] {
  return cert.replay ? [] : cert.requirements.filter((r) => r.level === 'SHOULD' && r.status === 'failed');
}

/** The anchor of a requirement: its findings (a failed one: the expandable evidence), else its row. */
export const anchorOf = (r: RequirementResult) => (r.status === 'failed' ? `req-${r.id}` : `row-${r.id}`);

/** What a failed MUST showed first: its first finding's title, or the first line its tests threw. */
function failedWhat(r: RequirementResult): string {
  const first = r.findings[0]?.title ?? r.reason?.split('\n')[0] ?? 'its tests failed';
  const more = r.findingCount > 1 ? ` (${r.findingCount} findings)` : '';
  return `${first}${more}`;
}

function line(r: RequirementResult, what: string): string {
  return (
    `<li data-lead="${esc(r.id)}"><a href="#${esc(anchorOf(r))}"><span class="id">${esc(r.id)}</span></a> ` +
    `<span class="badge ${esc(r.status)}">${esc(r.status)}</span> ${esc(r.title)}<span class="muted">: ${esc(what)}</span></li>`
  );
}

/** The lead of a certificate with failed or unverified MUSTs or failed SHOULDs (none for a preflight-failed run). */
export function leadHtml(cert: Certification): string {
  if (cert.verdict === 'preflight-failed') return '';
  const { failed, unverified } = cert.verdict === 'certified' ? { failed: [], unverified: [] } : openMusts(cert);
  const shoulds = failedShoulds(cert);
  if (failed.length === 0 && unverified.length === 0 && shoulds.length === 0) return '';
  const parts = ['<section class="lead" id="lead">'];
  if (failed.length)
    parts.push(
      `<h2 id="lead-failed">${cert.replay ? 'Failed again in this replay' : 'Failed MUST requirements'} (${failed.length})</h2>`,
      `<ul class="lead-failed">${failed.map((r) => line(r, failedWhat(r))).join('')}</ul>`,
    );
  if (shoulds.length)
    parts.push(
      `<h2 id="lead-should">Failed SHOULD requirements (${shoulds.length}) <span class="muted">not counted against the verdict</span></h2>`,
      `<ul class="lead-should">${shoulds.map((r) => line(r, failedWhat(r))).join('')}</ul>`,
    );
  if (unverified.length)
    parts.push(
      `<h2 id="lead-unverified">${cert.replay ? 'Not verified in this replay' : 'MUST requirements not verified'} (${unverified.length})</h2>`,
      `<ul class="lead-unverified">${unverified.map((r) => line(r, r.reason ?? r.status)).join('')}</ul>`,
    );
  parts.push('</section>');
  return parts.join('\n');
}
