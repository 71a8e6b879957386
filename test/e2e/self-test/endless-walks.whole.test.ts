// Walks bounded by what the target states, and by memory: against a report whose pages never end
// by themselves - offset ignored (every page the first), a totalCount that grows with each page,
// pages that repeat - the report suites end NOT-CERTIFIED on RP-2, with no run error (the suite
// worker, whose heap is capped at 256 MB, lives), every walk stopped by what it saw (a page read
// before, an empty page), never by its cap, and the run's peak memory under its ceiling. At the
// self-test's 10 runs per property, and at the CLI's default of 100 for the fault whose walks read
// the most (every page the first). The run against `serve --hostile endless-report` (totalCount
// 10^9, every page full) is the CLI's, its whole process tree measured: memory-tree.whole.test.ts.
// The whole set's (test/tiers.ts); the gate proves a walk's stops on exchanges
// (test/contract/checks/report-walk.test.ts, the faults' probes in test/reference/fault-checks.test.ts).
import { describe, expect } from 'vitest';
import type { FaultName } from '../../../reference/faults.ts';
import { tiered } from '../../tiers.ts';
import { withPeakMemory } from '../../../bench/support/memory.ts';
import { runAgainstReference } from './run-reference.ts';

/**
 * The ceiling of a run's memory (a whole run under 500 MB), here with more in the tree than the
 * CLI's run: the test process holds the engine and the reference server in one, beside the suite
 * worker.
 */
const CEILING_MB = 600;

/** How each fault's walks end (suites/report/walk.ts): a page read before, or an empty page short of totalCount. */
const ENDS: Record<string, 'repeat' | 'empty'> = { 'rp-offset-ignored': 'repeat', 'rp-totalcount-endless': 'empty', 'rp-pages-repeat': 'repeat' };

type Case = [FaultName, number];
/**
 * Every fault at 10 runs, and at 100 the fault whose walks read the most (every page the first),
 * under which the worker died: the other two walk less at every count, so their 100 adds time, not proof.
 */
const ALL: Case[] = [...(['rp-offset-ignored', 'rp-totalcount-endless', 'rp-pages-repeat'] as const).map((f) => [f, 10] as Case), ['rp-offset-ignored', 100]];
/** The gate: none; the whole set every case (at 100 runs, the fault whose walks the worker died under). */
const QUICK: Case[] = [];

describe('walks against a report whose pages never end by themselves', () => {
  tiered(ALL, QUICK).each(
    '%s at %s runs per property: not certified on RP-2, no run error, every walk stopped by what it saw, memory under the ceiling',
    async (fault, numRuns) => {
      const t0 = performance.now();
      const { result: r, peakMb } = await withPeakMemory(() => runAgainstReference({ faults: [fault], only: ['RP'], numRuns }));
      const seconds = (performance.now() - t0) / 1000;
      process.stdout.write(`endless walks ${fault} at ${numRuns} runs: ${r.certification.verdict}, ${seconds.toFixed(1)} s, peak ${peakMb} MB\n`);
      const c = r.certification;
      expect(c.errors).toEqual([]);
      expect(c.verdict).toBe('not-certified');
      expect(r.exitCode).toBe(1);
      expect(c.requirements.filter((q) => q.status === 'failed').map((q) => q.id)).toEqual(['RP-2']);
      // No requirement of the suites was lost to a dead worker.
      expect(c.requirements.filter((q) => q.id.startsWith('RP-') && q.status === 'not-run').map((q) => q.id)).toEqual([]);
      // The pagination test's walks: each stopped where the fault shows, none at the cap.
      const ends = c.observations.walkEnds as { byReason: Record<string, number> };
      expect(ends.byReason[ENDS[fault]!]).toBeGreaterThan(0);
      expect(ends.byReason.cap).toBeUndefined();
      const rp2 = c.requirements.find((q) => q.id === 'RP-2')!;
      if (ENDS[fault] === 'repeat') expect(rp2.verifiedBy?.['report.walk-page-repeats']).toBeGreaterThan(0);
      if (ENDS[fault] === 'repeat') expect(rp2.findings.map((f) => f.checkId)).toContain('report.walk-page-repeats');
      expect(peakMb).toBeLessThan(CEILING_MB);
    },
    300_000,
  );
});
