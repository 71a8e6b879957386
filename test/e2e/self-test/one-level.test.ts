// One defect, one level, whatever the seed (issue 27): a vendor whose id filters answer 500 to a
// number of more than 4300 digits (Python's int() refuses it; reference fault rp-500-long-digits)
// fails ENV-6 (SHOULD) and nothing else, on every seed: the envelope suite and the report suite
// both send such a number among their properties' examples (the same in every run), and both file
// its 500 under ENV-6 (RP-16's ambiguity: a correct vendor on a common stack may answer it so).
// Before the examples phase, RP-16 (MUST) failed on 2 seeds of 5 and the verdict flipped.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunRecords } from '../../../reports/records/records.ts';
import { runAgainstReference } from './run-reference.ts';

/** The seeds of the measurement on which RP-16 failed (172343656) and did not (1201065399), and one more. */
const SEEDS = [172343656, 1201065399, 42];

/** The requirement ids each test of the run kept findings under, by its declared test id. */
function findingsByTest(out: string): Record<string, string[]> {
  const records = JSON.parse(readFileSync(path.join(out, 'records.json'), 'utf8')) as RunRecords;
  const by: Record<string, string[]> = {};
  for (const t of records.collected.tests)
    if (t.record?.testId && t.record.findings.length) by[t.record.testId] = [...new Set(t.record.findings.map((f) => f.requirementId))];
  return by;
}

describe('a 500 to an id beyond 64 bits', () => {
  it('fails ENV-6 alone, in the envelope and the report suite, with the same verdict on every seed', async () => {
    const runs = [];
    for (const seed of SEEDS) {
      const r = await runAgainstReference({ faults: ['rp-500-long-digits'], only: ['ENV', 'RP'], seed, numRuns: 5 });
      const failed = r.certification.requirements.filter((x) => x.status === 'failed').map((x) => x.id);
      runs.push({
        seed,
        verdict: r.certification.verdict,
        failed,
        rp16: r.certification.requirements.find((x) => x.id === 'RP-16')!.status,
        by: findingsByTest(r.out),
      });
    }
    for (const run of runs) {
      expect(run.failed, `seed ${run.seed}`).toEqual(['ENV-6']);
      expect(run.rp16, `seed ${run.seed}`).toBe('passed');
      // Both suites sent the number and filed its 500 under ENV-6, never under RP-16.
      expect(run.by['envelope/ENV-6'], `seed ${run.seed}`).toEqual(['ENV-6']);
      expect(run.by['id-filters/RP-16'], `seed ${run.seed}`).toEqual(['ENV-6']);
    }
    expect(new Set(runs.map((r) => r.verdict)).size).toBe(1);
  }, 600_000);
});
