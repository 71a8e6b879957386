// The client the suites use: the recording client of client/, with 429 back-off (a 429 during
// the functional suites is not a failure: it is honoured, retried and recorded) and a circuit
// breaker, so a target that stopped answering ends the run quickly instead of timing out on
// every property run.
import { createClient } from '../../client/operations.ts';
import type { RunConfig } from '../../config/schema.ts';
import type { Exchange } from '../../contract/types.ts';

/** Consecutive transport failures after which the target is taken as down for this file. */
const BREAKER_THRESHOLD = 3;

type Inner = ReturnType<typeof createClient>;
type Op = 'updateOrderStatus' | 'createCustomer' | 'report' | 'readContact' | 'raw';

export interface SuiteClient {
  updateOrderStatus: Inner['updateOrderStatus'];
  createCustomer: Inner['createCustomer'];
  report: Inner['report'];
  readContact: Inner['readContact'];
  raw: Inner['raw'];
  /** Called with every exchange (the harness checks it). */
  onExchange?: (ex: Exchange) => void;
  close(): Promise<void>;
}

export function suiteClient(config: RunConfig): SuiteClient {
  let consecutiveFailures = 0;
  let lastFailure: Exchange | undefined;
  const outer: Partial<SuiteClient> = {};
  const inner = createClient(config.target, {
    retry429: { maxRetries: 5, maxWaitMs: 30_000 },
  });

  const wrap = <K extends Op>(op: K): Inner[K] =>
    (async (args: never) => {
      let ex: Exchange;
      if (consecutiveFailures >= BREAKER_THRESHOLD && lastFailure) {
        // Not sent: the target failed the last BREAKER_THRESHOLD requests at the transport level.
        ex = {
          ...lastFailure,
          seq: lastFailure.seq,
          failure: { kind: lastFailure.failure!.kind, message: `not sent: the previous ${BREAKER_THRESHOLD} requests failed (${lastFailure.failure!.message})` },
        };
      } else {
        ex = await (inner[op] as (a: never) => Promise<Exchange>)(args);
        if (ex.failure && !ex.response) {
          consecutiveFailures++;
          lastFailure = ex;
        } else {
          consecutiveFailures = 0;
        }
      }
      outer.onExchange?.(ex);
      return ex;
    }) as Inner[K];

  Object.assign(outer, {
    updateOrderStatus: wrap('updateOrderStatus'),
    createCustomer: wrap('createCustomer'),
    report: wrap('report'),
    readContact: wrap('readContact'),
    raw: wrap('raw'),
    close: () => inner.close(),
  });
  return outer as SuiteClient;
}
