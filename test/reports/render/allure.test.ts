// Allure: each finding's exchange (JSON), curl and replay lines (text) are attached, inert; once the
// certificate is made, the results allure-vitest wrote are brought in line with its verdicts.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findingAttachments } from '../../../reports/render/allure-labels.ts';
import { allureStatus, annotateAllureResults } from '../../../reports/render/allure-results.ts';
import { replayCommand } from '../../../reports/render/replay.ts';
import { failingFinding, HOSTILE, HOSTILE_CONTROLS, INCONCLUSIVE_REASON, INVOCATION, REPLAY, sampleCertification } from '../sample.ts';

interface Result {
  name: string;
  status: string;
  statusDetails: { message?: string; trace?: string };
  labels: { name: string; value: string }[];
  attachments: { name: string; source: string; type: string }[];
  steps: { name: string; attachments: { name: string; source: string; type: string }[] }[];
}

function result(uuid: string, name: string, status: string, ids: string[], message?: string): Result & { uuid: string } {
  return {
    uuid,
    name,
    status,
    statusDetails: message ? { message, trace: message } : {},
    labels: [{ name: 'framework', value: 'vitest' }, ...ids.map((value) => ({ name: 'tag', value }))],
    attachments: [],
    steps: [],
  };
}

function resultsDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-allure-'));
  const write = (r: Result & { uuid: string }) => writeFileSync(path.join(dir, `${r.uuid}-result.json`), JSON.stringify(r));
  write(result('a', REPLAY.test, 'failed', ['OS-4'], `1 finding(s):\nOS-4 ${HOSTILE}`));
  write(result('b', 'Dates within the range [RP-1, RP-18]', 'passed', ['RP-1', 'RP-18']));
  write(result('c', 'Master data strictness [CU-12]', 'passed', ['CU-12']));
  write(result('d', 'Every success is the envelope [ENV-1, ENV-2, ENV-3]', 'passed', ['ENV-1', 'ENV-2', 'ENV-3']));
  writeFileSync(path.join(dir, 'e-attachment.txt'), `curl ... ${HOSTILE}`);
  return dir;
}

const read = (dir: string, uuid: string) => JSON.parse(readFileSync(path.join(dir, `${uuid}-result.json`), 'utf8')) as Result;
const tags = (r: Result) => r.labels.filter((l) => l.name === 'tag').map((l) => l.value);

describe('Allure attachments of a finding', () => {
  it('attaches the exchange as JSON, and the curl and replay lines as inert text', () => {
    expect(findingAttachments([failingFinding()]).map((a) => a.name)).toEqual(['OS-4 finding 1: exchange', 'OS-4 finding 1: curl']); // replay: added with the certificate
    const list = findingAttachments([failingFinding()], { invocation: INVOCATION });
    expect(list.map((a) => [a.name, a.contentType])).toEqual([
      ['OS-4 finding 1: exchange', 'application/json'],
      ['OS-4 finding 1: curl', 'text/plain'],
      ['OS-4 finding 1: replay', 'text/plain'],
    ]);
    expect(list[2]!.content).toBe(replayCommand(REPLAY, INVOCATION));
    expect(JSON.parse(list[0]!.content).response.headers['x-evil']).toBe('"><script>window.__pwned = 3</script>\u001b[31m'); // the same value, escaped as JSON
    for (const a of list) for (const c of HOSTILE_CONTROLS) expect(a.content).not.toContain(c);
  });
});

describe('allure-results in line with the certificate', () => {
  const cert = sampleCertification();

  it('maps a passed test with a MUST not verified to broken; a failure stays failed', () => {
    expect(allureStatus('passed', [{ level: 'MUST', status: 'inconclusive' }])).toBe('broken');
    expect(
      allureStatus('passed', [
        { level: 'MUST', status: 'not-run' },
        { level: 'SHOULD', status: 'passed' },
      ]),
    ).toBe('broken');
    expect(
      allureStatus('passed', [
        { level: 'SHOULD', status: 'inconclusive' },
        { level: 'INFO', status: 'observed' },
      ]),
    ).toBe('passed');
    expect(allureStatus('failed', [{ level: 'MUST', status: 'inconclusive' }])).toBe('failed');
    expect(allureStatus('skipped', [])).toBe('skipped');
  });

  it('marks an inconclusive MUST broken with its reason, tags every verdict, attaches the replay line and makes messages inert', () => {
    const dir = resultsDir();
    expect(annotateAllureResults(dir, cert)).toBe(4);
    const rp = read(dir, 'b');
    expect(rp.status).toBe('broken');
    expect(rp.statusDetails.message).toBe(
      `Not verified (no verdict without evidence):\nRP-1 [MUST] inconclusive: ${INCONCLUSIVE_REASON}\nRP-18 [SHOULD] inconclusive: ${INCONCLUSIVE_REASON}`,
    );
    expect(tags(rp)).toEqual(['RP-1', 'RP-18', 'RP-1 inconclusive', 'RP-18 inconclusive']);
    const cu12 = read(dir, 'c');
    expect([cu12.status, tags(cu12)]).toEqual(['passed', ['CU-12', 'CU-12 observed']]);
    expect(read(dir, 'd').status).toBe('passed');

    const os4 = read(dir, 'a');
    expect(os4.status).toBe('failed');
    expect(tags(os4)).toContain('OS-4 failed');
    for (const c of HOSTILE_CONTROLS) expect(os4.statusDetails.message! + os4.statusDetails.trace!).not.toContain(c);
    expect(os4.statusDetails.message).toContain('\\u001b[2J');
    const replay = os4.attachments.find((a) => a.name.endsWith(': replay'))!;
    expect(replay.type).toBe('text/plain');
    expect(readFileSync(path.join(dir, replay.source), 'utf8')).toBe(replayCommand(REPLAY, INVOCATION));
    const curl = readFileSync(path.join(dir, 'e-attachment.txt'), 'utf8');
    for (const c of HOSTILE_CONTROLS) expect(curl).not.toContain(c);
  });

  it("changes nothing more when run again, and judges again from vitest's status under a later certificate", () => {
    const dir = resultsDir();
    annotateAllureResults(dir, cert);
    const files = () => Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));
    const once = files();
    expect(annotateAllureResults(dir, cert)).toBe(0);
    expect(files()).toEqual(once);
    // A merge in which RP-1 passed (another shard's test saw a transaction): broken no more.
    const merged = {
      ...cert,
      requirements: cert.requirements.map((r) => (r.id === 'RP-1' || r.id === 'RP-18' ? { ...r, status: 'passed' as const, reason: undefined } : r)),
    };
    annotateAllureResults(dir, merged);
    const rp = read(dir, 'b');
    expect([rp.status, rp.statusDetails.message, tags(rp)]).toEqual(['passed', undefined, ['RP-1', 'RP-18', 'RP-1 passed', 'RP-18 passed']]);
  });
});
