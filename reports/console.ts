// The console summary: a line per spec section, then each failed requirement with its first finding.
import type { Certification } from './certification.ts';

export function consoleSummary(cert: Certification): string {
  const lines: string[] = [];
  const sections = [...new Set(cert.requirements.map((r) => r.section.split(/[ ,]/)[0]!))];
  lines.push(`erp-conformance ${cert.suiteVersion} against ${cert.target.name} (${cert.target.baseUrl}), seed ${cert.seed}`);
  for (const s of sections) {
    const list = cert.requirements.filter((r) => r.section.split(/[ ,]/)[0] === s);
    const n = (st: string) => list.filter((r) => r.status === st).length;
    const failedIds = list.filter((r) => r.status === 'failed').map((r) => r.id);
    lines.push(`  section ${s.padEnd(4)} ${String(n('passed')).padStart(3)} passed ${String(n('failed')).padStart(3)} failed ${String(n('skipped')).padStart(3)} skipped${failedIds.length ? `  (${failedIds.join(', ')})` : ''}`);
  }
  const failed = cert.requirements.filter((r) => r.status === 'failed');
  if (failed.length) lines.push('', 'Failed requirements:');
  for (const r of failed) {
    const f = r.findings[0];
    lines.push(`  ${r.id} [${r.level}] ${r.title}`);
    if (f) {
      lines.push(`    ${f.title}`, ...f.message.split('\n').map((l) => `    ${l}`));
      if (f.curl) lines.push(`    reproduce: ${f.curl}`);
      if (f.replay) lines.push(`    replay: erp-conformance run --seed ${f.replay.seed} (fast-check path "${f.replay.path}")`);
    } else if (r.reason) {
      lines.push(...r.reason.split('\n').slice(0, 5).map((l) => `    ${l}`));
    }
  }
  for (const e of cert.errors) lines.push(`  error: ${e}`);
  const m = cert.summary;
  lines.push('', `MUST ${m.MUST.passed} passed, ${m.MUST.failed} failed, ${m.MUST.skipped} skipped; SHOULD ${m.SHOULD.passed} passed, ${m.SHOULD.failed} failed, ${m.SHOULD.skipped} skipped; INFO ${m.INFO.passed} observed`);
  lines.push(`verdict: ${cert.verdict.toUpperCase()} (${cert.exchanges} requests, ${(cert.durationMs / 1000).toFixed(1)}s)`);
  if (cert.shard) lines.push(`partial: shard ${cert.shard} ran only its part of the suite files; erp-conformance report --merge DIR... --out DIR joins the shards into the certificate`);
  return lines.join('\n');
}
