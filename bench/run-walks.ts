// Walks bounded by what the target states, and by memory (issue 29): a whole run of the CLI
// against the reference with rp-offset-ignored (every report page is the first page), at the
// default 100 runs per property, where the suite worker (heap capped at 256 MB) ran out of
// memory before the walks stopped at a page read before. The peak RSS of the CLI's process tree
// (the CLI, the embedded reference, the suite worker) and the seconds, median of three runs; the
// run must end not certified (exit 1) with no run error, under the run's goal of 500 MB (issue 9).
//   npx tsx bench/run.ts walks         (--quick: one round)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchOptions } from './options.ts';
import { medianOf, peakOfCli } from './run-memory.ts';

const GOAL_MB = 500;

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
    return {
      offsetIgnored: { ...run, verdict: cert.verdict, runErrors: cert.errors.length, walkEnds: cert.observations.walkEnds },
      goalMb: GOAL_MB,
      meetsGoal: run.peakMb < GOAL_MB && run.exitCode === 1 && cert.errors.length === 0,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
