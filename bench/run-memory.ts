// Peak memory of a whole run (issue 9: under 500 MB), the CLI and its suite worker together, as
// the operating system counts them: against the embedded reference (100 runs per property), and
// against a server whose every answer is 400,000-deep JSON (the run must not parse it).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { referenceRunConfig } from '../reference/run-config.ts';
import { startBroken } from './support/broken-servers.ts';
import { treeRssKb } from './support/memory.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs the CLI with `args`; the peak RSS (MB) of its process tree, sampled every 100 ms. */
export async function peakOfCli(args: string[]): Promise<{ peakMb: number; exitCode: number | null; seconds: number }> {
  const t0 = performance.now();
  // Started as npx starts it: the bin's shebang sets the heap limits of the CLI process.
  const child = spawn(path.join(ROOT, 'bin/erp-conformance.js'), args, { cwd: ROOT, stdio: 'ignore' });
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, treeRssKb(child.pid!))), 100);
  const exitCode = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(timer);
  return { peakMb: Math.round(peak / 1024), exitCode, seconds: Number(((performance.now() - t0) / 1000).toFixed(1)) };
}

/** Three runs: the peak is sampled, and two processes peak at moments that vary, so the median is the figure (with every round). */
const ROUNDS = 3;

export async function medianOf(args: string[]): Promise<{ peakMb: number; exitCode: number | null; seconds: number; roundsMb: number[] }> {
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await peakOfCli(args));
  const sorted = [...rounds].sort((a, b) => a.peakMb - b.peakMb);
  return { ...sorted[Math.floor(ROUNDS / 2)]!, roundsMb: rounds.map((r) => r.peakMb) };
}

export async function benchRunMemory(): Promise<Record<string, unknown>> {
  const out = mkdtempSync(path.join(os.tmpdir(), 'erp-bench-mem-'));
  try {
    const reference = await medianOf(['run', '--num-runs', '100', '--seed', '42', '--no-allure', '--quiet', '--out', path.join(out, 'ref')]);
    console.log(
      `run against the reference: peak ${reference.peakMb} MB, median of ${reference.roundsMb.join(', ')} (exit ${reference.exitCode}, ${reference.seconds} s)`,
    );
    const deep = await startBroken('deep-json');
    try {
      const config = path.join(out, 'deep.json');
      const base = referenceRunConfig(deep.url, ['bench-token-1', 'bench-token-2'], 1);
      writeFileSync(config, JSON.stringify({ ...base, target: { ...base.target, name: 'deep JSON', timeoutMs: 2000 }, run: { maxDurationSeconds: 120 } }));
      const deepRun = await medianOf([
        'run',
        '--config',
        config,
        '--no-preflight',
        '--num-runs',
        '20',
        '--seed',
        '1',
        '--no-allure',
        '--quiet',
        '--out',
        path.join(out, 'deep'),
      ]);
      console.log(
        `run against 400,000-deep JSON: peak ${deepRun.peakMb} MB, median of ${deepRun.roundsMb.join(', ')} (exit ${deepRun.exitCode}, ${deepRun.seconds} s)`,
      );
      return { reference, deepJson: deepRun, goalMb: 500, meetsGoal: reference.peakMb < 500 && deepRun.peakMb < 500 };
    } finally {
      await deep.close();
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
