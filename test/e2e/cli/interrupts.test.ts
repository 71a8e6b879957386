// SIGINT and SIGTERM sent to the real CLI's process group (as Ctrl-C in a terminal or a cancelled
// CI job does) at several moments of a run: it ends with certification.json and .html, verdict
// "interrupted", every requirement not verified listed as not run with the reason, exit 130 / 143,
// soon after the signal; a second SIGINT exits at once. Ceilings are generous (a loaded 2-core
// machine); every wait is on a marker in the output. No Allure results but in the whole set's SIGINT case (the
// certificate is what an interrupt must keep; allure-vitest's set-up is start-up cost here). The runs
// that reach the suites take RUNS_PER_PROPERTY: the moment and the resume are the proof, not the count
// of generated cases (the default reference is certified at that count: parts-judged.whole.test.ts).
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_DELIVERY_MS } from '../../../core/signals.ts';
import { HOLD_INTERRUPTED_ENV, HOLDING_LINE } from '../../../engine/control/hold-switch.ts';
import { startReference, type ReferenceServer } from '../../../reference/server.ts';
import type { Certification } from '../../../reports/model.ts';
import { AFTER_SIGNAL_MS, certificate, EXIT_AFTER, expectInterrupted, HELD_RUN, SUITES_RUNNING } from './interrupted-kit.ts';
import { BIN_STARTED, BIN_STARTED_IMPORT, childrenOf, idle, pollUntil, running, startCli, tempDir, type RunProcess } from './run-process.ts';
import { itWhole } from '../../tiers.ts';

/** Runs per property of the runs that reach the suites (the embedded reference's config says 100). */
const RUNS_PER_PROPERTY = ['--num-runs', '3'];

/** Sends `signal` to the run's process group: it exits 130 / 143 within the ceiling, leaving an interrupted certificate in `out`. */
async function interrupt(run: RunProcess, signal: 'SIGINT' | 'SIGTERM', out: string): Promise<Certification> {
  const sent = run.signal(signal);
  const { code, at } = await run.exited;
  expect(code, run.output()).toBe(EXIT_AFTER[signal]);
  expect(at - sent).toBeLessThan(AFTER_SIGNAL_MS);
  const cert = certificate(out);
  expectInterrupted(cert);
  return cert;
}

describe('run, interrupted', () => {
  // The whole set only (test/tiers.ts): the gate sends SIGINT while loading, twice and during
  // the preflight, and SIGTERM in the middle; test/e2e/cli/resume.test.ts resumes a cut run.
  itWhole(
    'SIGINT in the middle of the suites: certificate of what ran, verdict interrupted, exit 130, and the resumed run certified',
    async () => {
      const out = tempDir('erp-int-mid-');
      const run = startCli(['run', '--out', out, '--quiet', ...RUNS_PER_PROPERTY], { env: HELD_RUN });
      await run.waitFor(SUITES_RUNNING);
      const cert = await interrupt(run, 'SIGINT', out);
      // Some of the run was verified before the signal (the suite file that ended had passed).
      expect(cert.summary.MUST.passed + cert.summary.SHOULD.passed).toBeGreaterThan(0);
      expect(run.output()).toMatch(/verdict: INTERRUPTED/);

      // The interrupted run goes on where it stopped (a fresh reference, the same seed) and ends certified.
      const resumed = startCli(['run', '--resume', out, '--quiet', '--no-allure']);
      const end = await resumed.exited;
      expect(end.code, resumed.output()).toBe(0);
      const whole = certificate(out);
      expect(whole.verdict).toBe('certified');
      expect(whole.parts?.map((p) => p.stoppedBy ?? 'ended')).toEqual(['interrupted', 'ended']);
      expect(whole.parts![0]!.verified.length).toBeGreaterThan(0);
    },
    400_000,
  );

  it('SIGTERM in the middle of the suites: the same, exit 143', async () => {
    const out = tempDir('erp-int-term-');
    const run = startCli(['run', '--out', out, '--quiet', '--no-allure', ...RUNS_PER_PROPERTY], { env: HELD_RUN });
    await run.waitFor(SUITES_RUNNING);
    await interrupt(run, 'SIGTERM', out);
  }, 300_000);

  // An interrupted run writes its certificate at once (it does not wait for answers on their way):
  // the hold switch (engine/control/hold-switch.ts) keeps it before the writing, so the second
  // SIGINT, later than the same instant (core/signals.ts), provably meets a run that still runs.
  itWhole(
    'a second, later SIGINT exits at once, still with 130, without the certificate',
    async () => {
      const dir = tempDir('erp-int-twice-');
      const out = join(dir, 'report');
      const run = startCli(['run', '--out', out, '--quiet', '--no-allure', ...RUNS_PER_PROPERTY], { env: { [HOLD_INTERRUPTED_ENV]: join(dir, 'never') } });
      await run.waitFor(SUITES_RUNNING);
      run.signal('SIGINT');
      await run.waitFor(new RegExp(HOLDING_LINE.replace(/[()]/g, '\\$&')), AFTER_SIGNAL_MS);
      await new Promise((r) => setTimeout(r, SAME_DELIVERY_MS));
      const again = run.signal('SIGINT');
      const { code, at } = await run.exited;
      expect(code, run.output()).toBe(130);
      expect(at - again).toBeLessThan(AFTER_SIGNAL_MS / 2);
      expect(run.output()).toMatch(/SIGINT again: exiting now/);
      expect(existsSync(join(out, 'certification.json'))).toBe(false);
    },
    300_000,
  );

  it('SIGINT while the CLI is still loading: kept for the run, which writes a certificate of nothing run', async () => {
    const out = tempDir('erp-int-load-');
    // The bin's first lines take the signal over, before tsx and the commands load; a module loaded
    // ahead of the bin says when they have run.
    const run = startCli(['run', '--out', out, '--quiet', '--no-allure'], { nodeArgs: ['--import', BIN_STARTED_IMPORT] });
    await run.waitFor(BIN_STARTED);
    run.signal('SIGINT');
    const { code } = await run.exited;
    expect(code, run.output()).toBe(130);
    const cert = certificate(out);
    expectInterrupted(cert);
    expect(cert.requests).toBe(0);
  }, 300_000);

  describe('during the preflight (a target answering after 5 s)', () => {
    let slow: ReferenceServer;
    beforeAll(async () => {
      slow = await startReference({ port: 0, latencyMs: 5_000 });
    });
    afterAll(() => slow.close());

    itWhole(
      "SIGINT does not wait for the preflight's answers: verdict interrupted, every requirement not run, exit 130",
      async () => {
        const dir = tempDir('erp-int-pre-');
        const config = join(dir, 'erp.config.json');
        writeFileSync(config, JSON.stringify(slow.runConfig()));
        const out = join(dir, 'report');
        const run = startCli(['run', '--config', config, '--out', out, '--quiet', '--no-allure']);
        await run.waitFor(/^running .* against /m);
        const cert = await interrupt(run, 'SIGINT', out);
        expect(cert.summary.MUST.passed).toBe(0);
        expect(cert.requirements.filter((r) => r.status !== 'skipped').every((r) => r.status === 'not-run')).toBe(true);
      },
      300_000,
    );

    // A CI runner that kills the job's main process alone (SIGKILL: no handler runs). The suite
    // worker, forked while the preflight waits, had no one left to tell it to stop: it polled for
    // the preflight's word for ever (found on this machine: workers of killed or preflight-failed
    // runs still running half an hour later).
    itWhole(
      'SIGKILL to the CLI alone: the suite worker it started during the preflight ends with it',
      async () => {
        const dir = tempDir('erp-int-kill-');
        const config = join(dir, 'erp.config.json');
        writeFileSync(config, JSON.stringify(slow.runConfig()));
        const run = startCli(['run', '--config', config, '--out', join(dir, 'report'), '--quiet', '--no-allure']);
        try {
          await run.waitFor(/^running .* against /m);
          const pid = run.child.pid!;
          expect(await pollUntil(() => childrenOf(pid, /vitest.*forks/).length > 0, 60_000), run.output()).toBe(true);
          const workers = childrenOf(pid, /vitest.*forks/);
          // Its modules loaded, it waits for the preflight (which waits 5 s per answer).
          expect(await idle(workers[0]!, 60_000)).toBe(true);
          process.kill(pid, 'SIGKILL');
          expect((await run.exited).signal).toBe('SIGKILL');
          expect(await pollUntil(() => !workers.some(running), AFTER_SIGNAL_MS)).toBe(true);
        } finally {
          try {
            run.signal('SIGKILL');
          } catch {
            // the group has ended
          }
        }
      },
      300_000,
    );
  });
});
