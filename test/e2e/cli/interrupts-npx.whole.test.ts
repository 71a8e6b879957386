// SIGINT and SIGTERM to the process group of `npx erp-conformance run`, as a terminal's Ctrl-C or a
// cancelled CI job sends them (npm -> `sh -c erp-conformance` -> node: the group signal reaches all
// three). Each case closes the test's ends of the pipes once npm has ended, and waits for the group
// to end, not for npm: on SIGTERM npm and the shell end at once and node runs on, its output's
// reader possibly gone (bin/cli/output-gone.ts). From the bin's first statements on, every moment
// gives the interrupted certificate, and npm's status is the signal's (130 / 143). The signal is
// sent once, or twice at the same instant (one delivery: core/signals.ts); every pair of moment,
// signal and sending is taken (ALL). The runs take 3 runs per property, not the embedded reference's
// 100: the moment is the proof, not the count of generated cases a suite file sends before its line.
import { constants } from 'node:os';
import { describe, expect, it } from 'vitest';
import { AFTER_SIGNAL_MS, certificate, EXIT_AFTER, expectInterrupted, HELD_RUN, SUITES_RUNNING } from './interrupted-kit.ts';
import { BIN_STARTED, BIN_STARTED_IMPORT, groupRunning, pollUntil, startCli, tempDir } from './run-process.ts';
import { WHOLE_FILE } from '../../tiers.ts';

type Signal = 'SIGINT' | 'SIGTERM';
/** When to send: milliseconds after the bin's first statements ran, or once a suite file is running. */
type Moment = number | 'mid-suite';
type Case = [name: string, moment: Moment, signal: Signal, twice: boolean];

const MOMENTS: Moment[] = [0, 500, 1000, 2000, 3000, 'mid-suite'];
/**
 * Every pair of the three factors, not their product: at each moment both signals, one of them
 * sent twice, which one alternating from moment to moment. So each moment meets each signal and
 * a single and a double sending, and each signal both sendings at three moments. The signal's
 * handling is one latch for both signals (core/signals.ts); the moment decides what the process
 * is doing when it lands.
 */
const ALL: Case[] = MOMENTS.flatMap((moment, i) =>
  (['SIGINT', 'SIGTERM'] as const).map((signal, j): Case => {
    const twice = (i + j) % 2 === 1;
    const at = moment === 'mid-suite' ? 'mid-suite' : `${moment / 1000} s`;
    return [`${signal}${twice ? ' twice' : ''} at ${at}`, moment, signal, twice];
  }),
);
// The whole set's, every moment (the gate's signals are test/e2e/cli/interrupts.test.ts's, and
// test/e2e/cli/cli.test.ts runs the CLI through npx).

/** What a shell reports for a process that exited with `code` or was ended by `signal`. */
const shellStatus = ({ code, signal }: { code: number | null; signal: NodeJS.Signals | null }) => code ?? 128 + constants.signals[signal!];

describe('npx erp-conformance run, interrupted through its process group', WHOLE_FILE, () => {
  it.each(ALL)(
    '%s: the interrupted certificate',
    async (_name, moment, signal, twice) => {
      const out = tempDir('erp-npx-int-');
      const run = startCli(['run', '--out', out, '--quiet', '--no-allure', '--num-runs', '3'], {
        npx: true,
        nodeArgs: [`--import=${BIN_STARTED_IMPORT}`],
        env: HELD_RUN,
      });
      const npm = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        run.child.on('exit', (code, sig) => resolve({ code, signal: sig })),
      );
      const group = run.child.pid!;
      try {
        await run.waitFor(moment === 'mid-suite' ? SUITES_RUNNING : BIN_STARTED);
        if (typeof moment === 'number') await new Promise((r) => setTimeout(r, moment));
        run.signal(signal);
        if (twice) run.signal(signal);
        const ended = await npm;
        // The reader goes with npm (a CI step's log reader, a `| tee` in the same group).
        run.child.stdout!.destroy();
        run.child.stderr!.destroy();
        expect(await pollUntil(() => !groupRunning(group), AFTER_SIGNAL_MS), run.output()).toBe(true);
        expect(shellStatus(ended), run.output()).toBe(EXIT_AFTER[signal]);
        expectInterrupted(certificate(out, run.output()));
      } finally {
        if (groupRunning(group)) run.signal('SIGKILL');
      }
    },
    300_000,
  );
});
