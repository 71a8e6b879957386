// `load` on worker threads ends on a signal with its result (bin/cli/load-interrupt.ts): the first
// SIGINT / SIGTERM to the process group stops every worker, the answers due are awaited, load.json
// and load.html are written with what was sent (stopped by: interrupted) and the command exits
// 130 / 143. The run is planned for a minute: ending sooner is the signal's doing. The signal is
// sent once the progress line shows answers (a marker, never a fixed sleep).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LoadResult } from '../../../load/result.ts';
import { AFTER_SIGNAL_MS, EXIT_AFTER } from './interrupted-kit.ts';
import { startCli, tempDir } from './run-process.ts';
import { WHOLE_FILE } from '../../tiers.ts';

const RATE = 25;
const SECONDS = 60;
/** The plain progress line (stderr is not a terminal), every five seconds of load. */
const PROGRESS = /\d+ answers \(\d+\/s\)/;

describe('load ends on a signal with its result', WHOLE_FILE, () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    it(`${signal} mid-load: every worker ends, load.json written, exit ${EXIT_AFTER[signal]}`, async () => {
      const out = tempDir('erp-load-interrupt-');
      const run = startCli(['load', '--rate', String(RATE), '--seconds', String(SECONDS), '--workers', '2', '--out', out], { ceilingMs: 150_000 });
      await run.waitFor(PROGRESS, 90_000);
      run.signal(signal);
      const { code } = await Promise.race([
        run.exited,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no exit within ${AFTER_SIGNAL_MS} ms:\n${run.output()}`)), AFTER_SIGNAL_MS)),
      ]);
      expect(code, run.output()).toBe(EXIT_AFTER[signal]);
      expect(run.output()).toMatch(new RegExp(`${signal}: stopping the load`));
      expect(existsSync(join(out, 'load.html'))).toBe(true);
      const r = JSON.parse(readFileSync(join(out, 'load.json'), 'utf8')) as LoadResult;
      expect(r).toMatchObject({ model: 'open', workers: 2, stoppedBy: 'interrupted' });
      // Stopped part-way: some of the schedule sent, not all of it; every request sent accounted for.
      expect(r.requestsSent).toBeGreaterThan(0);
      expect(r.requestsSent).toBeLessThan(RATE * SECONDS);
      expect(Object.values(r.statusCounts).reduce((a, b) => a + b, 0)).toBe(r.requestsSent);
      expect(r.phases[0]!.sent).toBe(r.requestsSent);
    }, 180_000);
});
