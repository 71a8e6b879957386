// JUnit that CI pages read as the exit code does: a failed SHOULD never fails the verdict, so it
// is a warning (a property and a <system-out> note), not a <failure>, unless --strict; an
// inconclusive MUST is an <error> with its reason.
import { describe, expect, it } from 'vitest';
import type { Certification } from '../../../reports/model.ts';
import { junitXml } from '../../../reports/render/junit.ts';
import { failingFinding, sampleCertification } from '../sample.ts';
import { findAll, parseXml } from '../xml.ts';

function withShouldFailure(): Certification {
  const cert = sampleCertification();
  const finding = { ...failingFinding(), requirementId: 'ENV-4', title: 'error code "200" on a 400' };
  return {
    ...cert,
    requirements: cert.requirements.map((r) => (r.id === 'ENV-4' ? { ...r, status: 'failed' as const, findings: [finding], findingCount: 1 } : r)),
  };
}

const testcase = (xml: string, id: string) => findAll(parseXml(xml), 'testcase').find((c) => c.attributes.name!.startsWith(`${id} `))!;

describe('junit.xml on CI pages', () => {
  it('flags a failed SHOULD as a warning, not a failure, and does not count it among the failures', () => {
    const xml = junitXml(withShouldFailure());
    const c = testcase(xml, 'ENV-4');
    expect(c.children.map((x) => x.name)).toEqual(['properties', 'system-out']);
    expect(findAll(c, 'property')[0]!.attributes).toMatchObject({
      name: 'warning',
      value: expect.stringMatching(/^SHOULD failed \(not counted against the verdict; --strict makes it a failure\): error code "200" on a 400/),
    });
    expect(findAll(c, 'system-out')[0]!.text).toMatch(/^warning: ENV-4 \[SHOULD\] failed: /);
    expect(parseXml(xml).attributes.failures).toBe('2'); // the two MUST failures only
  });

  it('makes it a <failure> with --strict', () => {
    const xml = junitXml(withShouldFailure(), { strict: true });
    expect(testcase(xml, 'ENV-4').children.map((x) => x.name)).toEqual(['failure']);
    expect(parseXml(xml).attributes.failures).toBe('3');
  });

  it('gives an inconclusive MUST an <error> with its reason', () => {
    const rp1 = testcase(junitXml(sampleCertification()), 'RP-1');
    expect(rp1.children[0]!.name).toBe('error');
    expect(rp1.children[0]!.attributes.type).toBe('inconclusive');
    expect(rp1.children[0]!.attributes.message!.length).toBeGreaterThan(10);
  });
});
