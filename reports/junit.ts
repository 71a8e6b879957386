// junit.xml for CI pages: one testcase per requirement, classname = spec section, the failure
// message = the first finding.
import type { Certification } from './certification.ts';

function xml(text: string): string {
  // XML 1.0 cannot hold most control characters, even escaped: drop them.
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function junitXml(cert: Certification): string {
  const bySection = new Map<string, Certification['requirements']>();
  for (const r of cert.requirements) bySection.set(r.section, [...(bySection.get(r.section) ?? []), r]);
  const count = (list: Certification['requirements'], s: string) => list.filter((r) => r.status === s).length;
  const suites = [...bySection].map(([section, list]) => {
    const cases = list.map((r) => {
      const name = `${r.id} [${r.level}] ${r.title}`;
      let body = '';
      if (r.status === 'failed') {
        const f = r.findings[0];
        const message = f ? `${f.title}` : (r.reason ?? 'failed');
        const detail = f ? [f.message, f.curl ? `curl: ${f.curl}` : '', f.replay ? `replay: --seed ${f.replay.seed} (path ${f.replay.path})` : '', r.findingCount > 1 ? `(+${r.findingCount - 1} more findings, see certification.json)` : ''].filter(Boolean).join('\n') : (r.reason ?? '');
        // A failed SHOULD is a failure too (type says the level); the verdict counts MUSTs only.
        body = `<failure message="${xml(message)}" type="${r.level}">${xml(detail)}</failure>`;
      } else if (r.status === 'skipped') {
        body = `<skipped message="${xml(r.reason ?? 'skipped')}"/>`;
      }
      return `    <testcase classname="${xml(`section ${section}`)}" name="${xml(name)}" time="0">${body}</testcase>`;
    });
    return `  <testsuite name="${xml(`section ${section}`)}" tests="${list.length}" failures="${count(list, 'failed')}" skipped="${count(list, 'skipped')}" errors="0">\n${cases.join('\n')}\n  </testsuite>`;
  });
  const all = cert.requirements;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="erp-conformance ${xml(cert.target.name)}" tests="${all.length}" failures="${count(all, 'failed')}" skipped="${count(all, 'skipped')}" time="${(cert.durationMs / 1000).toFixed(3)}">\n${suites.join('\n')}\n</testsuites>\n`;
}
