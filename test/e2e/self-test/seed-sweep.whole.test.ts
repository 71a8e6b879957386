// The suite proves itself, part 6, the seed sweep (seed-sweep.ts): the matrix's representative
// fault runs under two seeds more than the fault matrix's give the outcome the matrix holds for its
// seed - the same verdict, the same failed MUSTs, and exactly the ids the fault names. The
// profiles' seed of the sweep is the seed of their second run in a row (profiles.test.ts: one run,
// both proofs). CI's whole set (tag `whole`) sweeps them all (test/tiers.ts); the gate runs two of
// those fault runs at their own seed only (the fault matrix).
import { beforeAll, describe, expect, it } from 'vitest';
import type { FaultName } from '../../../reference/faults.ts';
import { WHOLE_FILE } from '../../tiers.ts';
import { difference, faultMatrix, type MatrixRow } from './matrix.ts';
import { tempOut } from './run-reference.ts';
import { faultOutcome, inLanes, rowOutcome, runName, SWEEP_NUM_RUNS, SWEEP_SEEDS, sweepTable, sweptRuns } from './seed-sweep.ts';

/** Runs at a time: two, as the fault matrix (each a reference server and a suite worker of its own). */
const LANES = 2;

const seeds = SWEEP_SEEDS.join(', ');
describe(`the seed sweep: seeds ${seeds} beside the matrix's own`, WHOLE_FILE, () => {
  const runs = sweptRuns().map(runName);
  let faultRows: MatrixRow[] = [];

  beforeAll(async () => {
    // One queue, LANES runs at a time; each fault's run through the matrix's own machinery, grouped as in the matrix.
    const out = tempOut('seed-sweep');
    const results = await inLanes<MatrixRow[]>(
      runs.flatMap((name) =>
        SWEEP_SEEDS.map(
          (seed) => () => faultMatrix({ numRuns: SWEEP_NUM_RUNS, faults: name.split('+') as FaultName[], concurrency: 1, outRoot: out, seeds: [seed] }),
        ),
      ),
      LANES,
    );
    faultRows = results.flat();
    process.stdout.write(`\n${sweepTable(faultRows)}\n`);
  }, 1_800_000);

  it.each(runs)('fault run %s: the verdict and the failed ids of the matrix under every seed', (name) => {
    const run = name.split('+') as FaultName[];
    for (const fault of run) {
      const rows = faultRows.filter((r) => r.fault === fault);
      expect(rows.map((r) => r.seed)).toEqual(SWEEP_SEEDS);
      for (const r of rows) {
        expect(r.error, `${fault} seed ${r.seed}`).toBeUndefined();
        expect(rowOutcome(r), `${fault} seed ${r.seed}`).toEqual(faultOutcome(fault, run));
        // And, as the matrix requires on its seed, exactly the ids the fault names, SHOULDs too.
        expect(difference(r), `${fault} seed ${r.seed}`).toEqual({ missed: [], extra: [] });
      }
    }
  });
});
