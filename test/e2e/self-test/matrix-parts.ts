// Which faults the fault matrix's whole runs take (test/e2e/self-test/faults-1, faults-2, and
// test/load/fault-matrix-rl for the rate-limit faults): npm test a representative part (the gate),
// chosen deterministically from the fault list: walking the runs of the whole matrix in order, a
// run is taken when one of its faults brings something no run taken before has - a requirement
// prefix it breaks, a MUST broken or only SHOULD/INFO ones, a fault alone or faults of different
// operations sharing a run (matrix.ts). The other faults' runs are tagged `whole` (test/tiers.ts),
// CI's whole set; every fault is proven at the check level in npm test.
import { prefixOf, requirement } from '../../../contract/requirements.ts';
import { FAULTS, type FaultName } from '../../../reference/faults.ts';
import { faultsOfPart, groupFaults } from './matrix.ts';

/** The matrix (but its rate-limit faults) is cut in this many test files, so that both workers share it. */
export const PARTS = 2;

export const ALL_FAULTS: FaultName[] = FAULTS.map((f) => f.name);

/** What a run brings to the gate: the prefixes its faults break, the levels, alone or shared. */
export function featuresOf(run: readonly FaultName[]): string[] {
  const breaks = run.flatMap((name) => [...FAULTS.find((f) => f.name === name)!.breaks]);
  const perFault = run.map((name) =>
    (FAULTS.find((f) => f.name === name)!.breaks as readonly string[]).some((id) => requirement(id).level === 'MUST') ? 'breaks a MUST' : 'breaks no MUST',
  );
  return [...new Set([...breaks.map((id) => `prefix ${prefixOf(id)}`), ...perFault, run.length === 1 ? 'a fault alone' : 'faults sharing a run'])];
}

/** The runs of the gate: runs of the whole matrix, each bringing a feature no earlier one has. */
export function quickRuns(names: FaultName[] = ALL_FAULTS): FaultName[][] {
  const seen = new Set<string>();
  return groupFaults(names).filter((run) => {
    const fresh = featuresOf(run).filter((f) => !seen.has(f));
    for (const f of fresh) seen.add(f);
    return fresh.length > 0;
  });
}

/**
 * The faults whose whole runs npm test (the gate) takes; the others are the whole set's: of the
 * representative runs, a fault alone that breaks a MUST of the envelope and the report (a 5xx on a
 * body that is not JSON), and the first run the three operation suites share.
 */
export function gateFaults(): FaultName[] {
  const runs = quickRuns();
  return [runs.find((run) => run.join('+') === 'crash-on-bad-json')!, runs.find((run) => run.length >= 3)!].flat();
}

/** A fault of the rate limits: its run measures them (--with-load), timing-based. */
export const breaksRateLimit = (name: FaultName) => FAULTS.find((f) => f.name === name)!.breaks.some((id) => prefixOf(id) === 'RL');

/**
 * The faults of one part: the rate-limit faults run in test/load/fault-matrix-rl.test.ts, one run
 * at a time in the load group, alone on the machine as the probe's own tests (among three other
 * conformance runs on a busy machine a burst of 20 took 3.5 s, and the probe measured nonsense);
 * the others are split between faults-1 and faults-2, every PARTS-th run each.
 */
export function matrixPart(part: number | 'rate-limit', faults: FaultName[] = ALL_FAULTS): FaultName[] {
  if (part === 'rate-limit') return faults.filter(breaksRateLimit);
  return faultsOfPart(
    faults.filter((f) => !breaksRateLimit(f)),
    part,
    PARTS,
  );
}
