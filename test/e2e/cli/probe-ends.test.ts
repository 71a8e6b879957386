// `probe` ends its embedded reference and itself with its caller: on SIGINT / SIGTERM (exit 130 /
// 143, the server closed), and when its parent ends without passing the signal on (npx: a SIGTERM
// to npm alone ends npm and its shell, not node; bin/cli/parent-watch.ts), as serve does
// (cli.test.ts). The reference's limit has a window of a minute, so the probe, left alone, waits
// for it well past these tests' bounds: ending sooner is the command's doing.
import { describe, expect, it } from 'vitest';
import { AFTER_SIGNAL_MS } from './interrupted-kit.ts';
import { groupRunning, pollUntil, startCli, tempDir } from './run-process.ts';
import { WHOLE_FILE } from '../../tiers.ts';

const PROBING = /^probing .* at (http:\/\/127\.0\.0\.1:\d+)/m;
const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
    () => true,
    () => false,
  );

/** `probe` of the embedded reference limited to 3 requests a minute; its URL once it sends. */
async function startProbe(npx: boolean) {
  const run = startCli(['probe', '--rate-limit', '3/60s', '--out', tempDir('erp-probe-ends-')], { npx, ceilingMs: 120_000 });
  await run.waitFor(PROBING, 60_000);
  const url = PROBING.exec(run.output())![1]!;
  expect(await answers(url)).toBe(true);
  return { run, url };
}

describe('probe ends with its caller', WHOLE_FILE, () => {
  it('SIGINT to its process group: the server closed, exit 130', async () => {
    const { run, url } = await startProbe(false);
    run.signal('SIGINT');
    const { code } = await run.exited;
    expect(code, run.output()).toBe(130);
    expect(run.output()).toMatch(/SIGINT: closing/);
    expect(await answers(url)).toBe(false);
  }, 150_000);

  it('through npx, when npm ends without passing the signal on (kill $! after &): the server and the node process end', async () => {
    const { run, url } = await startProbe(true);
    const group = run.child.pid!;
    try {
      process.kill(group, 'SIGTERM'); // npm alone, not its process group
      expect(await pollUntil(() => !groupRunning(group), AFTER_SIGNAL_MS), run.output()).toBe(true);
      expect(run.output()).toMatch(/parent exited: closing/);
      expect(await answers(url)).toBe(false);
    } finally {
      if (groupRunning(group)) run.signal('SIGKILL');
    }
  }, 150_000);
});
