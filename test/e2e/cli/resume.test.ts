// `run --resume DIR` through the real CLI: a run cut by its budget, resumed in parts of the same
// length (nightly jobs of fixed length), ends with the verdict of an uncut run, requirement by
// requirement, and its certificate says which part verified what and how many requests each sent.
// The target sits behind a proxy that answers a fixed number of requests per budgeted part and then
// holds every later one: each budgeted part is cut by its budget whatever the machine's speed (its
// requests wait longer than the budget), and the last part, let through, ends the run.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceServer } from '../../../reference/server.ts';
import type { Certification } from '../../../reports/model.ts';
import type { RunRecords } from '../../../reports/records/records.ts';
import { holdingProxy, type HoldingProxy } from './holding-proxy.ts';
import { inProcess } from './in-process.ts';
import { startCli, tempDir } from './run-process.ts';
import { WHOLE_FILE } from '../../tiers.ts';

const FLAGS = ['--quiet', '--no-allure', '--num-runs', '5'];
/** Answers a budgeted part gets before the proxy holds: a part of a run of ~1,400 requests. */
const ANSWERS_PER_PART = 200;
/** Each budgeted part's budget: long enough for a loaded machine to start a run and send requests. */
const BUDGET_S = '20';
/** Held requests wait past the budget: the budget, not a timeout, ends the part. */
const TIMEOUT_MS = 120_000;

const read = <T>(dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as T;
// An INFO requirement is recorded, never judged, and one may read what other tests of the run left
// (ST-2 probes the vouchers the walks took): a cut between those tests and it leaves the resumed
// part nothing to record. Observed and inconclusive INFO verdicts are one here; MUST and SHOULD
// verdicts, and every not-run or skipped one, are compared as they are.
const statuses = (c: Certification) =>
  Object.fromEntries(c.requirements.map((r) => [r.id, r.level === 'INFO' && r.status === 'inconclusive' ? 'observed' : r.status]));

async function cli(args: string[]): Promise<{ code: number | null; output: string }> {
  const run = startCli(args, { ceilingMs: 300_000 });
  const { code } = await run.exited;
  return { code, output: run.output() };
}

/** A config of the reference at `baseUrl` (a reference of its own per run: the same data each time). */
function configFile(ref: ReferenceServer, baseUrl: string, dir: string): string {
  const base = ref.runConfig();
  const file = join(dir, 'erp.config.json');
  writeFileSync(file, JSON.stringify({ ...base, target: { ...base.target, baseUrl, timeoutMs: TIMEOUT_MS } }));
  return file;
}

describe('run --resume', WHOLE_FILE, () => {
  let uncut: Certification;
  let uncutCode: number | null;
  let out: string;
  let ref: ReferenceServer;
  let cutRef: ReferenceServer;
  let proxy: HoldingProxy;
  beforeAll(async () => {
    [ref, cutRef] = await Promise.all([startReference({ port: 0 }), startReference({ port: 0 })]);
    proxy = await holdingProxy(cutRef.url);
    out = tempDir('erp-resume-uncut-');
    uncutCode = (await cli(['run', '--config', configFile(ref, ref.url, out), '--out', out, ...FLAGS])).code;
    uncut = read<Certification>(out, 'certification.json');
  }, 300_000);
  afterAll(async () => {
    await proxy?.close();
    await Promise.all([ref?.close(), cutRef?.close()]);
  });

  it('a run cut by its budget and resumed gives the verdict of the uncut run, requirement by requirement', async () => {
    expect(uncut.stoppedBy).toBeUndefined();
    const dir = tempDir('erp-resume-cut-');
    proxy.holdAfter(ANSWERS_PER_PART);
    const first = await cli(['run', '--config', configFile(cutRef, proxy.url, dir), '--out', dir, ...FLAGS, '--max-duration', BUDGET_S]);
    const cut = read<Certification>(dir, 'certification.json');
    expect(cut.stoppedBy, first.output).toBe('budget');
    expect(first.output).toContain(`erp-conformance run --resume ${dir}`);
    const notVerified = cut.requirements.filter((r) => r.status === 'not-run').length;
    expect(notVerified).toBeGreaterThan(0);

    // Part 2 is cut the same way; part 3, let through, ends the run.
    proxy.holdAfter(ANSWERS_PER_PART);
    const second = await cli(['run', '--resume', dir, '--quiet', '--no-allure', '--max-duration', BUDGET_S]);
    expect(read<Certification>(dir, 'certification.json').stoppedBy, second.output).toBe('budget');
    // The run's budget comes back with its checkpoint: the last part gives one anew to end the run.
    proxy.pass();
    const last = await cli(['run', '--resume', dir, '--quiet', '--no-allure', '--max-duration', '900']);
    const whole = read<Certification>(dir, 'certification.json');
    expect(whole.stoppedBy, last.output).toBeUndefined();
    expect(whole.verdict).toBe(uncut.verdict);
    expect(last.code).toBe(uncutCode);
    expect(statuses(whole)).toEqual(statuses(uncut));
    expect(whole.seed).toBe(uncut.seed);

    // Which part verified what, when, and the requests each sent.
    const parts = whole.parts!;
    expect(parts.map((p) => p.stoppedBy ?? 'ended')).toEqual(['budget', 'budget', 'ended']);
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
