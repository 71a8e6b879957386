// The run's one client in the suite worker: every test's requests go through it, on one
// transport and through one scheduler (client/scheduler.ts): run.concurrency requests in flight,
// the user's cap (run.rateLimit), pacing under the quota the target announces, 429s waited out
// and resent (a 429 during the functional suites is not a failure), the run and request budgets,
// and a breaker, so a target that stopped answering ends the run quickly instead of timing out
// on every property run.
import { createClient, type Client } from '../../client/operations.ts';
import { createScheduler, parseCap, type Scheduler } from '../../client/scheduler.ts';
import type { SuiteContext } from './context.ts';
import { startProgress } from './progress.ts';

/** Consecutive requests without an answer after which the target is taken as down (for a while). */
const BREAKER_THRESHOLD = 3;

export type SuiteClient = Pick<Client, 'updateOrderStatus' | 'createCustomer' | 'report' | 'readContact' | 'index' | 'raw' | 'close'>;

let shared: { client: Client; scheduler: Scheduler } | undefined;

/** Resolves once every request of the run sent or waiting now has been answered and handled. */
export function settled(): Promise<void> {
  return shared ? shared.scheduler.settled() : Promise.resolve();
}

/** The run's client (created on first use in the worker). */
export function runClient(ctx: SuiteContext): SuiteClient {
  if (!shared) {
    const run = ctx.config.run;
    const scheduler = createScheduler({
      concurrency: ctx.concurrency,
      pacing: true,
      ...(run.rateLimit ? { cap: parseCap(run.rateLimit) } : {}),
      retry429: { maxRetries: 5, maxWaitMs: 30_000 },
      deadline: ctx.deadline,
      ...(run.maxRequests !== undefined ? { maxRequests: run.maxRequests } : {}),
      breakerThreshold: BREAKER_THRESHOLD,
    });
    shared = { client: createClient(ctx.config.target, { scheduler, keep: false }), scheduler };
    startProgress(ctx.outDir, () => shared!.scheduler.stats());
  }
  const { client } = shared;
  return {
    updateOrderStatus: client.updateOrderStatus,
    createCustomer: client.createCustomer,
    report: client.report,
    readContact: client.readContact,
    index: client.index,
    raw: client.raw,
    close: client.close,
  };
}
