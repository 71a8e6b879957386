// Walks bounded by what the target states, and by memory (issue 29): a whole run of the CLI
// against the reference with rp-offset-ignored (every report page is the first page), at the
// default 100 runs per property, where the suite worker (heap capped at 256 MB) ran out of
// memory before the walks stopped at a page read before. The peak RSS of the CLI's process tree
// (the CLI, the embedded reference, the suite worker) and the seconds, median of three runs; the
// run must end not certified (exit 1) with no run error, under the run's goal of 500 MB (issue 9).
// And the endless report (`serve --hostile endless-report`, issue 40: totalCount 10^9, every page
// full), the reference in this process, the CLI's tree measured alone against the goal of 300 MB.
//   npx tsx bench/run.ts walks         (--quick: one round)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { startReference } from '../reference/server.ts';
import os from 'node:os';
import path from 'node:path';
import type { BenchOptions } from './options.ts';
import { medianOf, peakOfCli } from './run-memory.ts';

const GOAL_MB = 500;
/** Issue 40: the whole process tree of a run against the endless report. */
const ENDLESS_GOAL_MB = 300;

/** A run of the CLI against the endless report at 100 runs: its tree's peak, and what its certificate says. */
async function endlessReport(out: string, o: BenchOptions): Promise<Record<string, unknown>> {
  const ref = await startReference({ port: 0, hostile: 'endless-report' });
  try {
    const config = path.join(out, 'endless.json');
    writeFileSync(config, JSON.stringify(ref.runConfig()));
    const dir = path.join(out, 'endless');
    const args = ['run', '--config', config, '--num-runs', '100', '--seed', '42', '--no-allure', '--quiet', '--out', dir];
    const run = o.quick ? { ...(await peakOfCli(args)), roundsMb: [] as number[] } : await medianOf(args);
    const cert = JSON.parse(readFileSync(path.join(dir, 'certification.json'), 'utf8')) as { verdict: string; errors: unknown[] };
    console.log(
      `run against the endless report at 100 runs: peak ${run.peakMb} MB (exit ${run.exitCode}, ${cert.verdict}, ${cert.errors.length} run error(s), ${run.seconds} s)`,
    );
    return {
      ...run,
      verdict: cert.verdict,
      runErrors: cert.errors.length,
      goalMb: ENDLESS_GOAL_MB,
      meetsGoal: run.peakMb < ENDLESS_GOAL_MB && cert.errors.length === 0,
    };
  } finally {
    await ref.close();
  }
}

export async function benchRunWalks(_previous: Record<string, unknown>, o: BenchOptions): Promise<Record<string, unknown>> {
  const out = mkdtempSync(path.join(os.tmpdir(), 'erp-bench-walks-'));
  try {
    const dir = path.join(out, 'offset-ignored');
    const args = ['run', '--fault', 'rp-offset-ignored', '--num-runs', '100', '--seed', '42', '--no-allure', '--quiet', '--out', dir];
    const run = o.quick ? { ...(await peakOfCli(args)), roundsMb: [] as number[] } : await medianOf(args);
    const cert = JSON.parse(readFileSync(path.join(dir, 'certification.json'), 'utf8')) as {
      verdict: string;
      errors: unknown[];
      observations: Record<string, unknown>;
    };
    console.log(
      `run against rp-offset-ignored at 100 runs: peak ${run.peakMb} MB${run.roundsMb.length ? `, median of ${run.roundsMb.join(', ')}` : ''} (exit ${run.exitCode}, ${cert.verdict}, ${cert.errors.length} run error(s), ${run.seconds} s)`,
    );
    const endless = await endlessReport(out, o);
    return {
      offsetIgnored: { ...run, verdict: cert.verdict, runErrors: cert.errors.length, walkEnds: cert.observations.walkEnds },
      endlessReport: endless,
      goalMb: GOAL_MB,
      meetsGoal: run.peakMb < GOAL_MB && run.exitCode === 1 && cert.errors.length === 0,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
