// The fault matrix's parts (matrix-parts.ts): the whole matrix of CI holds every fault of the
// reference exactly once across its three files; the part npm test runs is made of runs of the
// whole matrix, each fault once, and still reaches every suite, both levels and both kinds of run.
// Faults sharing a run never share an id (matrix-groups.ts), so each failed id has one owner.
// No conformance run here: this is the plan only.
import { describe, expect, it } from 'vitest';
import { prefixOf, requirement } from '../../../contract/requirements.ts';
import { fault, FAULTS, mayFail, type Fault, type FaultName } from '../../../reference/faults.ts';
import { groupFaults, TOKENLESS_ONLY } from './matrix.ts';
import { APART, laneOf } from './matrix-groups.ts';
import { ALL_FAULTS, breaksRateLimit, featuresOf, gateFaults, matrixPart, PARTS, quickRuns } from './matrix-parts.ts';

/** The faults of each test file of the matrix: faults-1, faults-2 and the rate-limit one. */
const parts = (faults = ALL_FAULTS) => [...Array.from({ length: PARTS }, (_, i) => matrixPart(i + 1, faults)), matrixPart('rate-limit', faults)];
const sorted = <T>(list: T[]) => [...list].sort();

describe('the parts of the fault matrix', () => {
  it('hold every fault of the reference exactly once in the whole matrix', () => {
    expect(sorted(ALL_FAULTS)).toEqual(sorted(FAULTS.map((f) => f.name)));
    expect(sorted(parts().flat())).toEqual(sorted(ALL_FAULTS));
    for (const p of parts()) expect(p.length).toBeGreaterThan(0);
  });

  it("hold each fault of npm test's part once: two representative runs, no rate-limit fault", () => {
    const gate = gateFaults();
    expect(new Set(gate).size).toBe(gate.length);
    // Each file runs in npm test the faults of its part that the gate takes (fault-matrix.ts).
    const shares = parts().map((p) => p.filter((f) => gate.includes(f)));
    expect(sorted(shares.flat())).toEqual(sorted(gate));
    expect(shares.at(-1)).toEqual([]);
    // Runs of the representative set: a fault alone, and one run the three operation suites share.
    const runs = groupFaults(gate);
    expect(runs.map((run) => run.length).sort()).toEqual([1, 3]);
    for (const run of runs) expect(quickRuns().map((q) => q.join('+'))).toContain(run.join('+'));
  });

  it("run every rate-limit fault, and only those, in the load group's file", () => {
    const rl = matrixPart('rate-limit');
    expect(sorted(rl)).toEqual(sorted(FAULTS.filter((f) => f.breaks.some((id) => id.startsWith('RL-'))).map((f) => f.name)));
    for (const p of [1, 2]) expect(matrixPart(p).filter(breaksRateLimit)).toEqual([]);
  });

  it('make the gate of whole runs of the full matrix, grouped as in CI', () => {
    const full = groupFaults(ALL_FAULTS).map((run) => run.join('+'));
    const quick = quickRuns();
    for (const run of quick) expect(full).toContain(run.join('+'));
    // Run by themselves, the quick faults fall into the same runs again (faultMatrix groups its list).
    expect(groupFaults(quick.flat())).toEqual(quick);
    for (const p of parts(gateFaults())) expect(groupFaults(p).every((run) => quick.some((q) => q.join('+') === run.join('+')))).toBe(true);
  });

  it('pair a token fault only with one report fault, and each part falls into the same runs again', () => {
    const tokenless = (name: string) => (TOKENLESS_ONLY as readonly string[]).includes(name);
    for (const name of TOKENLESS_ONLY)
      expect(
        FAULTS.find((f) => f.name === name)!.breaks.every((id) => /^(AUTH|IX)-/.test(id)),
        name,
      ).toBe(true);
    const runs = groupFaults(ALL_FAULTS);
    const paired = runs.filter((run) => run.length > 1 && run.some(tokenless));
    expect(paired.length).toBeGreaterThan(0);
    for (const run of paired) {
      expect(run, run.join('+')).toHaveLength(2);
      const other = FAULTS.find((f) => f.name === run[1])!;
      expect(
        other.breaks.every((id) => requirement(id).suite === 'report'),
        run.join('+'),
      ).toBe(true);
    }
    // A file of the matrix regroups its part (faultMatrix): the runs it makes are the whole matrix's.
    const whole = runs.map((run) => run.join('+'));
    for (const p of parts()) for (const run of groupFaults(p)) expect(whole).toContain(run.join('+'));
  });

  it('share a run of the operations between faults of different ids, two at most per operation', () => {
    const idsOf = (name: string) => {
      const f: Fault = fault(name as FaultName);
      return [...mayFail(f), ...(f.leavesOpen ?? [])];
    };
    const runs = groupFaults(ALL_FAULTS);
    for (const run of runs) {
      const ids = run.flatMap(idsOf);
      expect(new Set(ids).size, run.join('+')).toBe(ids.length);
      const lanes = run.map((name) => laneOf(fault(name)));
      for (const lane of new Set(lanes)) expect(lanes.filter((l) => l === lane).length, run.join('+')).toBeLessThanOrEqual(lane === null ? 1 : 2);
    }
    // Most faults of the operations share a lane with another: two runs of the operations in one.
    const shared = runs.filter((run) => run.length > 3);
    expect(shared.length).toBeGreaterThanOrEqual(8);
    for (const run of shared)
      expect(
        run.every((name) => laneOf(fault(name)) !== null && !fault(name).profile),
        run.join('+'),
      ).toBe(true);
  });

  it('reach in the gate every requirement prefix a fault breaks, both levels and both kinds of run', () => {
    const covered = new Set(quickRuns().flatMap(featuresOf));
    const prefixes = new Set(FAULTS.flatMap((f) => f.breaks.map((id) => `prefix ${prefixOf(id)}`)));
    expect(prefixes.size).toBeGreaterThanOrEqual(6);
    for (const p of prefixes) expect(covered, p).toContain(p);
    for (const f of ['breaks a MUST', 'breaks no MUST', 'a fault alone', 'faults sharing a run']) expect(covered, f).toContain(f);
  });

  it('keep the gate a small part of the whole matrix, and the choice deterministic', () => {
    expect(quickRuns().length * 4).toBeLessThanOrEqual(groupFaults(ALL_FAULTS).length);
    expect(quickRuns()).toEqual(quickRuns());
    // The first run of the matrix is always in it: the walk takes what is new, in FAULTS order.
    expect(quickRuns()[0]).toEqual(groupFaults(ALL_FAULTS)[0]);
  });
});
