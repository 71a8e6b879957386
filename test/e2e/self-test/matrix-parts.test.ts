// The fault matrix's parts (matrix-parts.ts): the whole matrix of CI holds every fault of the
// reference exactly once across its three files; the quick set of npm test is made of runs of the
// whole matrix, each fault once, split between the three files once, and still reaches every
// suite, both levels and both kinds of run. No conformance run here: this is the plan only.
import { describe, expect, it } from 'vitest';
import { prefixOf } from '../../../contract/requirements.ts';
import { FAULTS } from '../../../reference/faults.ts';
import { groupFaults } from './matrix.ts';
import { ALL_FAULTS, breaksRateLimit, featuresOf, isFullMatrix, matrixFaults, matrixPart, PARTS, quickRuns } from './matrix-parts.ts';

/** The faults of each test file of the matrix: faults-1, faults-2 and the rate-limit one. */
const parts = (env: NodeJS.ProcessEnv) => [...Array.from({ length: PARTS }, (_, i) => matrixPart(i + 1, env)), matrixPart('rate-limit', env)];
const sorted = <T>(list: T[]) => [...list].sort();

describe('the parts of the fault matrix', () => {
  it('hold every fault of the reference exactly once in the whole matrix (ERP_FULL_MATRIX=1)', () => {
    const env = { ERP_FULL_MATRIX: '1' };
    const all = matrixFaults(env);
    expect(sorted(all)).toEqual(sorted(FAULTS.map((f) => f.name)));
    expect(sorted(parts(env).flat())).toEqual(sorted(all));
    for (const p of parts(env)) expect(p.length).toBeGreaterThan(0);
  });

  it('hold each fault of the quick set once, split between the three files once', () => {
    const quick = matrixFaults({});
    expect(new Set(quick).size).toBe(quick.length);
    expect(sorted(parts({}).flat())).toEqual(sorted(quick));
    for (const p of parts({})) expect(p.length).toBeGreaterThan(0);
  });

  it("run every rate-limit fault, and only those, in the load group's file", () => {
    const rl = matrixPart('rate-limit', { ERP_FULL_MATRIX: '1' });
    expect(sorted(rl)).toEqual(sorted(FAULTS.filter((f) => f.breaks.some((id) => id.startsWith('RL-'))).map((f) => f.name)));
    for (const p of [1, 2]) expect(matrixPart(p, { ERP_FULL_MATRIX: '1' }).filter(breaksRateLimit)).toEqual([]);
  });

  it('make the quick set of whole runs of the full matrix, grouped as in CI', () => {
    const full = groupFaults(ALL_FAULTS).map((run) => run.join('+'));
    const quick = quickRuns();
    for (const run of quick) expect(full).toContain(run.join('+'));
    // Run by themselves, the quick faults fall into the same runs again (faultMatrix groups its list).
    expect(groupFaults(quick.flat())).toEqual(quick);
    for (const p of parts({})) expect(groupFaults(p).every((run) => quick.some((q) => q.join('+') === run.join('+')))).toBe(true);
  });

  it('reach in the quick set every requirement prefix a fault breaks, both levels and both kinds of run', () => {
    const covered = new Set(quickRuns().flatMap(featuresOf));
    const prefixes = new Set(FAULTS.flatMap((f) => f.breaks.map((id) => `prefix ${prefixOf(id)}`)));
    expect(prefixes.size).toBeGreaterThanOrEqual(6);
    for (const p of prefixes) expect(covered, p).toContain(p);
    for (const f of ['breaks a MUST', 'breaks no MUST', 'a fault alone', 'faults sharing a run']) expect(covered, f).toContain(f);
  });

  it('keep the quick set a small part of the whole matrix, and the choice deterministic', () => {
    expect(quickRuns().length * 4).toBeLessThanOrEqual(groupFaults(ALL_FAULTS).length);
    expect(quickRuns()).toEqual(quickRuns());
    // The first run of the matrix is always in it: the walk takes what is new, in FAULTS order.
    expect(quickRuns()[0]).toEqual(groupFaults(ALL_FAULTS)[0]);
  });

  it('follow ERP_FULL_MATRIX: 1 or true runs every fault, anything else the quick set', () => {
    expect(isFullMatrix({ ERP_FULL_MATRIX: '1' })).toBe(true);
    expect(isFullMatrix({ ERP_FULL_MATRIX: 'true' })).toBe(true);
    expect(isFullMatrix({ ERP_FULL_MATRIX: '0' })).toBe(false);
    expect(isFullMatrix({ CI: 'true' })).toBe(false);
    expect(matrixFaults({ ERP_FULL_MATRIX: '1' })).toHaveLength(FAULTS.length);
    expect(matrixFaults({}).length).toBeLessThan(FAULTS.length);
  });
});
