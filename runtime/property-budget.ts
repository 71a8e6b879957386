// A request budget (run.maxRequests) is shared among the properties of a run still to run: a
// property that spent its share (after MIN_RUNS runs) starts no more runs, and what it leaves
// unspent goes to those after it. Its examples always run (the floor of its evidence, the first of
// its numRuns runs) and spend from its share: the random runs get what is left. What a run sends
// besides its properties is FIXED_COST. The counts are run state (runtime/run-state.ts): every
// test of the run shares them.
import { defineRunState, type RunOf } from './run-state.ts';

/** Runs a property makes before the request budget may stop it. */
export const MIN_RUNS = 3;
/** What a run sends besides its property runs (measured against the reference: about 500). */
export const FIXED_COST = 500;
/** Properties started in this run, and the requests they spent (the budget is shared among those left). */
const propertyBudget = defineRunState('property-budget', () => ({ started: 0, spent: 0 }));

/** One property's share, taken as it starts. */
export interface PropertyShare {
  /** Whether the property has run enough: MIN_RUNS runs, and its share of requests spent. */
  enough(launched: number, spent: number): boolean;
  /** Gives back what the property spent in all, once it ended. */
  spent(requests: number): void;
}

/**
 * The share of the property starting now: what is left of `maxRequests` after FIXED_COST and what
 * the properties before it spent, divided among it and those still to start (`properties`: how
 * many the run's tests declare). No budget: the property runs all its runs.
 */
export function propertyShare(of: RunOf, maxRequests: number | undefined, properties: number | undefined): PropertyShare {
  const budget = propertyBudget(of);
  const pool = maxRequests === undefined ? Infinity : Math.max(0, maxRequests - FIXED_COST - budget.spent);
  const share = pool / Math.max(1, (properties ?? 1) - budget.started);
  budget.started++;
  return {
    enough: (launched, spent) => launched >= MIN_RUNS && spent >= share,
    spent: (requests) => {
      budget.spent += requests;
    },
  };
}
