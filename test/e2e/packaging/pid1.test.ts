// The container's entrypoint is node itself (Dockerfile: ENTRYPOINT ["node", ".../erp-conformance.js"],
// no --init): in the container the CLI is PID 1. `docker stop` sends SIGTERM to PID 1 alone, and
// `docker run -it`'s Ctrl-C SIGINT. PID 1 is special: the kernel delivers it only the signals it has
// a handler for (pid_namespaces(7)), and nothing passes a signal on to the suite worker. Without a
// docker daemon the same is made with a PID namespace of its own (`unshare --pid --fork`, what
// docker does), root only: skipped with the reason elsewhere. The moments count from the bin's first
// statements (a module loaded ahead of it says when), as in test/e2e/cli/interrupts-npx.whole.test.ts.
import { spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import { describe, expect, it } from 'vitest';
import { AFTER_SIGNAL_MS, certificate, EXIT_AFTER, expectInterrupted, SUITES_RUNNING } from '../cli/interrupted-kit.ts';
import { BIN, BIN_STARTED, BIN_STARTED_IMPORT, childrenOf, startCli, tempDir } from '../cli/run-process.ts';
import { WHOLE_FILE } from '../../tiers.ts';

/** Whether this machine can make a PID namespace (root, or user namespaces allowed). */
const unshare = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true'], { stdio: 'ignore' });
const canUnshare = unshare.status === 0;

type Moment = 'at once' | 'mid-suite';
const CASES: [Moment, 'SIGINT' | 'SIGTERM'][] = [
  ['at once', 'SIGTERM'],
  ['mid-suite', 'SIGTERM'],
  ['mid-suite', 'SIGINT'],
];

describe.skipIf(!canUnshare)('the CLI as PID 1 (the container entrypoint; unshare --pid stands in for docker)', WHOLE_FILE, () => {
  it.each(CASES)(
    '%s, %s to PID 1 alone: the interrupted certificate, exit 130 / 143',
    async (moment, signal) => {
      const out = tempDir('erp-pid1-');
      // 3 runs per property, not the embedded reference's 100: the moment is the proof, not the cases a suite file sends first.
      const run = startCli(['run', '--out', out, '--quiet', '--no-allure', '--num-runs', '3'], {
        launcher: ['unshare', '--pid', '--fork', '--mount-proc', process.execPath, `--import=${BIN_STARTED_IMPORT}`, BIN],
      });
      await run.waitFor(moment === 'mid-suite' ? SUITES_RUNNING : BIN_STARTED);
      // PID 1 of the namespace: unshare's one child (its pid as this namespace sees it).
      const [pid1] = childrenOf(run.child.pid!, /erp-conformance\.js/);
      expect(pid1, run.output()).toBeDefined();
      const sent = Date.now();
      process.kill(pid1!, signal);
      const ended = await run.exited;
      // unshare reports its child's end: its exit code, or the signal that ended it as a shell would.
      expect(ended.code ?? 128 + constants.signals[ended.signal!], run.output()).toBe(EXIT_AFTER[signal]);
      expect(ended.at - sent).toBeLessThan(AFTER_SIGNAL_MS);
      expectInterrupted(certificate(out));
    },
    300_000,
  );
});

describe.skipIf(canUnshare)('the CLI as PID 1', WHOLE_FILE, () => {
  it.skip(`not tested here: no PID namespace can be made (unshare exit ${unshare.status}; root or user namespaces needed)`, () => {});
});
