// A suite worker kept from run to run (RunOptions.keepWorker, engine/phases/kept-workers.ts), as
// the self-tests' runs use it: the second run of the process adopts the first's worker (the pool
// still holds one idle worker after it, not two), and a run in an adopted worker verifies exactly
// what a run in a fresh worker verifies with the same seed: its modules are evaluated anew.
import { describe, expect, it } from 'vitest';
import { keptWorkers } from '../../../engine/phases/kept-workers.ts';
import { runAgainstReference } from './run-reference.ts';

const o = { only: ['VER', 'ENV'], numRuns: 3, seed: 5 };
const statuses = (r: Awaited<ReturnType<typeof runAgainstReference>>) => Object.fromEntries(r.certification.requirements.map((q) => [q.id, q.status]));

describe('a suite worker kept for the next run of the process', () => {
  it('is adopted by the next run, which verifies what a fresh worker verifies', async () => {
    const fresh = await runAgainstReference({ ...o, keepWorker: false });
    expect(keptWorkers.size()).toBe(0);
    const first = await runAgainstReference({ ...o, keepWorker: true });
    expect(keptWorkers.size()).toBe(1);
    const adopted = await runAgainstReference({ ...o, keepWorker: true });
    expect(keptWorkers.size()).toBe(1);
    for (const r of [first, adopted]) {
      expect(r.certification.errors).toEqual([]);
      expect(r.certification.requests).toBe(fresh.certification.requests);
      expect(statuses(r)).toEqual(statuses(fresh));
    }
    expect(Object.values(statuses(adopted)).filter((s) => s === 'passed').length).toBeGreaterThan(10);
  }, 120_000);
});
