// The run's one shared object in the suite worker: what the run learns about the target while it
// goes and every test may need (the vendor's own report limit cap). One object per run, reached
// from any test through its harness (h.run); never a module-level map per fact.
import type { MasterLists } from '../contract/checks/report-list-filters.ts';
import type { Exchange } from '../core/types.ts';
import type { VoucherRun } from '../suites/order-status/vouchers.ts';
import type { SuiteContext } from './context.ts';

/** 8 rule 2: "the maximum value of limit: not shown" - what the run learned of the target's cap (RP-13). */
export interface LimitCap {
  /** The largest limit the target answered 200 for the fixture query when the run first asked. */
  accepted: number;
  /** The smallest limit refused with a 4xx above `accepted` at that time (the cap lies below it), if any. */
  refused?: number;
  /** What the target said when it refused it. */
  refusal?: string;
  /** Limits refused later above `accepted` (each a cap refusal, never a failure), smallest first. */
  refusedLater: number[];
}

export interface RunShared {
  report: {
    /** The cap as learned once, by the first walk of the fixture range (suites/report/query.ts). */
    cap?: Promise<LimitCap>;
    /** The product and recipe lists of the index (section 1), read once: the report's filter ids related to products (suites/report/filter-ids.ts). */
    lists?: Promise<MasterLists | string>;
    /** The first ids each id filter's own list gives (category, brand ...), read once per list. */
    listIds?: Partial<Record<string, Promise<string[]>>>;
    /** Every distinct report request of the run (its body text) and its answer: sent once per run. */
    answers: Map<string, Promise<Exchange>>;
  };
  /** The order-status vouchers of this run: those handed out (pool or Order Create), the transitions tried (suites/order-status/vouchers.ts). */
  vouchers?: VoucherRun;
  /** Tests of each suite that verify a MUST and have not ended (runtime/must-first.ts). */
  mustsPending: Map<string, { left: number; done: Promise<void>; resolve: () => void }>;
}

const runs = new Map<string, RunShared>();

/** The run's shared object (a run is its nonce and its deadline). */
export function runShared(ctx: SuiteContext): RunShared {
  const key = `${ctx.nonce}|${ctx.deadline}|${ctx.config.target.baseUrl}`;
  let run = runs.get(key);
  if (!run) runs.set(key, (run = { report: { answers: new Map() }, mustsPending: new Map() }));
  return run;
}
