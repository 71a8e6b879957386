// The seed sweep: the verdict is a function of the target, not of the seed. The reference's faults,
// each run under two seeds more than the fault matrix's, and its profiles, under one more than
// profiles.test.ts's first run and scope.whole.test.ts's own (those runs already hold the outcome each
// target must have), must give one verdict and one set of failed MUSTs per target, so that three
// seeds agree. Every profile is swept, by profiles.test.ts's second run in a row; of the faults, the
// matrix's representative runs (matrix-parts.ts quickRuns: every requirement prefix, both levels,
// a fault alone and faults sharing a run); each fault is proven at every seed-free level by its
// probe through the checks. The rate-limit faults are left out: their runs send the same requests
// whatever the seed (load/requests.ts samples with a fixed seed).
import { requirement } from '../../../contract/requirements.ts';
import { FAULTS, type FaultName } from '../../../reference/faults.ts';
import { MATRIX_NUM_RUNS, MATRIX_SEED, runVerdict, type MatrixRow } from './matrix.ts';
import { breaksRateLimit, quickRuns } from './matrix-parts.ts';

/** The seeds the sweep adds to the matrix's (MATRIX_SEED) and the profiles' (PROFILE_SEED) own. */
export const SWEEP_SEEDS: readonly number[] = [172343656, 1201065399];

/**
 * The sweep's seeds of the profiles: the first only, the seed of profiles.test.ts's second run in a
 * row. scope.whole.test.ts certifies every profile under a seed of its own (its minimal config), so each
 * profile is certified under three seeds in the whole set: PROFILE_SEED (a stack-shaped profile's:
 * MEASURED_SEED), this one (the second run in a row, against the server the first left), and scope.whole.test.ts's.
 */
export const PROFILE_SWEEP_SEEDS: readonly number[] = SWEEP_SEEDS.slice(0, 1);

/** The seed of profiles.test.ts's first run of each profile but the stack-shaped ones' (with SWEEP_NUM_RUNS runs per property). */
export const PROFILE_SEED = 3;

/** Runs per property of every run of the sweep, and of the matrix's and profiles.test.ts's: their rows are its first seed. */
export const SWEEP_NUM_RUNS = MATRIX_NUM_RUNS;

/** The outcome that must not move with the seed: the verdict and the MUSTs failed, sorted. */
export interface Outcome {
  verdict: string;
  failedMust: string[];
}

export const mustsOf = (ids: readonly string[]): string[] => ids.filter((id) => requirement(id).level === 'MUST').sort();

/** The runs of the fault matrix the sweep takes: its representative runs but the rate-limit faults' (see the header). */
export const sweptRuns = (): FaultName[][] => quickRuns().filter((run) => !run.some(breaksRateLimit));

/** A run of the matrix as its faults joined with +, the name of its case. */
export const runName = (run: readonly string[]): string => run.join('+');

/**
 * What the fault matrix holds of a fault's run, whatever its seed (fault-matrix.ts asserts it on
 * the matrix's): the fault fails exactly the ids it names, so its failed MUSTs are the MUSTs it
 * names, and its run has the verdict of its faults (runVerdict).
 */
export function faultOutcome(fault: FaultName, run: readonly FaultName[]): Outcome {
  return { verdict: runVerdict(run), failedMust: mustsOf(FAULTS.find((f) => f.name === fault)!.breaks) };
}

/** The outcome a row of the matrix shows for its fault. */
export const rowOutcome = (row: MatrixRow): Outcome => ({ verdict: row.verdict, failedMust: mustsOf(row.failed) });

/**
 * The SHOULDs a stack-shaped profile fails by design on every seed: its parser answers 500 at its
 * limit to a number every run sends (the report's filter examples), ENV-6 and only ENV-6.
 */
export const PROFILE_MAY_FAIL: Readonly<Record<string, readonly string[]>> = { python: ['ENV-6'], java: ['ENV-6'] };

/** Runs `jobs` `lanes` at a time, in order; the results in the order of the jobs. */
export async function inLanes<T>(jobs: Array<() => Promise<T>>, lanes: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < jobs.length; i = next++) results[i] = await jobs[i]!();
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return results;
}

/** The table of the test output: one line per target and seed, with what differs from its outcome. */
export function sweepTable(faultRows: MatrixRow[]): string {
  const show = (o: Outcome) => `${o.verdict.padEnd(14)} failed MUSTs ${o.failedMust.join(',') || '-'}`;
  return faultRows
    .map((r) => {
      const want = faultOutcome(r.fault as FaultName, r.run as FaultName[]);
      const same = JSON.stringify(rowOutcome(r)) === JSON.stringify(want);
      const other = r.failed.filter((id) => !r.breaks.includes(id) || requirement(id).level !== 'MUST');
      return `${same ? 'same' : 'MOVED'} fault ${r.fault.padEnd(28)} seed ${String(r.seed).padEnd(10)} ${show(rowOutcome(r))}  others failed ${other.join(',') || '-'}${same ? '' : `  (seed ${MATRIX_SEED}: ${show(want)})`}${r.error ? `  error: ${r.error}` : ''}`;
    })
    .join('\n');
}
