import { describe, expect, it } from 'vitest';
import { requirements } from '../../../contract/requirements.ts';
import { junitOutcome, junitXml } from '../../../reports/render/junit.ts';
import { replayCommand } from '../../../reports/render/replay.ts';
import {
  BIG_ID,
  failingFinding,
  HOSTILE_CONTROLS,
  INCONCLUSIVE_REASON,
  INVOCATION,
  NOT_RUN_REASON,
  REPLAY,
  ROUNDED_BIG_ID,
  sampleCertification,
} from '../sample.ts';
import { findAll, parseXml, type XmlElement } from '../xml.ts';
import { findingCurl } from '../../../reports/render/finding.ts';

describe('junit.xml', () => {
  const cert = sampleCertification();
  const text = junitXml(cert);
  const root = parseXml(text);
  const cases = findAll(root, 'testcase');
  const byId = (id: string) => cases.find((c) => c.attributes.name!.startsWith(`${id} [`))!;
  const children = (id: string) => byId(id).children.map((c) => [c.name, c.attributes.message, c.attributes.type]);

  it('parses back with one testcase per requirement of the catalogue', () => {
    expect(root.name).toBe('testsuites');
    expect(cases).toHaveLength(requirements.length);
    expect(cases.map((c) => c.attributes.name!.split(' ')[0])).toEqual(expect.arrayContaining(requirements.map((r) => r.id)));
    expect(Number(root.attributes.tests)).toBe(requirements.length);
    expect(root.attributes.name).toMatch(/: not-certified$/);
  });

  it('names each testcase after the requirement and classes it by its spec section', () => {
    for (const r of requirements) {
      const c = byId(r.id);
      expect(c.attributes.name).toBe(`${r.id} [${r.level}] ${r.title}`);
      expect(c.attributes.classname).toBe(`section ${r.section}`);
    }
  });

  it('gives a failed MUST a <failure> whose message is its first finding, with the body and the one replay line', () => {
    const failure = byId('OS-4').children.find((c) => c.name === 'failure')!;
    expect(failure.attributes.message!.startsWith('orderStatus "Completed" is not among the accepted values: answered 200 </pre>')).toBe(true);
    expect(failure.attributes.type).toBe('MUST');
    expect(failure.text).toContain(`curl: ${findingCurl(failingFinding())}`);
    expect(failure.text).toContain(`replay: ${replayCommand(REPLAY, INVOCATION)}`);
    expect(failure.text).toContain('response: HTTP 200\n{"status":true,');
    expect(failure.text).toContain('(+2 more, see certification.json)');
  });

  it('gives an inconclusive or not-run MUST an <error> with its reason: a CI page shows what was not verified', () => {
    expect(children('RP-1')).toEqual([['error', INCONCLUSIVE_REASON, 'inconclusive']]);
    expect(children('AUTH-1')).toEqual([['error', NOT_RUN_REASON, 'not-run']]);
    expect(byId('RP-1').children[0]!.text).toBe(`RP-1 [MUST] inconclusive: ${INCONCLUSIVE_REASON}`);
  });

  it('skips an inconclusive SHOULD and every skipped requirement with the reason; an observed INFO passes', () => {
    expect(children('RP-18')).toEqual([['skipped', INCONCLUSIVE_REASON, undefined]]);
    expect(children('CU-8')).toEqual([['skipped', 'no readBack in the config', undefined]]);
    expect(children('ENV-1')).toEqual([]);
    expect(children('ST-2')).toEqual([]);
    // An INFO requirement's findings are observations: in <system-out>, never a failure.
    const cu12 = byId('CU-12');
    expect(cu12.children.map((c) => c.name)).toEqual(['system-out']);
    expect(cu12.children[0]!.text).toContain(`observed: ids past 2^53: contactId ${BIG_ID}`);
  });

  it('maps every verdict of every level to one outcome', () => {
    const outcome = (level: 'MUST' | 'SHOULD' | 'INFO', status: Parameters<typeof junitOutcome>[0]['status']) => junitOutcome({ level, status });
    expect(
      ['MUST', 'SHOULD', 'INFO'].map((l) =>
        ['passed', 'failed', 'observed', 'inconclusive', 'skipped', 'not-run'].map((s) => outcome(l as 'MUST', s as 'passed')),
      ),
    ).toEqual([
      ['pass', 'failure', 'pass', 'error', 'skipped', 'error'],
      ['pass', 'warning', 'pass', 'skipped', 'skipped', 'skipped'],
      ['pass', 'error', 'pass', 'skipped', 'skipped', 'skipped'],
    ]);
  });

  it('counts failures, errors and skipped in every suite and in the root exactly as its testcases hold them', () => {
    const count = (el: XmlElement, name: string) => findAll(el, 'testcase').filter((c) => c.children.some((x) => x.name === name)).length;
    for (const suite of [root, ...findAll(root, 'testsuite')]) {
      expect(Number(suite.attributes.tests)).toBe(findAll(suite, 'testcase').length);
      expect(Number(suite.attributes.failures)).toBe(count(suite, 'failure'));
      expect(Number(suite.attributes.errors)).toBe(count(suite, 'error'));
      expect(Number(suite.attributes.skipped)).toBe(count(suite, 'skipped'));
    }
    expect([root.attributes.failures, root.attributes.errors]).toEqual(['2', '2']);
    expect(Number(root.attributes.skipped)).toBe(cert.requirements.filter((r) => r.status === 'skipped').length + 1); // + RP-18
  });

  it('keeps an id past 2^53 with its own digits', () => {
    const failure = byId('CU-1').children.find((c) => c.name === 'failure')!;
    expect(failure.attributes.message).toBe(`contactId ${BIG_ID} was not found again`);
    expect(failure.text).toContain(`"contactId":${BIG_ID},"ratio":1.50`);
    expect(text).not.toContain(ROUNDED_BIG_ID);
  });

  it('stays well-formed and inert with markup, escape sequences and ]]> in every field a server fills', () => {
    // parseXml is strict: a control character, a bare & or a stray < throws.
    expect(text).not.toMatch(/<script|<img|<\/pre>|<!\[CDATA\[/);
    for (const c of HOSTILE_CONTROLS) expect(text).not.toContain(c);
    const os4 = byId('OS-4').children[0]!;
    expect(os4.text).toContain('[2J]8;;https://evil.test/click me]8;; \\u202eevil\\u202c 31m ]]><![CDATA[');
    expect(root.attributes.name).toContain('<script>window.__pwned = 1</script>'); // text, once parsed: never markup
  });

  it('stays well-formed when a finding holds control characters XML cannot carry', () => {
    const c = sampleCertification();
    const os4 = c.requirements.find((r) => r.id === 'OS-4')!;
    os4.findings[0] = { ...os4.findings[0]!, title: 'bell \u0007 escape \u001b[31m nul \u0000 end \ud800', received: 'form feed \u000c here' };
    const failure = findAll(parseXml(junitXml(c)), 'failure')[0]!;
    expect(failure.attributes.message).toBe('bell  escape [31m nul  end \ufffd');
  });

  it("gives each testcase the time its requirement's tests took, each suite their sum, and 0 to one no test verified", () => {
    // Every sample test took 5 ms; ENV-1..3 share one test, each counts it.
    expect(byId('OS-4').attributes.time).toBe('0.005');
    expect(byId('ENV-2').attributes.time).toBe('0.005');
    expect(byId('OS-1').attributes.time).toBe('0.000');
    const suite = findAll(root, 'testsuite').find((s) => findAll(s, 'testcase').some((c) => c === byId('ENV-1')))!;
    const sum = findAll(suite, 'testcase').reduce((n, c) => n + Number(c.attributes.time), 0);
    expect(Number(suite.attributes.time)).toBeCloseTo(sum, 6);
    expect(sum).toBeGreaterThan(0);
    // A certificate of an older run kept no time: 0, as before.
    const old = sampleCertification();
    for (const r of old.requirements) delete r.durationMs;
    expect(findAll(parseXml(junitXml(old)), 'testcase').every((c) => c.attributes.time === '0.000')).toBe(true);
  });
});
