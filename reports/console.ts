// The console summary: a line per spec section, then each failed (and each inconclusive MUST)
// requirement with its first finding or reason, the requests it cost, and the verdict with its
// reason. Everything a server sent is made inert for a terminal first (no escape sequence of a
// hostile server reaches it).
import type { Certification } from './certification.ts';
import { replayCommand } from './replay.ts';

/** Control characters (ESC, BEL, CSI ...) except newline and tab are shown as \u00XX. */
export function inertForTerminal(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const COLUMNS = ['passed', 'failed', 'inconclusive', 'not-run', 'skipped', 'observed'] as const;

export function consoleSummary(cert: Certification): string {
  const lines: string[] = [];
  const sections = [...new Set(cert.requirements.map((r) => r.section.split(/[ ,]/)[0]!))];
  lines.push(`erp-conformance ${cert.suiteVersion} against ${cert.target.name} (${cert.target.baseUrl}), seed ${cert.seed}`);
  for (const s of sections) {
    const list = cert.requirements.filter((r) => r.section.split(/[ ,]/)[0] === s);
    const counts = COLUMNS.map((st) => [st, list.filter((r) => r.status === st).length] as const).filter(([, n]) => n > 0);
    const flagged = list.filter((r) => r.status === 'failed' || (r.status === 'inconclusive' && r.level !== 'INFO')).map((r) => `${r.id} ${r.status}`);
    lines.push(`  section ${s.padEnd(4)} ${counts.map(([st, n]) => `${n} ${st}`).join(', ')}${flagged.length ? `  (${flagged.join(', ')})` : ''}`);
  }
  const failed = cert.requirements.filter((r) => r.status === 'failed');
  if (failed.length) lines.push('', 'Failed requirements:');
  for (const r of failed) {
    const f = r.findings[0];
    lines.push(`  ${r.id} [${r.level}] ${r.title} (${r.findingCount} finding(s), ${r.requests} requests)`);
    if (f) {
      lines.push(`    ${f.title}`, ...f.message.split('\n').map((l) => `    ${l}`));
      if (f.curl) lines.push(`    reproduce: ${f.curl}`);
      if (f.replay) lines.push(`    replay: ${replayCommand(f.replay, cert.invocation)}`);
    } else if (r.reason) {
      lines.push(...r.reason.split('\n').slice(0, 5).map((l) => `    ${l}`));
    }
  }
  const open = cert.verdict === 'preflight-failed' ? [] : cert.requirements.filter((r) => (r.status === 'inconclusive' || r.status === 'not-run') && r.level !== 'INFO');
  if (open.length) lines.push('', 'Not verified (no verdict without evidence):');
  if (cert.preflight?.problems.length) lines.push('', 'The preflight stopped the run (exit 2): fix the config or the target, then run again:', ...cert.preflight.problems.map((p) => `  ${p.key}: ${p.problem}`));
  for (const r of open) lines.push(`  ${r.id} [${r.level}] ${r.status}: ${r.reason ?? ''}`);
  for (const e of cert.errors) lines.push(`  error: ${e}`);
  const m = cert.summary;
  const level = (l: 'MUST' | 'SHOULD') => `${l} ${m[l].passed} passed, ${m[l].failed} failed, ${m[l].inconclusive + m[l]['not-run']} not verified, ${m[l].skipped} skipped`;
  lines.push('', `${level('MUST')}; ${level('SHOULD')}; INFO ${m.INFO.observed} observed`);
  const rate = cert.rateLimitedDuringSuites;
  const waits = rate.retries ? `, ${rate.retries} 429s waited out (${(rate.waitedMs / 1000).toFixed(1)} s)` : '';
  lines.push(`verdict: ${cert.verdict.toUpperCase()}: ${cert.verdictReason} (${cert.requests} requests${waits}, ${(cert.durationMs / 1000).toFixed(1)}s)`);
  if (cert.shard) lines.push(`partial: shard ${cert.shard} ran only its part of the suite files; erp-conformance report --merge DIR... --out DIR joins the shards into the certificate`);
  return inertForTerminal(lines.join('\n'));
}
