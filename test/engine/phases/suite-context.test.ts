// The suites' context (engine/phases/suite-context.ts) as one pure function of the run's givens,
// the preflight's answer, the plan and the mode: what each brings in, and what a run that is not
// the whole selection (a shard, a resume, a replay) leaves out.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/load.ts';
import { referenceRunConfig } from '../../../reference/run-config.ts';
import type { Resume } from '../../../engine/phases/checkpoint.ts';
import type { RunMode } from '../../../engine/mode.ts';
import type { PreflightResult } from '../../../engine/phases/preflight/types.ts';
import { servedBy, suiteContext, type PlannedContext, type SuiteGivens } from '../../../engine/phases/suite-context.ts';

const config = loadConfig({ base: referenceRunConfig('http://127.0.0.1:1', ['t1'], 42, 'default'), env: {} });
const givens: SuiteGivens = {
  config,
  seed: 7,
  nonce: 'n1',
  numRuns: 100,
  deadline: 1_000,
  outDir: '/tmp/out',
  properties: { total: 12, byTest: { 'CU-1': 2 } },
};
const full: RunMode = { kind: 'full' };
const replay = { file: 'suites/customer/create.test.ts', test: 'CU-1 creates', property: 0, path: '0' };
const modes: RunMode[] = [
  { kind: 'shard', shard: { index: 1, count: 2 } },
  { kind: 'resume', resume: { suites: new Set() } as unknown as Resume },
];
const plan = (p: Partial<PlannedContext['plan']> = {}): PlannedContext => ({
  plan: { numRuns: 40, scarce: [], runsBySuite: {}, mustsFirst: [], notPlanned: {}, ...p },
  startPaced: [],
});
const scarcePlan = plan({ scarce: ['report'], runsBySuite: { report: 5 }, mustsFirst: ['report'], notPlanned: { 'RP-19b': 'report: will not fit' } });
const served = Object.keys(config.operations ?? {})[0] as keyof NonNullable<typeof config.operations> | undefined;

describe('suiteContext', () => {
  it('before the preflight: the givens alone, the run not yet sized', () => {
    expect(suiteContext(givens, undefined, undefined, full)).toEqual({
      config,
      seed: 7,
      nonce: 'n1',
      numRuns: 100,
      concurrency: config.run.concurrency,
      deadline: 1_000,
      outDir: '/tmp/out',
      properties: 12,
      propertiesOf: { 'CU-1': 2 },
    });
  });

  it("the preflight's customer, cities and answers; the operations the target does not serve out of its config", () => {
    expect(served).toBeDefined();
    const preflight = {
      problems: [],
      notes: [],
      requests: 3,
      customer: { branchId: 1 },
      cities: { cities: { C1: 'S1' }, unknownCity: 'ZZ', source: 'lists' },
      notServed: { [served!]: 'HTTP 404' },
      operations: { x: { status: 200 } },
    } as unknown as PreflightResult;
    const c = suiteContext(givens, preflight, undefined, full);
    expect(c.preflightCustomer).toBe(preflight.customer);
    expect(c.listedCities).toBe(preflight.cities);
    expect(c.notServed).toEqual({ [served!]: 'HTTP 404' });
    expect(c.config.operations?.[served!]).toBeUndefined();
    expect(c.config).toEqual(servedBy(config, preflight));
    expect(c.preflightOperations).toBe(preflight.operations);
    const bare = suiteContext(givens, { problems: [], notes: [], requests: 0, operations: {} }, undefined, full);
    expect(bare.config).toBe(config);
    expect(Object.keys(bare)).not.toContain('preflightOperations');
  });

  it("a full run: the plan's runs (never more than asked), scarce operations, MUSTs first and what it does not run", () => {
    const c = suiteContext(givens, undefined, scarcePlan, full);
    expect(c).toMatchObject({
      numRuns: 40,
      scarce: ['report'],
      runsBySuite: { report: 5 },
      mustsFirst: ['report'],
      notPlanned: { 'RP-19b': 'report: will not fit' },
    });
    expect(suiteContext({ ...givens, numRuns: 10 }, undefined, plan(), full).numRuns).toBe(10);
    const calm = suiteContext(givens, undefined, plan(), full);
    for (const key of ['scarce', 'runsBySuite', 'mustsFirst', 'notPlanned', 'startPaced']) expect(Object.keys(calm)).not.toContain(key);
    const paced = { name: '5/1m', quota: { requests: 5, windowMs: 60_000 }, operations: ['report'], known: true };
    expect(suiteContext(givens, undefined, { ...plan(), startPaced: [paced] }, full).startPaced).toEqual([paced]);
  });

  it("a shard or a resume: sized and scarce as planned, but neither MUSTs first nor the plan's not-run (the plan of the whole)", () => {
    for (const mode of modes) {
      const c = suiteContext(givens, undefined, scarcePlan, mode);
      expect(c).toMatchObject({ numRuns: 40, scarce: ['report'], runsBySuite: { report: 5 } });
      expect(c.mustsFirst).toBeUndefined();
      expect(c.notPlanned).toBeUndefined();
    }
  });

  it('a replay: its target, its runs as given, scarce operations but no runs by suite', () => {
    const c = suiteContext(givens, undefined, scarcePlan, { kind: 'replay', replay });
    expect(c.replay).toBe(replay);
    expect(c.numRuns).toBe(100);
    expect(c.scarce).toEqual(['report']);
    for (const key of ['runsBySuite', 'mustsFirst', 'notPlanned']) expect(Object.keys(c)).not.toContain(key);
  });
});
