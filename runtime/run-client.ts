// The run's one client in the suite worker: every test's requests go through it, on one
// transport and through one scheduler (client/scheduler.ts): run.concurrency requests in flight,
// fewer as the target's latency grows (client/scheduler/adaptive-concurrency.ts), the user's cap (run.rateLimit), pacing under the quota the target announces, 429s waited out
// and resent (a 429 during the functional suites is not a failure), the run and request budgets,
// and a breaker, so a target that stopped answering ends the run quickly instead of timing out
// on every property run.
import { createRequire } from 'node:module';
import { createClient, type Client } from '../client/operations.ts';
import { ADAPTIVE_SLACK_MS } from '../client/scheduler/adaptive-concurrency.ts';
import { createScheduler } from '../client/scheduler.ts';
import { statedQuotas } from '../client/stated-quotas.ts';
import type { NotSentReason } from '../core/types.ts';
import type { SuiteContext } from './context.ts';
import { startProgress, stopProgress } from './progress.ts';
import { defineRunState, forgetRuns, runShared, type RunOf } from './run-state.ts';
import { forgetRun, stopOnSignals } from './worker-signals.ts';

/** A 429 is waited out for up to 30 s, or a stated quota's whole window when longer ("5/1m": 60 s). */
export function retryWaitMs(rateLimit: Parameters<typeof statedQuotas>[0]): number {
  return Math.max(30_000, ...statedQuotas(rateLimit).map((q) => q.quota.windowMs + 5000));
}

/** Consecutive requests without an answer after which the target is taken as down (for a while). */
const BREAKER_THRESHOLD = 3;

export type SuiteClient = Pick<Client, 'updateOrderStatus' | 'createCustomer' | 'report' | 'readContact' | 'index' | 'raw' | 'close'>;

/** The run's client and its scheduler, made at the run's first request. */
/** undici's fast timers (its module of timers: the clock its requests' timeouts share). */
const undiciTimers = () => createRequire(import.meta.url)('undici/lib/util/timers.js') as { reset(): void };

const clientOf = defineRunState('client', (run) => {
  const { ctx } = run;
  const rc = ctx.config.run;
  const scheduler = createScheduler({
    concurrency: ctx.concurrency,
    pacing: true,
    // Paced from the first request at every limit known before sending, not only after 429s.
    quotas: [...statedQuotas(rc.rateLimit), ...(ctx.startPaced ?? [])],
    retry429: { maxRetries: 5, maxWaitMs: retryWaitMs(rc.rateLimit) },
    deadline: ctx.deadline,
    ...(rc.maxRequests !== undefined ? { maxRequests: rc.maxRequests } : {}),
    breakerThreshold: BREAKER_THRESHOLD,
    backoff: { resend: false },
    // run.concurrency is the ceiling: fewer in flight while the target's latency grows (ADAPTIVE_SLACK_MS).
    adaptive: { slackMs: ADAPTIVE_SLACK_MS },
  });
  const client = createClient(ctx.config.target, { scheduler, keep: false, operations: ctx.config.operations });
  startProgress(
    run,
    ctx.outDir,
    () => scheduler.stats(),
    undefined,
    () => scheduler.learnt(),
  );
  // The signal handlers are the worker's (installed once): a signal stops every run it serves.
  stopOnSignals((reason) => {
    for (const made of clientOf.made()) made.scheduler.stop(reason);
  });
  return { client, scheduler };
});

/** Resolves once every request of the run sent or waiting now has been answered and handled. */
export function settled(of: RunOf): Promise<void> {
  return clientOf.peek(of)?.scheduler.settled() ?? Promise.resolve();
}

/** Every waiting and later request of the run is not sent (an interrupt): tests end at their next request. */
export function stopRun(of: RunOf, reason: NotSentReason = 'interrupted'): void {
  clientOf.peek(of)?.scheduler.stop(reason);
}

/** The run's client (made at the run's first request). */
export function runClient(ctx: SuiteContext): SuiteClient {
  const { client } = clientOf(runShared(ctx));
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

/**
 * Ends what this worker's runs hold for a kept worker's next run: every run's client is closed (its
 * connections end), and undici's one clock timer, made inside the first flow that sent and refreshed
 * from then on, is made anew by the next run: each carries the flow that made it
 * (client/scheduler/slots.ts), and so that flow's test and its run. The progress stops and the
 * registry forgets the runs: a second call finds nothing to end.
 */
export async function releaseRuns(): Promise<void> {
  await Promise.all(clientOf.made().map((made) => made.client.close()));
  undiciTimers().reset();
  forgetRun();
  stopProgress();
  forgetRuns();
}
