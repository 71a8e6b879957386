import { describe, expect, it } from 'vitest';
import { requirements } from '../../contract/requirements.ts';
import { junitXml } from '../../reports/junit.ts';
import { failingFinding, sampleCertification } from './sample.ts';
import { findAll, parseXml } from './xml.ts';

describe('junit.xml', () => {
  const cert = sampleCertification();
  const root = parseXml(junitXml(cert));
  const cases = findAll(root, 'testcase');
  const byId = (id: string) => cases.find((c) => c.attributes.name!.startsWith(`${id} [`))!;

  it('parses back with one testcase per requirement of the catalogue', () => {
    expect(root.name).toBe('testsuites');
    expect(cases).toHaveLength(requirements.length);
    expect(cases.map((c) => c.attributes.name!.split(' ')[0])).toEqual(expect.arrayContaining(requirements.map((r) => r.id)));
    expect(Number(root.attributes.tests)).toBe(requirements.length);
  });

  it('names each testcase after the requirement and classes it by its spec section', () => {
    for (const r of requirements) {
      const c = byId(r.id);
      expect(c.attributes.name).toBe(`${r.id} [${r.level}] ${r.title}`);
      expect(c.attributes.classname).toBe(`section ${r.section}`);
    }
  });

  it('gives a failed requirement a <failure> whose message is its first finding', () => {
    const failure = byId('OS-4').children.find((c) => c.name === 'failure')!;
    expect(failure.attributes.message).toBe(failingFinding().title);
    expect(failure.attributes.type).toBe('MUST');
    expect(failure.text).toContain(`curl: ${failingFinding().curl}`);
    expect(failure.text).toContain('replay: --seed 42 (path 3:1)');
    expect(Number(root.attributes.failures)).toBe(cert.requirements.filter((r) => r.status === 'failed').length);
  });

  it('gives a skipped requirement <skipped> with its reason, and a passed one no child', () => {
    expect(byId('CU-8').children.map((c) => [c.name, c.attributes.message])).toEqual([['skipped', 'no readBack in the config']]);
    expect(byId('ENV-1').children).toEqual([]);
    expect(Number(root.attributes.skipped)).toBe(cert.requirements.filter((r) => r.status === 'skipped').length);
  });

  it('stays well-formed when a finding holds control characters XML cannot carry', () => {
    const c = sampleCertification();
    const os4 = c.requirements.find((r) => r.id === 'OS-4')!;
    os4.findings[0] = { ...os4.findings[0]!, title: 'bell \u0007 escape \u001b[31m nul \u0000 end', message: 'form feed \u000c here' };
    const failure = findAll(parseXml(junitXml(c)), 'failure')[0]!;
    expect(failure.attributes.message).toBe('bell  escape [31m nul  end');
  });
});
