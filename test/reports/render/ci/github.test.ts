// The CI outputs of a run, from the sample certificate: the job summary (Markdown) with the
// verdict, the baseline's section, each failed MUST and SHOULD with its one-line finding and curl
// line; the annotations, one ::error per failed MUST and one ::warning per failed SHOULD. A
// hostile server's text stays text: no markup in the summary, no workflow command of its own.
import { describe, expect, it } from 'vitest';
import { annotations, commandData, commandProperty, mdCode, mdText, stepSummary } from '../../../../reports/render/ci/github.ts';
import { findingCurl } from '../../../../reports/render/finding.ts';
import { CURL, failingFinding, HOSTILE_CONTROLS, sampleCertification, withFailedShould } from '../../sample.ts';

describe('the job summary', () => {
  const { cert, id } = withFailedShould(sampleCertification());
  const md = stepSummary(cert);
  const section = (title: string) => md.slice(md.indexOf(`### ${title}`), md.indexOf('\n### ', md.indexOf(`### ${title}`) + 4));

  it('says the verdict, then what changed, then each failed MUST, then each failed SHOULD, then the MUSTs not verified', () => {
    expect(md.split('\n')[0]).toBe('## erp-conformance: NOT CERTIFIED');
    const order = [
      '### What changed since the baseline',
      '### Failed MUST requirements (2)',
      '### Failed SHOULD requirements, not counted against the verdict (1)',
      '### MUST requirements not verified (2)',
    ];
    const at = order.map((h) => md.indexOf(h));
    expect(at.every((n) => n > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(section('Failed MUST').match(/^- \*\*/gm)).toHaveLength(2);
    expect(section('Failed SHOULD')).toContain(`- **${mdText(id)}** \\[SHOULD\\]`);
    expect(section('Failed SHOULD')).toContain(`the answer was slow ${mdText(id)}`);
  });

  it('gives each failed one its curl line in a code block, whole when it is short', () => {
    expect(CURL).toBe(findingCurl(failingFinding()));
    expect(section('Failed MUST')).toContain(`  reproduce:\n\n  \`\`\`sh\n  ${CURL}\n  \`\`\``);
  });

  it('leaves the section of what changed to the baseline: none given, nothing changed, or the lines compare made', () => {
    expect(section('What changed')).toContain('No baseline was given');
    expect(stepSummary(cert, { changes: [] })).toContain('Nothing changed.');
    expect(stepSummary(cert, { changes: ['- newly failed: **OS-4**'] })).toContain('### What changed since the baseline\n\n- newly failed: **OS-4**\n');
    // A run under --baseline: the lines its certificate opens with (reports/compare/baseline.ts).
    const none: never[] = [];
    const baseline = {
      path: 'last-night',
      startedAt: '2026-11-27T02:00:00.000Z',
      ageMs: 86_400_000,
      differs: none,
      failOn: 'new' as const,
      verdictFrom: 'certified' as const,
      newlyFailed: [{ id: 'OS-4', level: 'MUST' as const, title: 'x' }],
      fixed: none,
      newlyInconclusive: none,
      newlyNotRun: none,
      scopeIn: none,
      scopeOut: none,
      knownFailures: none,
      newFindings: 1,
      knownFindings: 0,
      newMustFailures: ['OS-4'],
    };
    const changed = stepSummary({ ...cert, baseline });
    expect(changed).toContain('### What changed since the baseline\n\nSince the baseline of 2026-11-27T02:00:00.000Z');
    expect(changed).toMatch(/\n- newly failed \(1\): OS-4 \\?\[MUST\\?\]\n/);
  });

  it("keeps a server's text inert: no HTML, no link, no control character, no code block closed from inside", () => {
    expect(mdText('<img src=x> [a](http://e) *b* `c` |d|')).toBe('&lt;img src=x&gt; \\[a\\](http://e) \\*b\\* \\`c\\` \\|d\\|');
    expect(mdCode('a ``` b ```` c')).toMatch(/^`````sh\n[^\n]+\n`````$/);
    for (const c of HOSTILE_CONTROLS) expect(md).not.toContain(c);
    expect(md).not.toMatch(/<(script|img|details|pre)/);
  });

  it('removes the tokens given', () => {
    expect(stepSummary(cert, {}, (t) => t.replaceAll('erp.test', '[redacted]'))).not.toContain('erp.test');
  });
});

describe('the annotations', () => {
  const { cert, id } = withFailedShould(sampleCertification());
  const lines = annotations(cert);

  it('are one ::error per failed MUST and one ::warning per failed SHOULD, each on one line', () => {
    expect(lines.map((l) => l.slice(0, l.indexOf(' title=')))).toEqual(['::error', '::error', '::warning']);
    expect(lines[0]).toMatch(/^::error title=OS-4 \[MUST\] [^\n]+::/);
    expect(lines[2]).toContain(`::warning title=${id} [SHOULD]`);
    expect(lines.every((l) => !l.includes('\n') && !l.includes('\r'))).toBe(true);
  });

  it('say the first finding and its curl line, escaped as the runner reads them', () => {
    expect(lines[0]).toContain(`%0Areproduce: ${commandData(CURL)}`);
    expect(commandData('50% a\r\nb')).toBe('50%25 a%0D%0Ab');
    expect(commandProperty('a: b, c')).toBe('a%3A b%2C c');
    // A server's text that holds a line break and a command starts no command of its own.
    const hostile = structuredClone(cert);
    hostile.requirements.find((r) => r.id === 'OS-4')!.findings[0]!.title = 'x\n::error::forged\r\n::add-mask::y';
    const forged = annotations(hostile);
    expect(forged).toHaveLength(3);
    expect(forged.filter((l) => /(^|\n)::error::forged/.test(l))).toEqual([]);
    for (const c of HOSTILE_CONTROLS) expect(forged.join('')).not.toContain(c);
  });

  it('are none for a run the preflight stopped, and a certified run names its failed SHOULD only', () => {
    expect(annotations({ ...cert, verdict: 'preflight-failed' })).toEqual([]);
    const certified = withFailedShould({ ...sampleCertification(), requirements: sampleCertification().requirements.filter((r) => r.status !== 'failed') });
    expect(annotations({ ...certified.cert, verdict: 'certified' }).map((l) => l.slice(0, 9))).toEqual(['::warning']);
  });
});
