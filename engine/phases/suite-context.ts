// The suites' context (vitest `provide` erp, runtime/protocol.ts SuiteContext), one pure
// function of what the run knows: its givens (known before it sends), the preflight's answer, the
// plan, and the mode. Without a preflight and a plan it is the context of a worker started before
// them (engine/phases/early-start.ts); with them, the context every pass of the suites gets.
import type { RunConfig } from '../../config/schema.ts';
import { servedConfig } from '../../config/operations.ts';
import type { StatedQuota } from '../../client/scheduler/pacing.ts';
import type { SuiteContext } from '../../runtime/protocol.ts';
import { replayOf, runsWhole, type RunMode } from '../mode.ts';
import type { Plan } from './plan/plan.ts';
import type { PreflightResult } from './preflight/types.ts';

/** What the context holds before the preflight. */
export interface SuiteGivens {
  config: RunConfig;
  seed: number;
  nonce: string;
  numRuns: number;
  /** Epoch ms after which no request is sent (engine/control/budget.ts). */
  deadline: number;
  /** Vitest's timeout of every conformance test (RunOptions.testTimeLimitMs), when the run names one. */
  testTimeLimitMs?: number;
  outDir: string;
  /** The properties the selected suites' tests declare (engine/phases/plan/costs.ts declaredProperties). */
  properties: { total: number; byTest: Record<string, number> };
}

/** What the plan phase decided that the suites follow. */
export interface PlannedContext {
  plan: Pick<Plan, 'numRuns' | 'scarce' | 'runsBySuite' | 'mustsFirst' | 'notPlanned'>;
  /** Limits known before sending beyond run.rateLimit (engine/phases/plan/limits.ts startPacedAt). */
  startPaced: StatedQuota[];
}

/** The config the suites send with: without the operations the preflight found the target does not serve. */
export const servedBy = (config: RunConfig, preflight: Pick<PreflightResult, 'notServed'> | undefined): RunConfig => servedConfig(config, preflight?.notServed);

export function suiteContext(g: SuiteGivens, preflight: PreflightResult | undefined, planned: PlannedContext | undefined, mode: RunMode): SuiteContext {
  const replay = replayOf(mode);
  const c: SuiteContext = {
    config: g.config,
    seed: g.seed,
    nonce: g.nonce,
    numRuns: g.numRuns,
    concurrency: g.config.run.concurrency,
    deadline: g.deadline,
    ...(g.testTimeLimitMs !== undefined ? { testTimeLimitMs: g.testTimeLimitMs } : {}),
    outDir: g.outDir,
    ...(replay ? { replay } : {}),
    // The properties the selected suites' tests declare (the plan's cost table): shares of run.maxRequests.
    properties: g.properties.total,
    propertiesOf: g.properties.byTest,
  };
  if (preflight) {
    if (preflight.customer) c.preflightCustomer = preflight.customer;
    if (preflight.cities) c.listedCities = preflight.cities;
    // Operations the target does not serve are out of scope: the plan does not count them, the
    // suites do not send them (config/operations.ts servedConfig), the certificate says why.
    if (preflight.notServed) {
      c.config = servedBy(g.config, preflight);
      c.notServed = preflight.notServed;
    }
    if (preflight.operations && Object.keys(preflight.operations).length) c.preflightOperations = preflight.operations;
  }
  if (planned) {
    const { plan } = planned;
    if (planned.startPaced.length) c.startPaced = planned.startPaced;
    // A replay runs its one input once, whatever the plan sized.
    if (!replay) c.numRuns = Math.min(g.numRuns, plan.numRuns);
    // Scarce operations: their tests sized down, MUSTs first (a resumed or replayed run, whose tests
    // are a selection, does not wait for tests it does not run).
    if (plan.scarce.length) c.scarce = plan.scarce;
    if (plan.scarce.length && !replay) c.runsBySuite = plan.runsBySuite;
    if (plan.mustsFirst.length && runsWhole(mode)) c.mustsFirst = plan.mustsFirst;
    // Tests the plan cannot give their requests are "not run" with its reason (a resumed, replayed or
    // sharded run runs a selection the plan of the whole does not describe).
    if (Object.keys(plan.notPlanned).length && runsWhole(mode)) c.notPlanned = plan.notPlanned;
  }
  return c;
}
