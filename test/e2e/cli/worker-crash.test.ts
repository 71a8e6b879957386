// The real CLI whose suite worker dies mid-run: killed from outside (SIGKILL to the worker's pid,
// as a kill or the system's out-of-memory killer does, while the `hold` switch keeps one report
// file's tests running: no race with the run's end), or out of memory at its heap cap (the
// test-only switch of runtime/worker-fault.ts makes a report test allocate until it dies). The run
// ends with its certificate: not certified (exit 1), a run error that names the cause and the suite
// files it was running, and every requirement whose tests had not finished "not run" with that
// cause, never "no test of the selected suites verifies it". Waits are on output markers.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Certification } from '../../../reports/model.ts';
import { FAULT_EXIT_CODE, WORKER_FAULT_ENV } from '../../../runtime/worker-fault.ts';
import { itWhole } from '../../tiers.ts';
import { childrenOf, pollUntil, startCli, tempDir, type RunProcess } from './run-process.ts';

/** The report file whose tests the `hold` fault keeps running until the kill (the first of the report files by name). */
const HELD = 'suites/report/branch-text.test.ts';
/** The other report files: their tests run beside the held ones (one wave), each prints its line as it ends. */
const OTHERS = readdirSync(join(import.meta.dirname, '../../../suites/report'))
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `suites/report/${f}`)
  .filter((f) => f !== HELD);
/** A file's line, once its tests ended. */
const ended = (file: string) => new RegExp(`^ {2}${file.replace(/[./]/g, '\\$&')} +\\d+ tests`, 'm');
/** The suite worker: vitest's forks entry point, a child of the CLI's process. */
const WORKER = /vitest\/dist\/workers\/forks\.js/;
/** The run's own ceiling: a run of the report suite alone takes well under a minute on a quiet machine. */
const CEILING_MS = 180_000;
/**
 * The runs' flags: the report suite alone, 3 runs per property (not the embedded reference's 100: the
 * crash and the resume are the proof, not the count of generated cases).
 */
const FLAGS = ['--only', 'RP', '--num-runs', '3', '--quiet', '--no-allure'];

/** The run's exit and its certificate, once it ended. */
async function ending(run: RunProcess, out: string): Promise<Certification> {
  const { code } = await run.exited;
  expect(code, run.output()).toBe(1);
  expect(existsSync(join(out, 'certification.html'))).toBe(true);
  return JSON.parse(readFileSync(join(out, 'certification.json'), 'utf8')) as Certification;
}

/** Not certified for the crash `cause`; every requirement not verified is not run because of it. */
function expectCrash(cert: Certification, run: RunProcess, cause: RegExp) {
  expect(cert.verdict).toBe('not-certified');
  expect(cert.errors).toEqual([expect.stringMatching(cause)]);
  expect(cert.verdictReason).toMatch(/MUST requirement\(s\) not run\./);
  const notRun = cert.requirements.filter((r) => r.status === 'not-run');
  expect(notRun.length).toBeGreaterThan(0);
  for (const r of notRun) expect(r.reason, r.id).toMatch(cause);
  expect(cert.requirements.filter((r) => /no test of the selected suites/.test(r.reason ?? ''))).toEqual([]);
  // Nothing the crash cut short is a failure.
  expect(cert.requirements.filter((r) => r.status === 'failed')).toEqual([]);
  // The console names the crash in the same words, not in vitest's own line.
  expect(run.output()).toMatch(/Run errors:\n {2}error: the suite worker /);
  expect(run.output()).not.toMatch(/vitest-pool/);
}

describe('run, its suite worker dead mid-run', () => {
  itWhole(
    'killed by SIGKILL: the certificate names the signal and the suite files, their requirements not run; --resume verifies them',
    async () => {
      const out = tempDir('erp-crash-kill-');
      // The held file's tests started with the others (one wave), and the run has heard one other file end, so it heard
      // them start before (the worker's messages come in order): whenever the kill comes, they run. Other files may
      // still run too (with branch-text held, id-filters and instant at times never ended): the certificate names the
      // running files sorted, the held one first.
      const run = startCli(['run', '--out', out, ...FLAGS], { ceilingMs: CEILING_MS, env: { [WORKER_FAULT_ENV]: `hold@${HELD}` } });
      expect(OTHERS.length).toBeGreaterThan(0);
      expect([HELD, ...OTHERS].sort()[0]).toBe(HELD);
      await run.waitFor(new RegExp(OTHERS.map((file) => ended(file).source).join('|'), 'm'));
      let workers: number[] = [];
      expect(await pollUntil(() => (workers = childrenOf(run.child.pid!, WORKER)).length === 1, 10_000)).toBe(true);
      process.kill(workers[0]!, 'SIGKILL');
      const cert = await ending(run, out);
      expectCrash(cert, run, /the suite worker was killed by SIGKILL \(sent from outside the run: .*\) while running suites\/report\/branch-text\.test\.ts\b/);
      // The console says how to go on, and going on verifies what the crash left not run.
      expect(run.output()).toContain(`to go on with what is not yet verified: erp-conformance run --resume ${out}`);
      const notRun = cert.requirements.filter((r) => r.status === 'not-run').map((r) => r.id);
      const resumed = startCli(['run', '--resume', out, '--quiet', '--no-allure'], { ceilingMs: CEILING_MS });
      expect((await resumed.exited).code, resumed.output()).toBe(0);
      const whole = JSON.parse(readFileSync(join(out, 'certification.json'), 'utf8')) as Certification;
      expect(whole.errors ?? []).toEqual([]);
      expect(whole.requirements.filter((r) => notRun.includes(r.id) && r.status === 'not-run')).toEqual([]);
      // A selection (--only RP) passes whole; part 1's row keeps what ended it.
      expect(whole.verdict).toBe('selection-passed');
      expect(resumed.output().replace(/\s+/g, ' ')).toMatch(
        /part 1 \([^)]*\): \d+ requests[^;]*(; [^,;]*)?, ended when the suite worker was killed by SIGKILL/,
      );
    },
    2 * CEILING_MS + 20_000,
  );

  it(
    'out of memory at its heap cap: the certificate says so, with the cap and the report files it ran',
    async () => {
      const out = tempDir('erp-crash-oom-');
      const run = startCli(['run', '--out', out, ...FLAGS], {
        ceilingMs: CEILING_MS,
        env: { [WORKER_FAULT_ENV]: 'oom@suites/report/' },
      });
      const cert = await ending(run, out);
      expectCrash(cert, run, /the suite worker ran out of memory \(heap limit 256 MB\) while running suites\/report\//);
      // What V8 said is kept in the run's log.
      expect(readFileSync(join(out, 'vitest.log'), 'utf8')).toMatch(/JavaScript heap out of memory/);
    },
    CEILING_MS + 20_000,
  );

  // The whole set only (test/tiers.ts): another way to die, after the two above.
  itWhole(
    'exiting with a code of its own: the certificate names the code',
    async () => {
      const out = tempDir('erp-crash-exit-');
      const run = startCli(['run', '--out', out, ...FLAGS], {
        ceilingMs: CEILING_MS,
        env: { [WORKER_FAULT_ENV]: 'exit@suites/report/' },
      });
      const cert = await ending(run, out);
      expectCrash(cert, run, new RegExp(`the suite worker exited with code ${FAULT_EXIT_CODE} while running suites/report/`));
    },
    CEILING_MS + 20_000,
  );
});
