// A failed run in a GitHub job, as the runner starts it: GITHUB_ACTIONS=true and GITHUB_STEP_SUMMARY
// naming a file. The run against the reference with auth-missing-accepted (AUTH-1, AUTH-10 MUST;
// AUTH-8, AUTH-12 SHOULD), --only AUTH to keep it short, writes the job summary (the verdict, each
// failed MUST and SHOULD with its finding and curl line) and prints an ::error per failed MUST and a
// ::warning per failed SHOULD; --history appends its line; junit.xml gives each testcase its time.
// A whole run (about 20 s): the whole set's. The words of each are the unit tests' (test/reports/render/ci/).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readHistory } from '../../../reports/history/history-line.ts';
import { cli, type CliResult } from './spawn.ts';
import { WHOLE_FILE } from '../../tiers.ts';

const MUSTS = ['AUTH-1', 'AUTH-10'];
const SHOULDS = ['AUTH-8', 'AUTH-12'];

describe('a failed run in a GitHub job', WHOLE_FILE, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-ci-output-'));
  const summary = path.join(dir, 'step-summary.md');
  const history = path.join(dir, 'history.jsonl');
  const out = path.join(dir, 'report');
  let r: CliResult;

  beforeAll(async () => {
    writeFileSync(summary, '# an earlier step wrote this\n');
    r = await cli(
      ['run', '--fault', 'auth-missing-accepted', '--only', 'AUTH', '--num-runs', '5', '--seed', '3', '--out', out, '--history', history, '--quiet'],
      {
        env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary },
        timeoutMs: 240_000,
      },
    );
  }, 250_000);

  it('exits 1 and appends the job summary: the verdict, each failed MUST and SHOULD with its finding and curl line', () => {
    expect(r.code, r.stderr).toBe(1);
    const md = readFileSync(summary, 'utf8');
    expect(md.startsWith('# an earlier step wrote this\n## erp-conformance: NOT CERTIFIED\n')).toBe(true);
    const musts = md.slice(md.indexOf('### Failed MUST requirements (2)'), md.indexOf('### Failed SHOULD'));
    const shoulds = md.slice(md.indexOf('### Failed SHOULD requirements, not counted against the verdict (2)'));
    for (const id of MUSTS) expect(musts).toMatch(new RegExp(`^- \\*\\*${id}\\*\\* \\\\\\[MUST\\\\\\] .+: .*not rejected with 403`, 'm'));
    for (const id of SHOULDS) expect(shoulds).toMatch(new RegExp(`^- \\*\\*${id}\\*\\* \\\\\\[SHOULD\\\\\\]`, 'm'));
    // Each with its curl line against the run's reference, in a code block.
    expect(musts.match(/^ {2}```sh\n {2}curl -sS -X [A-Z]+ 'http:\/\/127\.0\.0\.1:\d+\/api\/v1\//gm)).toHaveLength(2);
    expect(shoulds.match(/^ {2}```sh\n {2}curl /gm)!.length).toBeGreaterThanOrEqual(2);
    expect(md).toContain('### What changed since the baseline\n\nNo baseline was given');
  });

  it('prints an ::error per failed MUST and a ::warning per failed SHOULD, each on one line', () => {
    const lines = r.stdout.split('\n').filter((l) => l.startsWith('::'));
    expect(lines.map((l) => l.match(/^::(error|warning) title=(\S+) \[(MUST|SHOULD)\]/)!.slice(1, 4))).toEqual([
      ...MUSTS.map((id) => ['error', id, 'MUST']),
      ...SHOULDS.map((id) => ['warning', id, 'SHOULD']),
    ]);
    for (const l of lines) expect(l).toMatch(/::.*not rejected with 403.*%0Areproduce: curl /);
  });

  it("appends the run's history line, and each JUnit testcase carries the time of its tests", () => {
    const { lines } = readHistory(history);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.verdict).toBe('not-certified');
    for (const id of [...MUSTS, ...SHOULDS]) expect(lines[0]!.requirements[id]!.status).toBe('failed');
    expect(Object.values(lines[0]!.operations ?? {}).some((o) => (o.p95Ms ?? 0) > 0)).toBe(true);
    expect(r.stdout).toContain(`history: this run's line appended to ${history}`);
    const junit = readFileSync(path.join(out, 'junit.xml'), 'utf8');
    const auth1 = junit.match(/<testcase [^>]*name="AUTH-1 [^"]*" time="([\d.]+)"/)!;
    expect(Number(auth1[1])).toBeGreaterThan(0);
  });
});
