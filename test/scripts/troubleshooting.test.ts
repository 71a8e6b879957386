// docs/troubleshooting.md is complete by construction: every exit code and verdict has a line
// (typed records, scripts/troubleshooting/reasons.ts), and every problem and note the preflight
// writes, and every reason the harness, the run's records and the certificate write for a requirement
// not verified, is covered by an entry whose words the code still writes (read from the source by
// said.ts): a new message without an entry fails here, and so does an entry whose message is gone.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../core/exit-codes.ts';
import { generatedPages, ROOT } from '../../scripts/docs.ts';
import { PREFLIGHT, type Saying } from '../../scripts/troubleshooting/preflight.ts';
import { REASONS, VERDICT_TODO } from '../../scripts/troubleshooting/reasons.ts';
import { said, type Sayings } from './said.ts';

const PREFLIGHT_DIR = 'engine/phases/preflight';
const preflightSays: [string, Sayings][] = [
  ...readdirSync(path.join(ROOT, PREFLIGHT_DIR)).map((f): [string, Sayings] => [
    `${PREFLIGHT_DIR}/${f}`,
    { calls: { push: 0 }, properties: ['problem', 'note'], returnsOf: (name) => name.endsWith('Note') },
  ]),
  ['config/operations.ts', { returnsOf: (name) => name === 'readBackEntriesNote' }],
];
const reasonSays: [string, Sayings][] = [
  ['runtime/harness.ts', { calls: { inconclusive: 1 }, assigned: ['notRun', 'skipReason'] }],
  ['runtime/verifies.ts', { assigned: ['notRun'] }],
  ['reports/certify.ts', { properties: ['reason'] }],
  ['reports/records/records.ts', { constants: ['STOPPED_REASONS'], properties: ['unselectedReason'] }],
  ['reports/records/parts.ts', { properties: ['notRun'] }],
  ['reports/crash.ts', { returnsOf: (name) => name === 'crashReason' }],
  ['engine/phases/plan/requirements.ts', { constants: ['NOT_PLANNED'] }],
];

/** [file, words] the code says that no entry covers, and the entries that cover nothing it says. */
function coverage(sources: [string, Sayings][], entries: readonly Saying[]) {
  const all = sources.flatMap(([file, where]) => said(file, where).map((text) => [file, text] as const));
  return {
    all,
    uncovered: all.filter(([, text]) => !entries.some((e) => text.includes(e.says))).map(([file, text]) => `${file}: ${text}`),
    stale: entries.filter((e) => !all.some(([, text]) => text.includes(e.says))).map((e) => e.says),
  };
}

describe('docs/troubleshooting.md', () => {
  const page = generatedPages()['docs/troubleshooting.md']!;

  it('covers every problem and note the preflight writes, and no message it no longer writes', () => {
    const { all, uncovered, stale } = coverage(preflightSays, PREFLIGHT);
    expect(all.length).toBeGreaterThan(35);
    expect(uncovered, 'preflight messages without an entry in scripts/troubleshooting/preflight.ts').toEqual([]);
    expect(stale, 'entries of scripts/troubleshooting/preflight.ts whose words the preflight no longer writes').toEqual([]);
    // The refused write of issue 42, by its key.
    expect(page).toMatch(/\| `its configured request \(` \| `operations\["<name>"\]` \|/);
  });

  it('covers every reason the harness, the records and the certificate write, and none they no longer write', () => {
    const { all, uncovered, stale } = coverage(reasonSays, REASONS);
    expect(all.length).toBeGreaterThan(25);
    expect(uncovered, 'reasons without an entry in scripts/troubleshooting/reasons.ts').toEqual([]);
    expect(stale, 'entries of scripts/troubleshooting/reasons.ts whose words the code no longer writes').toEqual([]);
  });

  it('has a line for every exit code and every verdict, with what to do', () => {
    for (const [name, code] of Object.entries(EXIT)) expect(page).toMatch(new RegExp(`^\\| ${code} \\| \`${name}\` \\| [^|]+ \\| [^|]+ \\|$`, 'm'));
    for (const verdict of Object.keys(VERDICT_TODO)) expect(page).toContain(`| \`${verdict}\` |`);
  });

  it('finds a message that has no entry (the scan itself)', () => {
    const { uncovered } = coverage(preflightSays, PREFLIGHT.slice(1));
    expect(uncovered).toEqual([expect.stringMatching(/preflight\.ts: … does not answer: …: …$/)]);
  });
});
