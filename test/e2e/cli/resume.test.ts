// `run --resume DIR` through the real CLI: a run cut at half its budget, resumed in parts of the
// same length (nightly jobs of fixed length), ends with the verdict of an uncut run, requirement
// by requirement, and its certificate says which part verified what and how many requests each
// sent. An interrupted run resumes the same way. Budgets are derived from the uncut run measured
// here (the machine may be loaded); parts are capped, the last one without a budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Certification } from '../../../reports/model.ts';
import type { RunRecords } from '../../../reports/records/records.ts';
import { inProcess } from './in-process.ts';
import { startCli, tempDir } from './run-process.ts';

const FLAGS = ['--quiet', '--no-allure', '--num-runs', '5'];
/** Budgeted parts after the first, before one without a budget ends the run whatever the load. */
const MAX_BUDGETED_PARTS = 1;

const read = <T>(dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as T;
// An INFO requirement is recorded, never judged, and one may read what other tests of the run left
// (ST-2 probes the vouchers the walks took): a cut between those tests and it leaves the resumed
// part nothing to record. Observed and inconclusive INFO verdicts are one here; MUST and SHOULD
// verdicts, and every not-run or skipped one, are compared as they are.
const statuses = (c: Certification) =>
  Object.fromEntries(c.requirements.map((r) => [r.id, r.level === 'INFO' && r.status === 'inconclusive' ? 'observed' : r.status]));

async function cli(args: string[]): Promise<{ code: number | null; output: string }> {
  const run = startCli(args);
  const { code } = await run.exited;
  return { code, output: run.output() };
}

describe('run --resume', () => {
  let uncut: Certification;
  let uncutCode: number | null;
  let out: string;
  beforeAll(async () => {
    out = tempDir('erp-resume-uncut-');
    uncutCode = (await cli(['run', '--out', out, ...FLAGS])).code;
    uncut = read<Certification>(out, 'certification.json');
  }, 300_000);

  it('a run cut at half its budget and resumed gives the verdict of the uncut run, requirement by requirement', async () => {
    expect(uncut.stoppedBy).toBeUndefined();
    const budget = String(Math.max(1, Math.floor(uncut.durationMs / 2000)));
    const dir = tempDir('erp-resume-cut-');
    const first = await cli(['run', '--out', dir, ...FLAGS, '--max-duration', budget]);
    const cut = read<Certification>(dir, 'certification.json');
    expect(cut.stoppedBy, first.output).toBe('budget');
    expect(first.output).toContain(`erp-conformance run --resume ${dir}`);
    const notVerified = cut.requirements.filter((r) => r.status === 'not-run').length;
    expect(notVerified).toBeGreaterThan(0);

    let last = first;
    for (let part = 2; part <= 2 + MAX_BUDGETED_PARTS; part++) {
      const budgeted = part <= 1 + MAX_BUDGETED_PARTS;
      last = await cli(['run', '--resume', dir, '--quiet', '--no-allure', ...(budgeted ? ['--max-duration', budget] : [])]);
      if (!read<Certification>(dir, 'certification.json').stoppedBy) break;
    }
    const whole = read<Certification>(dir, 'certification.json');
    expect(whole.stoppedBy, last.output).toBeUndefined();
    expect(whole.verdict).toBe(uncut.verdict);
    expect(last.code).toBe(uncutCode);
    expect(statuses(whole)).toEqual(statuses(uncut));
    expect(whole.seed).toBe(uncut.seed);

    // Which part verified what, when, and the requests each sent.
    const parts = whole.parts!;
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(parts.map((p) => p.index)).toEqual(parts.map((_, i) => i + 1));
    expect(parts[0]!.stoppedBy).toBe('budget');
    expect(parts.at(-1)!.stoppedBy).toBeUndefined();
    for (const p of parts) expect(Date.parse(p.startedAt)).not.toBeNaN();
    expect(parts.slice(1).every((p) => p.requests > 0)).toBe(true);
    // Every requirement verified is verified by exactly one part; together they verified all of them.
    const verified = parts.flatMap((p) => p.verified);
    expect(new Set(verified).size).toBe(verified.length);
    expect(verified.sort()).toEqual(
      whole.requirements
        .filter((r) => r.status !== 'skipped' && r.status !== 'not-run')
        .map((r) => r.id)
        .sort(),
    );
    // What part 1 verified stays as part 1 found it.
    const early = new Set(parts[0]!.verified);
    for (const r of cut.requirements.filter((x) => early.has(x.id))) expect(whole.requirements.find((x) => x.id === r.id)!.evidence).toBe(r.evidence);
    // The HTML and the console say it too.
    const html = readFileSync(join(dir, 'certification.html'), 'utf8');
    expect(html).toContain('id="parts"');
    expect(last.output).toMatch(new RegExp(`The run in ${parts.length} parts`));
    expect(read<RunRecords>(dir, 'records.json').parts).toHaveLength(parts.length);
  }, 900_000);

  it('refuses what would change the run it resumes, and a folder without a run', async () => {
    // Words of the command line: in this process (in-process.ts); the real CLI resumed above.
    const empty = tempDir('erp-resume-none-');
    const none = await inProcess(['run', '--resume', empty]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--resume: cannot read .*records\.json/);
    const seed = await inProcess(['run', '--resume', out, '--seed', '7']);
    expect(seed.code).toBe(2);
    expect(seed.stderr).toMatch(/--resume goes on with the run's own target, seed.*no --seed/);
  }, 120_000);
});
