// Slots and flows: at most `concurrency` requests in flight. When more wait, the next slot goes
// to the flow (one test of the suites) with the fewest requests in flight, the longest waiting
// first among equals: a test that sends one request after another (a voucher's lifecycle, a walk
// page after page) never waits behind the hundreds of runs of a property. A burst flow (requests
// sent at once to find lost updates or id races) goes first, so its requests meet at the target.
// A request that must wait for its operation's pace gives its slot back meanwhile (job.park): a
// slow report quota never holds the slots the writes need. A burst may use every configured slot
// even when the adaptive limit has fallen below that: requests that must meet at the target are
// never sent one after another.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createGang, type Gang } from './gang.ts';
import type { Policy } from './policy.ts';

/** A flow: its name, whether its requests go together, the signal that stops its requests (a test's
 *  time limit), and whether its test verifies a MUST (true: its requests go first where a pace makes
 *  them wait; false: after those; unset, a request of no test (a hook, a shared fixture): never held back).
 *  `raised`: whether its requests go before a MUST's now (a MUST's test waits for what its test holds). */
export interface Flow {
  name: string;
  burst: boolean;
  stop?: AbortSignal;
  must?: boolean;
  raised?: () => boolean;
  /** A burst whose requests must meet: they wait for each other before they go (gang.ts). */
  gang?: Gang;
}

const flows = new AsyncLocalStorage<Flow>();

/**
 * Runs `fn` as flow `name`: the requests it sends share one fair share of the scheduler's slots.
 * A burst flow's requests go before every other waiting request. Once `stop` is aborted, the
 * flow's requests are not sent; a flow inside another keeps the outer one's `stop`, `must` and `raised`.
 * `together`: a burst's first `together` requests wait for each other and go in one turn (gang.ts).
 */
export function inFlow<T>(
  name: string,
  fn: () => T,
  o: { burst?: boolean; together?: number; stop?: AbortSignal; must?: boolean; raised?: () => boolean } = {},
): T {
  const stop = o.stop ?? flows.getStore()?.stop;
  const must = o.must ?? flows.getStore()?.must;
  const raised = o.raised ?? flows.getStore()?.raised;
  const gang = o.burst && (o.together ?? 0) > 1 ? createGang(o.together!) : undefined;
  return flows.run(
    {
      name,
      burst: o.burst ?? false,
      ...(stop ? { stop } : {}),
      ...(must !== undefined ? { must } : {}),
      ...(raised ? { raised } : {}),
      ...(gang ? { gang } : {}),
    },
    fn,
  );
}

/** The flow of the calling code ('' outside any). */
export function currentFlow(): Flow {
  return flows.getStore() ?? { name: '', burst: false };
}

export interface Slots {
  policy: Policy;
  inFlight(): number;
  /** Fewer (or more again) requests in flight from now on, never below 1 nor above the configured number. */
  setLimit(n: number): void;
  limit(): number;
}

export function createSlots(concurrency: number, sleep: (ms: number) => Promise<void>): Slots {
  let limit = concurrency;
  let inFlight = 0;
  const flowInFlight = new Map<string, number>();
  const waiting: { flow: string; burst: boolean; go: () => void }[] = [];

  const take = (flow: string) => {
    inFlight++;
    flowInFlight.set(flow, (flowInFlight.get(flow) ?? 0) + 1);
  };
  /** A burst's requests may fill every configured slot; others stop at the (adaptive) limit. */
  const capOf = (burst: boolean) => (burst ? concurrency : limit);
  const acquire = (flow: string, burst: boolean) => {
    const ahead = burst ? waiting.some((w) => w.burst) : waiting.length > 0;
    if (inFlight < capOf(burst) && !ahead) return (take(flow), Promise.resolve());
    return new Promise<void>((go) => waiting.push({ flow, burst, go }));
  };
  const wake = () => {
    while (waiting.length > 0) {
      const i = nextWaiter();
      if (inFlight >= capOf(waiting[i]!.burst)) return;
      const [next] = waiting.splice(i, 1);
      take(next!.flow);
      next!.go();
    }
  };
  const release = (flow: string) => {
    inFlight--;
    const left = (flowInFlight.get(flow) ?? 1) - 1;
    if (left > 0) flowInFlight.set(flow, left);
    else flowInFlight.delete(flow);
    wake();
  };
  /** The first waiter of a burst; else the first waiter of the flow with the fewest requests in flight. */
  const nextWaiter = (): number => {
    const burst = waiting.findIndex((w) => w.burst);
    if (burst >= 0) return burst;
    let best = 0;
    let fewest = Infinity;
    for (let i = 0; i < waiting.length && fewest > 0; i++) {
      const n = flowInFlight.get(waiting[i]!.flow) ?? 0;
      if (n < fewest) ((fewest = n), (best = i));
    }
    return best;
  };

  const policy: Policy = (next) => async (job) => {
    await acquire(job.flow, job.burst);
    job.park = async (ms) => {
      release(job.flow);
      try {
        await sleep(ms);
      } finally {
        await acquire(job.flow, job.burst);
      }
    };
    try {
      return await next(job);
    } finally {
      release(job.flow);
    }
  };
  return {
    policy,
    inFlight: () => inFlight,
    setLimit: (n) => {
      limit = Math.max(1, Math.min(concurrency, Math.floor(n)));
      wake();
    },
    limit: () => limit,
  };
}
