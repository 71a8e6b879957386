// What follows a written certificate, by the environment it runs in: the job summary only where
// GITHUB_STEP_SUMMARY names a file (appended after what earlier steps wrote), the annotations only
// where GITHUB_ACTIONS=true, the history line only with --history and never for a replay or a shard.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { afterRun } from '../../../bin/cli/after-run.ts';
import { readHistory } from '../../../reports/history/history-line.ts';
import { sampleCertification } from '../../reports/sample.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'erp-after-run-'));

function after(env: NodeJS.ProcessEnv, o: { history?: string; cert?: ReturnType<typeof sampleCertification>; warned?: string[] } = {}) {
  const printed: string[] = [];
  const out = tmp();
  afterRun({
    cert: o.cert ?? sampleCertification(),
    out,
    env,
    scrub: (t) => t.replaceAll('erp.test', '[token]'),
    print: (l) => printed.push(l),
    warn: (l) => (o.warned ?? printed).push(l),
    ...(o.history ? { history: o.history } : {}),
  });
  return printed;
}

describe('after the certificate', () => {
  it('writes nothing and prints nothing outside CI without --history', () => {
    expect(after({})).toEqual([]);
  });

  it('appends the job summary where GITHUB_STEP_SUMMARY names a file, scrubbed, and annotates only on GitHub', () => {
    const summary = path.join(tmp(), 'summary.md');
    writeFileSync(summary, 'before\n');
    expect(after({ GITHUB_STEP_SUMMARY: summary })).toEqual([]);
    const md = readFileSync(summary, 'utf8');
    expect(md.startsWith('before\n## erp-conformance: NOT CERTIFIED')).toBe(true);
    expect(md).not.toContain('erp.test');
    const printed = after({ GITHUB_ACTIONS: 'true' });
    expect(printed.map((l) => l.slice(0, 7))).toEqual(['::error', '::error']);
    expect(printed.join('\n')).not.toContain('erp.test');
  });

  it('appends the history line, and none for a replay or a shard (saying so)', () => {
    const file = path.join(tmp(), 'h', 'history.jsonl');
    expect(after({}, { history: file })[0]).toBe(`history: this run's line appended to ${file} (erp-conformance report --trend ${file} plots them)`);
    expect(readHistory(file).lines[0]!.target.baseUrl).toBe('http://[token]');
    const other = path.join(tmp(), 'other.jsonl');
    const replay = { ...sampleCertification(), replay: { file: 'f', test: 't', property: 0, path: '0' } };
    expect(after({}, { history: other, cert: replay })[0]).toContain('left as it is (a replay is no run of the target)');
    expect(after({}, { history: other, cert: { ...sampleCertification(), shard: '1/2' } })[0]).toContain('a shard is part of a run');
    expect(existsSync(other)).toBe(false);
  });

  it('says a file it cannot write, and goes on: no crash after the run', () => {
    const dir = tmp();
    const warned: string[] = [];
    // A folder where a file is expected: EISDIR on any machine, whoever runs the test.
    const printed = after({ GITHUB_STEP_SUMMARY: dir, GITHUB_ACTIONS: 'true' }, { history: dir, warned });
    expect(warned).toEqual([
      `erp-conformance: cannot write the history line to ${dir} (EISDIR); the verdict stands`,
      `erp-conformance: cannot write the job summary to ${dir} (EISDIR); the verdict stands`,
    ]);
    expect(printed.map((l) => l.slice(0, 7))).toEqual(['::error', '::error']);
  });
});
