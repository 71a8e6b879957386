// The certificate of a replay: its verdict is about the one property it replayed, reproduced or
// not, never a certification of the target; the rest of the catalogue is "not part of this replay".
import { describe, expect, it } from 'vitest';
import { certify } from '../../reports/certify.ts';
import { exitCodeOf } from '../../reports/verdict.ts';
import { runFacts } from '../../reports/records/records.ts';
import { certificateHtml } from '../../reports/render/html/certificate.ts';
import { consoleSummary } from '../../reports/render/console.ts';
import { failingFinding } from './sample.ts';
import { ran, recordedFacts } from './certify-kit.ts';

const REPLAYED = {
  file: 'suites/order-status/validation.test.ts',
  test: 'Plausible statuses outside the six are rejected with 400 [OS-4]',
  property: 0,
  path: 'example:1',
};
const facts = (more = {}) => runFacts(recordedFacts(['order-status'], { selection: [`replay of ${REPLAYED.test}`], replay: REPLAYED, ...more }), null);
const replayedTest = (record = {}, state: 'passed' | 'failed' = 'passed', errors: string[] = []) => ({
  ...ran(['OS-4'], { evidence: { 'OS-4': 1 }, ...record }, state, errors),
  name: REPLAYED.test,
  file: REPLAYED.file,
});

describe('the certificate of a replay', () => {
  it('says the failure was reproduced when the property failed again, exit 1, and names no other requirement', () => {
    const cert = certify({ tests: [replayedTest({ findings: [failingFinding()], findingCounts: { 'OS-4': 1 } }, 'failed')], errors: [] }, facts());
    expect(cert.verdict).toBe('reproduced');
    expect(exitCodeOf(cert.verdict)).toBe(1);
    expect(cert.verdictReason).toMatch(
      /^The failure was reproduced: property 0 of ".+\[OS-4\]" at path example:1 failed again \(OS-4 MUST; 1 finding\(s\), 2 request\(s\)\)\./,
    );
    expect(cert.verdictReason).toContain('not a certification of the target');
    expect(cert.replay).toEqual(REPLAYED);
    // The rest of the catalogue: not part of the replay (not "no test of the selected suites verifies it").
    const others = cert.requirements.filter((r) => r.id !== 'OS-4');
    expect(new Set(others.map((r) => r.status))).toEqual(new Set(['skipped']));
    for (const r of others) expect(r.reason).toBe(`not part of this replay (it replays property 0 of "${REPLAYED.test}" alone)`);
    expect(cert.verdictReason).not.toContain('Scope');
  });

  it('says it was not reproduced when the property passed on its input, exit 0', () => {
    const cert = certify({ tests: [replayedTest()], errors: [] }, facts());
    expect(cert.verdict).toBe('not-reproduced');
    expect(exitCodeOf(cert.verdict)).toBe(0);
    expect(cert.verdictReason).toMatch(/^The failure was not reproduced: .+ passed on its input \(OS-4 passed; 2 request\(s\)\)\./);
  });

  it('is neither when the replayed test did not run or the run broke, and stays interrupted when interrupted', () => {
    const none = certify({ tests: [], errors: [] }, facts());
    expect(none.verdict).toBe('inconclusive');
    expect(none.verdictReason).toContain(`no test of ${REPLAYED.file} named "${REPLAYED.test}" ran to its end`);
    expect(certify({ tests: [replayedTest()], errors: ['worker crashed'] }, facts()).verdict).toBe('inconclusive');
    expect(certify({ tests: [], errors: [] }, facts({ stoppedBy: 'interrupted' })).verdict).toBe('interrupted');
  });

  it('leads its HTML and console with the replay, shows only what it replayed, and counts no skipped MUST', () => {
    const cert = certify({ tests: [replayedTest({ findings: [failingFinding()], findingCounts: { 'OS-4': 1 } }, 'failed')], errors: [] }, facts());
    const html = certificateHtml(cert);
    expect(html).toContain('<p class="verdict reproduced" id="verdict">FAILURE REPRODUCED</p>');
    expect(html).toContain(`<th scope="row">Replay</th><td>property 0 of ${REPLAYED.file}::`);
    expect(html).toContain('Failed again in this replay (1)');
    expect(html).toContain('href="#req-OS-4"');
    expect([...html.matchAll(/<tr class="status-/g)]).toHaveLength(1);
    expect(html).not.toContain('id="summary"'); // no "48 MUST skipped"
    expect(certificateHtml({ ...cert, replay: undefined })).toContain('id="summary"');
    expect(html).toContain(`The other ${cert.requirements.length - 1} requirements of the catalogue are not part of this replay`);
    const lines = consoleSummary(cert, undefined, Infinity).split('\n');
    expect(lines[1]).toBe(
      `replay of one property (not a certification of the target): property 0 of ${REPLAYED.file}::${REPLAYED.test}, its input at path example:1 alone`,
    );
    expect(lines).toContain(`replayed: OS-4 [MUST] failed; the other ${cert.requirements.length - 1} requirements are not part of the replay`);
    expect(lines.join('\n')).not.toMatch(/MUST \d+ passed, \d+ failed/);
    expect(lines.at(-2)).toBe('failed again: OS-4');
    expect(lines.at(-1)).toMatch(/^verdict: REPRODUCED: The failure was reproduced/);
  });
});
