// The console's layout: the preflight's problems alone and first, MUST failures before SHOULD
// ones, lines readable at 100 columns (only the curl and replay lines a user copies are kept
// whole), and a full run names the MUSTs it did not test whatever its verdict.
import { describe, expect, it } from 'vitest';
import { wrap } from '../../../reports/render/console-text.ts';
import { consoleSummary } from '../../../reports/render/console.ts';
import type { Certification } from '../../../reports/model.ts';
import { sampleCertification } from '../sample.ts';

const LONG = `the target answered ${'every request of this long explanation '.repeat(35)}and a value without spaces ${'x'.repeat(300)}`;

describe('the console layout', () => {
  it("puts the preflight's problems first, on their own, without section lines or requirements not run", () => {
    const cert: Certification = {
      ...sampleCertification({ name: 'Acme', baseUrl: 'http://erp.test' }),
      verdict: 'preflight-failed',
      preflight: { problems: [{ key: 'fixtures.sales.lifecycle', problem: 'voucher 1001 does not exist' }], notes: [], requests: 3 },
    };
    const lines = consoleSummary(cert).split('\n');
    expect(lines.slice(1, 4)).toEqual([
      '',
      'The preflight stopped the run (exit 2): fix the config or the target, then run again:',
      '  fixtures.sales.lifecycle: voucher 1001 does not exist',
    ]);
    expect(lines.filter((l) => l.startsWith('  section '))).toEqual([]);
    expect(lines.join('\n')).not.toMatch(/not-run|Not verified/);
  });

  it('lists MUST failures before SHOULD failures', () => {
    const base = sampleCertification();
    const should = base.requirements.findIndex((r) => r.level === 'SHOULD');
    const firstMust = base.requirements.findIndex((r) => r.level === 'MUST' && r.status === 'failed');
    expect(should).toBeLessThan(firstMust); // a SHOULD comes first in catalogue order
    const requirements = base.requirements.map((r, i) => (i === should ? { ...r, status: 'failed' as const, reason: 'a SHOULD failure' } : r));
    const lines = consoleSummary({ ...base, requirements }).split('\n');
    const after = lines.slice(lines.indexOf('Failed requirements (MUST first):') + 1);
    const listed = after
      .slice(0, after.indexOf(''))
      .filter((l) => /^ {2}\S+ \[(MUST|SHOULD)\]/.test(l))
      .map((l) => /\[(\w+)\]/.exec(l)![1]);
    expect(listed[0]).toBe('MUST');
    expect(listed.at(-1)).toBe('SHOULD');
  });

  it('wraps every line but the copyable commands at 100 columns, a 1,500-character reason too', () => {
    const base = sampleCertification();
    const requirements = base.requirements.map((r) => (r.status === 'inconclusive' ? { ...r, reason: LONG } : r));
    const lines = consoleSummary({ ...base, requirements }).split('\n');
    const prose = lines.filter((l) => !/^\s*(reproduce|replay): /.test(l));
    expect(prose.filter((l) => l.length > 100)).toEqual([]);
    expect(lines.join(' ').replace(/\s+/g, ' ')).toContain('every request of this long explanation every request');
    expect(wrap(`    ${'word '.repeat(40)}`.trimEnd(), 40).every((l) => l.length <= 40 && l.startsWith('    '))).toBe(true);
  });

  it('names on a certified run the MUSTs it skipped or could not test, each with its reason', () => {
    const base = sampleCertification();
    const skipped = base.requirements.filter((r) => r.level === 'MUST' && r.status === 'skipped');
    expect(skipped.length).toBeGreaterThan(0);
    const text = consoleSummary({ ...base, verdict: 'certified', verdictReason: 'Every MUST requirement passed.' }, undefined, Infinity);
    expect(text).toContain('MUST requirements this run did not test (the verdict stands without them):');
    for (const r of skipped) expect(text).toMatch(new RegExp(`^ {2}(\\S+, )*${r.id}(, \\S+)*: `, 'm'));
  });
});
