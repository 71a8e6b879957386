// The plan before the first request: from the quotas (stated in run.rateLimit, or learnt by the
// preflight) and the run budget (run.maxDurationSeconds, run.maxRequests), how many requests each
// operation gets, how long the run is expected to take, and what will not fit. Property runs are
// sized to it (fewer runs per property, at least MIN_PLANNED_RUNS); what cannot get even that is
// said before sending, with the budget that would fit it.
//   The cost of a run per operation is `fixed + perRun x numRuns` requests, measured on the
// reference (bench/run-quotas.ts prints the measured figures next to these): `fixed` are the
// requirements' examples (MUSTs first: every requirement gets them before a property gets more
// runs), perRun the property runs.
import type { Quota } from '../contract/quota.ts';
import { showQuota } from '../contract/quota.ts';
import type { RunConfig } from '../config/schema.ts';

export const RUN_COST: Record<string, { fixed: number; perRun: number }> = {
  report: { fixed: 480, perRun: 6 },
  orderStatus: { fixed: 65, perRun: 4.9 },
  customerCreate: { fixed: 13, perRun: 5.2 },
  orderStatusRead: { fixed: 12, perRun: 0 },
  contactRead: { fixed: 18, perRun: 0.5 },
};
/** The fewest runs a property is given before it is reported not run. */
export const MIN_PLANNED_RUNS = 5;
/** The part of the budget the plan fills (the rest absorbs latency and retries). */
const FILL = 0.85;

export interface PlannedOperation {
  op: string;
  requests: number;
  quota?: Quota;
  /** Seconds its quota needs for its requests (0 without a quota). */
  seconds: number;
}

export interface Plan {
  numRuns: number;
  operations: PlannedOperation[];
  requests: number;
  /** Expected seconds: the slowest operation under its quota (operations are paced side by side). */
  seconds: number;
  budgetSeconds: number;
  /** What will not fit, each with the budget that would fit it. */
  notFit: string[];
}

const need = (op: string, n: number) => Math.ceil(RUN_COST[op]!.fixed + RUN_COST[op]!.perRun * n);
/** Seconds a quota takes for `requests`: the first window's worth goes at once. */
const secondsFor = (requests: number, q: Quota | undefined) => (q ? Math.max(0, Math.ceil(requests / q.requests) - 1) * (q.windowMs / 1000) : 0);
const quotaOf = (quotas: Record<string, Quota>, op: string) => {
  const list = [quotas[op], quotas['*']].filter((q): q is Quota => q !== undefined);
  return list.sort((a, b) => a.requests / a.windowMs - b.requests / b.windowMs)[0];
};

export function planRun(config: RunConfig, numRuns: number, quotas: Record<string, Quota>): Plan {
  const budgetSeconds = config.run.maxDurationSeconds;
  const at = (n: number) => {
    const operations = Object.keys(RUN_COST).map((op) => {
      const quota = quotaOf(quotas, op);
      const requests = need(op, n);
      return { op, requests, ...(quota ? { quota } : {}), seconds: secondsFor(requests, quota) };
    });
    // A stated quota on all requests together paces their sum.
    const all = quotas['*'];
    const total = operations.reduce((t, o) => t + o.requests, 0);
    const seconds = Math.max(secondsFor(total, all), ...operations.map((o) => o.seconds));
    return { operations, requests: total, seconds };
  };
  const inTime = (p: ReturnType<typeof at>) => p.seconds <= budgetSeconds * FILL;
  let n = numRuns;
  // Fewer property runs until the plan fits the time, not below the minimum (run.maxRequests is
  // shared among the properties as they run: suites/support/harness.ts).
  while (n > MIN_PLANNED_RUNS && !inTime(at(n))) n = Math.max(MIN_PLANNED_RUNS, Math.floor(n * 0.8));
  const p = at(n);
  const notFit: string[] = [];
  {
    for (const o of p.operations) {
      if (o.seconds > budgetSeconds * FILL)
        notFit.push(
          `${o.op}: ${o.requests} requests need ${o.seconds} s at ${showQuota(o.quota!)}; a run budget of ${Math.ceil(o.seconds / FILL)} s (run.maxDurationSeconds) would fit them`,
        );
    }
    if (config.run.maxRequests !== undefined && p.requests > config.run.maxRequests)
      notFit.push(`${p.requests} requests at ${n} runs per property; run.maxRequests ${config.run.maxRequests} is spent before (${p.requests} would fit them)`);
  }
  return { numRuns: n, ...p, budgetSeconds, notFit };
}

/** The plan as the run prints it before sending. */
export function planLines(plan: Plan, asked: number): string[] {
  const per = plan.operations.map((o) => `${o.op} ${o.requests}${o.quota ? ` at ${showQuota(o.quota)} (${o.seconds} s)` : ''}`).join(', ');
  return [
    `plan: ${plan.requests} requests (${per})`,
    `plan: ${plan.numRuns} runs per property${plan.numRuns < asked ? ` (of ${asked} asked: sized to the budget)` : ''}; expected ${plan.seconds > 0 ? `>= ${plan.seconds} s under the quotas` : 'no wait for quotas'}, budget ${plan.budgetSeconds} s`,
    ...plan.notFit.map((x) => `plan: will not fit: ${x}`),
  ];
}
