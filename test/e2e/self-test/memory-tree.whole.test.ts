// The whole process tree of a run of the CLI as a user starts it (the CLI, vitest's host in it,
// the suite worker), sampled from /proc, stays bounded whatever the target answers: a report that
// says totalCount 10^9 and answers every page full (`serve --hostile endless-report`), and a server
// answering every request with a 64 MB body, 8 in flight. Each run ends with its certificate and no
// run error. The target runs in this process, outside the measured tree. Both ceilings are the
// issue's goal, 300 MB (figures in docs/decisions.md).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { referenceRunConfig } from '../../../reference/run-config.ts';
import { startReference } from '../../../reference/server.ts';
import { WHOLE_FILE } from '../../tiers.ts';
import { startBroken } from '../../../bench/support/broken-servers.ts';
import { peakOfCommand } from '../../../bench/support/memory.ts';
import { tempOut } from './run-reference.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BIN = path.join(ROOT, 'bin/erp-conformance.js');
/** The tree's ceiling against the endless report: the goal (measured 253-265 MB since walks hold their pages within a room, was 307-375). */
const ENDLESS_TREE_MB = 300;
/** The tree's ceiling against 64 MB bodies: the goal (measured 249-259 MB since a cut body keeps its first 4 KB, main 124-135, worker 146-150; was 265-321). */
const HUGE_TREE_MB = 300;

type Certificate = {
  verdict: string;
  errors: string[];
  requirements: Array<{ id: string; status: string }>;
  observations: Record<string, unknown>;
};

/** The CLI run with `config` and `args`: its tree's peak, its exit code and its certificate. */
async function cliRun(name: string, config: unknown, args: string[]): Promise<{ peakMb: number; exitCode: number | null; c: Certificate }> {
  const out = tempOut(name);
  const file = path.join(out, 'config.json');
  writeFileSync(file, JSON.stringify(config));
  const dir = path.join(out, 'run');
  const { peakMb, exitCode, byProcess } = await peakOfCommand(BIN, ['run', '--config', file, '--no-allure', '--quiet', '--out', dir, ...args], ROOT);
  const c = JSON.parse(readFileSync(path.join(dir, 'certification.json'), 'utf8')) as Certificate;
  const each = byProcess.map((p) => `${p.role} ${p.peakMb} (${p.fileMb} file-backed)`).join(', ');
  process.stdout.write(`${name}: exit ${exitCode}, ${c.verdict}, ${c.errors.length} run error(s), tree peak ${peakMb} MB; each process's own peak: ${each}\n`);
  return { peakMb, exitCode, c };
}

describe('the process tree of a run of the CLI against a hostile target', WHOLE_FILE, () => {
  it('the endless report at 100 runs (RP): its certificate, no run error, RP-2 or RP-10 failed or inconclusive, every walk capped, the tree bounded', async () => {
    const ref = await startReference({ port: 0, hostile: 'endless-report' });
    try {
      const { peakMb, exitCode, c } = await cliRun('endless-report', ref.runConfig(), ['--only', 'RP', '--num-runs', '100', '--seed', '3']);
      expect(c.errors).toEqual([]);
      expect(exitCode).toBe(1);
      const status = (id: string) => c.requirements.find((q) => q.id === id)?.status;
      expect([status('RP-2'), status('RP-10')].some((s) => s === 'failed' || s === 'inconclusive')).toBe(true);
      expect(c.requirements.filter((q) => q.id.startsWith('RP-') && q.status === 'not-run').map((q) => q.id)).toEqual([]);
      // Every walk stopped at its cap, a few pages in (suites/report/walk.ts BEYOND_REACH_PAGES), none read to an end.
      const ends = c.observations.walkEnds as { byReason: Record<string, number>; firstCapped?: string };
      expect(Object.keys(ends.byReason)).toEqual(['cap']);
      expect(ends.firstCapped).toMatch(/: 4 pages,/);
      expect(peakMb).toBeLessThan(ENDLESS_TREE_MB);
    } finally {
      await ref.close();
    }
  }, 900_000);

  it('64 MB bodies, 8 in flight: its certificate, no run error, the tree bounded', async () => {
    const broken = await startBroken('huge-body');
    try {
      const base = referenceRunConfig(broken.url, ['tok-huge-1', 'tok-huge-2'], 1);
      const target = {
        name: 'huge bodies',
        baseUrl: broken.url,
        token: 'tok-huge-1',
        secondToken: 'tok-huge-2',
        timeoutMs: 10_000,
        maxResponseBytes: 4 * 1024 * 1024,
      };
      const config = { ...base, target, run: { maxDurationSeconds: 120 } };
      const { peakMb, c } = await cliRun('huge-body', config, ['--no-preflight', '--num-runs', '3', '--seed', '1']);
      expect(c.errors).toEqual([]);
      expect(['not-certified', 'inconclusive']).toContain(c.verdict);
      expect(peakMb).toBeLessThan(HUGE_TREE_MB);
    } finally {
      await broken.close();
    }
  }, 900_000);
});
