// A resume keeps its scope, through the real CLI: a `run --only CU,RL --with-load` against the embedded
// reference (its rate-limit pass under the reference's small probe limit) is interrupted by SIGINT
// to its process group at three points, each chosen by what the run shows: the first line (the
// preflight under way), a suite file's line (the functional pass under way), rate-limit.json in
// --out (the load pass's probe ended, its burst and load not). `run --resume` then ends each with
// RL-1 in scope and verified as the uninterrupted run verified it, and with its selection. The
// selection is the smallest functional suite with more than one file (customer) and the rate
// limits: a functional pass under way, a load pass, and a selection the resume must keep as well.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Certification } from '../../../reports/model.ts';
import { AFTER_SIGNAL_MS, EXIT_AFTER, SUITES_RUNNING } from './interrupted-kit.ts';
import { pollUntil, startCli, tempDir, type RunProcess } from './run-process.ts';
import { WHOLE_FILE } from '../../tiers.ts';

/** The run's selection: the customer suite (eleven files, the fewest requests) and the rate limits. */
const ONLY = 'CU,RL';
/** Few runs per property: three interrupted runs, their resumes and one uninterrupted run in a few minutes. */
const FLAGS = ['--only', ONLY, '--quiet', '--no-allure', '--num-runs', '3'];
const CEILING_MS = 240_000;

/** When to interrupt: once the run shows `marker` (its output) or has written `file` (in --out). */
interface Point {
  name: string;
  reached: (run: RunProcess, out: string) => Promise<boolean>;
}
const POINTS: Point[] = [
  { name: 'the preflight (the first line)', reached: (run) => run.waitFor(/^running /m).then(() => true) },
  { name: 'the functional pass (a suite file ended)', reached: (run) => run.waitFor(SUITES_RUNNING).then(() => true) },
  { name: 'the load pass (the probe wrote rate-limit.json)', reached: (_run, out) => pollUntil(() => existsSync(join(out, 'rate-limit.json')), CEILING_MS) },
];

const certificate = (dir: string) => JSON.parse(readFileSync(join(dir, 'certification.json'), 'utf8')) as Certification;
/** The scope of a certificate: its selection, and the verdict's sentence that names it. */
const scopeOf = (c: Certification) => ({ selection: c.selection, names: c.verdictReason.includes(`the selection --only ${ONLY} `) });
const rl = (c: Certification) => Object.fromEntries(c.requirements.filter((r) => r.id.startsWith('RL-')).map((r) => [r.id, r.status]));

async function cli(args: string[]): Promise<{ code: number | null; output: string }> {
  const run = startCli(args, { ceilingMs: CEILING_MS });
  const { code } = await run.exited;
  return { code, output: run.output() };
}

describe('run --resume of an interrupted --with-load run keeps its scope', WHOLE_FILE, () => {
  let uncut: Certification;
  let uncutCode: number | null;
  beforeAll(async () => {
    const out = tempDir('erp-resume-scope-uncut-');
    const run = await cli(['run', '--with-load', '--out', out, ...FLAGS]);
    uncutCode = run.code;
    uncut = certificate(out);
    expect(uncut.stoppedBy, run.output).toBeUndefined();
    expect(uncut.requirements.find((r) => r.id === 'RL-1')!.status, run.output).toBe('passed');
    expect(scopeOf(uncut), uncut.verdictReason).toEqual({ selection: ONLY.split(','), names: true });
  }, CEILING_MS);

  it.each(POINTS)(
    'interrupted in $name, then resumed: RL-1 in scope, the selection of the uninterrupted run',
    async ({ reached }) => {
      const dir = tempDir('erp-resume-scope-cut-');
      const run = startCli(['run', '--with-load', '--out', dir, ...FLAGS], { ceilingMs: CEILING_MS });
      expect(await reached(run, dir), run.output()).toBe(true);
      run.signal('SIGINT');
      const ended = await Promise.race([run.exited, new Promise<undefined>((r) => setTimeout(() => r(undefined), AFTER_SIGNAL_MS))]);
      expect(ended?.code, run.output()).toBe(EXIT_AFTER.SIGINT);
      const cut = certificate(dir);
      expect(cut.stoppedBy, run.output()).toBe('interrupted');
      expect(cut.requirements.find((r) => r.id === 'RL-1')!.status).not.toBe('skipped');

      const resumed = await cli(['run', '--resume', dir, '--quiet', '--no-allure']);
      // The first line names the scope of the run it resumes, and nothing given anew narrows it.
      const first = resumed.output.split('\n')[0]!;
      expect(first).toMatch(
        new RegExp(`^resuming ${dir} \\(its scope: --only ${ONLY} with --with-load, ${uncut.numRuns} runs per property, seed ${uncut.seed}\\)`),
      );
      expect(first).not.toMatch(/narrowed/);
      const whole = certificate(dir);
      expect(whole.stoppedBy, resumed.output).toBeUndefined();
      expect(resumed.code, resumed.output).toBe(uncutCode);
      expect(whole.verdict).toBe(uncut.verdict);
      expect(rl(whole), resumed.output).toEqual(rl(uncut));
      expect(whole.requirements.find((r) => r.id === 'RL-1')!.reason ?? '').not.toMatch(/no test of the selected suites|out of scope/);
      expect(scopeOf(whole), whole.verdictReason).toEqual(scopeOf(uncut));
      expect(whole.parts!.map((p) => p.stoppedBy ?? 'ended')).toEqual(['interrupted', 'ended']);
    },
    2 * CEILING_MS,
  );
});
