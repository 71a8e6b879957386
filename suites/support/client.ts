// The run's one client in the suite worker: every test's requests go through it (one transport,
// one scheduler), with 429 back-off (a 429 during the functional suites is not a failure: it is
// honoured, retried and recorded) and a circuit breaker, so a target that stopped answering ends
// the run quickly instead of timing out on every property run.
import { createClient } from '../../client/operations.ts';
import type { Exchange } from '../../contract/types.ts';
import type { SuiteContext } from './context.ts';
import { startProgress } from './progress.ts';

/** Consecutive transport failures after which the target is taken as down. */
const BREAKER_THRESHOLD = 3;

type Inner = ReturnType<typeof createClient>;
type Op = 'updateOrderStatus' | 'createCustomer' | 'report' | 'readContact' | 'raw';

export interface SuiteClient {
  updateOrderStatus: Inner['updateOrderStatus'];
  createCustomer: Inner['createCustomer'];
  report: Inner['report'];
  readContact: Inner['readContact'];
  raw: Inner['raw'];
  close(): Promise<void>;
}

let shared: SuiteClient | undefined;

/** The run's client (created on first use in the worker). */
export function runClient(ctx: SuiteContext): SuiteClient {
  if (!shared) {
    shared = suiteClient(ctx);
    startProgress(ctx.outDir);
  }
  return shared;
}

function suiteClient(ctx: SuiteContext): SuiteClient {
  let consecutiveFailures = 0;
  let lastFailure: Exchange | undefined;
  const inner = createClient(ctx.config.target, { retry429: { maxRetries: 5, maxWaitMs: 30_000 } });

  const notSent = (template: Exchange, reason: NonNullable<Exchange['notSent']>['reason'], message: string): Exchange => {
    const { response: _r, json: _j, jsonError: _e, failure: _f, rateLimited: _l, ...rest } = template;
    return { ...rest, notSent: { reason, message }, durationMs: 0 };
  };

  const wrap = <K extends Op>(op: K): Inner[K] =>
    (async (args: never) => {
      if (Date.now() >= ctx.deadline && lastFailure) return notSent(lastFailure, 'budget', 'the run budget (run.maxDurationSeconds) is spent');
      if (consecutiveFailures >= BREAKER_THRESHOLD && lastFailure) {
        return notSent(lastFailure, 'breaker', `the previous ${BREAKER_THRESHOLD} requests failed (${lastFailure.failure?.message ?? 'no answer'})`);
      }
      const ex = await (inner[op] as (a: never) => Promise<Exchange>)(args);
      lastFailure = ex;
      if (ex.failure && !ex.response) consecutiveFailures++;
      else consecutiveFailures = 0;
      return ex;
    }) as Inner[K];

  return {
    updateOrderStatus: wrap('updateOrderStatus'),
    createCustomer: wrap('createCustomer'),
    report: wrap('report'),
    readContact: wrap('readContact'),
    raw: wrap('raw'),
    close: () => inner.close(),
  };
}
