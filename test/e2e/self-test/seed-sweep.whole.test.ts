// The suite proves itself, part 6, the seed sweep (seed-sweep.ts): the matrix's representative
// fault runs under two seeds more than the fault matrix's, and each profile of the reference under
// one more than profiles.test.ts's and scope.whole.test.ts's own, give the outcome those hold for their seed - the same verdict and the
// same failed MUSTs, and for a fault exactly the ids it names. CI's whole set (tag `whole`) sweeps
// them all (test/tiers.ts); the gate runs the strictest profile and two of those fault runs at
// their own seeds only (profiles.test.ts, the fault matrix).
import { beforeAll, describe, expect, it } from 'vitest';
import type { FaultName } from '../../../reference/faults.ts';
import { PROFILE_NAMES } from '../../../reference/profiles/index.ts';
import { WHOLE_FILE } from '../../tiers.ts';
import { difference, faultMatrix, type MatrixRow } from './matrix.ts';
import { tempOut } from './run-reference.ts';
import {
  faultOutcome,
  inLanes,
  PROFILE_OUTCOME,
  profileRun,
  PROFILE_SWEEP_SEEDS,
  rowOutcome,
  runName,
  SWEEP_NUM_RUNS,
  SWEEP_SEEDS,
  sweepTable,
  sweptRuns,
  type ProfileRow,
} from './seed-sweep.ts';

/** Runs at a time: two, as the fault matrix (each a reference server and a suite worker of its own). */
const LANES = 2;

const seeds = SWEEP_SEEDS.join(', ');
describe(`the seed sweep: seeds ${seeds} beside the matrix's and the profiles' own`, WHOLE_FILE, () => {
  const runs = sweptRuns().map(runName);
  let faultRows: MatrixRow[] = [];
  let profileRows: ProfileRow[] = [];

  beforeAll(async () => {
    // One queue, LANES runs at a time, the profiles (the longest runs) first; each fault's run
    // through the matrix's own machinery, grouped as in the matrix.
    const out = tempOut('seed-sweep');
    const results = await inLanes<MatrixRow[] | ProfileRow>(
      [
        ...PROFILE_NAMES.flatMap((p) => PROFILE_SWEEP_SEEDS.map((seed) => () => profileRun(p, seed))),
        ...runs.flatMap((name) =>
          SWEEP_SEEDS.map(
            (seed) => () => faultMatrix({ numRuns: SWEEP_NUM_RUNS, faults: name.split('+') as FaultName[], concurrency: 1, outRoot: out, seeds: [seed] }),
          ),
        ),
      ],
      LANES,
    );
    faultRows = results.filter((r): r is MatrixRow[] => Array.isArray(r)).flat();
    profileRows = results.filter((r): r is ProfileRow => !Array.isArray(r));
    process.stdout.write(`\n${sweepTable(faultRows, profileRows)}\n`);
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

  it.each(PROFILE_NAMES)('profile %s: certified with no MUST failed under every seed', (profile) => {
    const rows = profileRows.filter((r) => r.profile === profile);
    expect(rows.map((r) => r.seed)).toEqual(PROFILE_SWEEP_SEEDS);
    for (const r of rows) {
      expect(r.error, `${profile} seed ${r.seed}`).toBeUndefined();
      expect({ verdict: r.verdict, failedMust: r.failedMust }, `${profile} seed ${r.seed}`).toEqual(PROFILE_OUTCOME);
    }
  });
});
