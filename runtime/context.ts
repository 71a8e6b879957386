// What `erp-conformance run` provides to the suite worker (vitest `provide` / `inject`).
import { inject } from 'vitest';
import type { RunConfig } from '../config/schema.ts';
import type { Customer } from '../contract/schemas/customer.ts';
import type { Exchange } from '../core/types.ts';

/** What the index's lists gave the customer suites (`listedCities` below, found by engine/phases/preflight/cities.ts). */
export interface ListedCities {
  /** City code -> state code: the config's cities, then the other ones the lists gave. */
  cities: Record<string, string>;
  /** A city code no city list read holds (CU-12b). */
  unknownCity: string;
  /** Which lists were read. */
  source: string;
}

/** The preflight's customer, for the suites to reuse as evidence (CU-1, CU-3, CU-8);
 *  engine/phases/preflight/customer.ts creates it. */
export interface PreflightCustomer {
  branchId: number;
  sent: Customer;
  contactId?: number | bigint;
  created: Exchange;
  read?: Exchange;
}

/** Replays one property failure alone (`run --replay`): its test, which property, its fast-check path. */
export interface ReplayTarget {
  file: string;
  test: string;
  property: number;
  path: string;
}

export interface SuiteContext {
  config: RunConfig;
  /** fast-check seed of every property: `--seed` reruns exactly the same requests. */
  seed: number;
  /** The run nonce: with the seed, it makes the values a target may keep unique differ from run to
   *  run (generators/unique-values.ts); given again (`--nonce`), the same requests are sent. */
  nonce: string;
  numRuns: number;
  /** Requests in flight at once (run.concurrency); property runs are evaluated this many at a time. */
  concurrency: number;
  /** Epoch ms after which no request is sent and no test starts (run.maxDurationSeconds). */
  deadline: number;
  /** The run's output folder (the rate-limit suite writes rate-limit.json there, the worker its progress). */
  outDir?: string;
  replay?: ReplayTarget;
  /** Properties in the selected suite files (h.property call sites): shares of the request budget. */
  properties?: number;
  /** The customer the preflight created with the config's master data: evidence the suites reuse. */
  preflightCustomer?: PreflightCustomer;
  /** The cities the index's state and city lists gave (with get-city-list configured): the customers use them. */
  listedCities?: ListedCities;
  /** Operations whose quota cannot serve every test within the budget (engine/phases/plan/plan.ts): their tests
   *  send the fewest requests that still verify each MUST (runtime/scarce.ts). */
  scarce?: string[];
  /** Suites whose tests verifying no MUST wait for those verifying one (runtime/must-first.ts). */
  mustsFirst?: string[];
  /** Runs per property of the suites of scarce operations (engine/phases/plan/plan.ts); the others: numRuns. */
  runsBySuite?: Record<string, number>;
  /** Tests the plan does not run ("file::test" -> why, engine/phases/plan/requirements.ts): "not run" with that reason. */
  notPlanned?: Record<string, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    erp: SuiteContext;
    /** Suite files loaded side by side (runtime/side-by-side.test.ts): waves, one after another. */
    erpWaves: string[][];
    /** A worker started while the preflight runs: the file it waits for (runtime/late-context.ts). */
    erpLate?: string;
  }
}

export function suiteContext(): SuiteContext {
  const ctx = inject('erp');
  if (!ctx) throw new Error('the conformance suites run through `erp-conformance run`, which provides their context');
  return ctx;
}
