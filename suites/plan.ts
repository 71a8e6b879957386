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
/**
 * The cost where an operation is scarce (its quota cannot serve RUN_COST within the budget even at
 * MIN_PLANNED_RUNS): its tests send the fewest requests that still verify each requirement
 * (suites/support/scarce.ts) and those verifying no MUST wait for the MUSTs (must-first.ts).
 */
export const SCARCE_COST: Record<string, { fixed: number; perRun: number; afterMusts: number }> = {
  // Measured on the reference at 5 runs: 205 requests for the preflight and the tests verifying a
  // MUST, 139 for those verifying none (they wait for the MUSTs: suites/support/must-first.ts).
  report: { fixed: 175, perRun: 6, afterMusts: 139 },
};
/** The suite whose tests an operation's requests serve (MUSTs first there when it is scarce). */
const SUITE_OF: Record<string, string> = {
  report: 'report',
  orderStatus: 'order-status',
  orderStatusRead: 'order-status',
  customerCreate: 'customer',
  contactRead: 'customer',
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
  /** Of run.maxDurationSeconds, what was spent before the plan (the preflight). */
  spentSeconds: number;
  /** What will not fit, each with the budget that would fit it. */
  notFit: string[];
  /** Operations sized down to their quota (SCARCE_COST), and the suites that run MUSTs first for them. */
  scarce: string[];
  mustsFirst: string[];
  /** Runs per property of the suites of scarce operations (the others: numRuns). */
  runsBySuite: Record<string, number>;
}

const costOf = (op: string, scarce: ReadonlySet<string>) => (scarce.has(op) ? (SCARCE_COST[op] ?? RUN_COST[op]!) : RUN_COST[op]!);
/** Requests of `op` at n runs per property: all of them, or only those the MUSTs need. */
const need = (op: string, n: number, scarce: ReadonlySet<string> = new Set(), mustsOnly = false) => {
  const c = costOf(op, scarce);
  return Math.ceil(c.fixed + c.perRun * n + (mustsOnly || !('afterMusts' in c) ? 0 : (c as { afterMusts: number }).afterMusts));
};
/** Seconds a quota takes for `requests`: the first window's worth goes at once. */
const secondsFor = (requests: number, q: Quota | undefined) => (q ? Math.max(0, Math.ceil(requests / q.requests) - 1) * (q.windowMs / 1000) : 0);
const quotaOf = (quotas: Record<string, Quota>, op: string) => {
  const list = [quotas[op], quotas['*']].filter((q): q is Quota => q !== undefined);
  return list.sort((a, b) => a.requests / a.windowMs - b.requests / b.windowMs)[0];
};

/** `spentSeconds`: of the budget, what the run spent before the plan (the preflight). */
export function planRun(config: RunConfig, numRuns: number, quotas: Record<string, Quota>, spentSeconds = 0): Plan {
  const budgetSeconds = Math.max(0, config.run.maxDurationSeconds - Math.round(spentSeconds));
  // Scarce: an operation whose quota cannot serve its full cost within the budget even at the fewest runs.
  const scarce = new Set(Object.keys(RUN_COST).filter((op) => secondsFor(need(op, MIN_PLANNED_RUNS), quotaOf(quotas, op)) > budgetSeconds * FILL));
  // n runs per property where requests are plenty, m where they are scarce (each sized on its own).
  const at = (n: number, m: number) => {
    const operations = Object.keys(RUN_COST).map((op) => {
      const quota = quotaOf(quotas, op);
      const requests = need(op, scarce.has(op) ? m : n, scarce);
      const musts = need(op, scarce.has(op) ? m : n, scarce, true);
      return { op, requests, musts, ...(quota ? { quota } : {}), seconds: secondsFor(requests, quota), mustSeconds: secondsFor(musts, quota) };
    });
    // A stated quota on all requests together paces their sum.
    const all = quotas['*'];
    const total = operations.reduce((t, o) => t + o.requests, 0);
    const seconds = Math.max(secondsFor(total, all), ...operations.map((o) => o.seconds));
    const mustSeconds = Math.max(secondsFor(total, all), ...operations.map((o) => o.mustSeconds));
    return { operations, requests: total, seconds, mustSeconds };
  };
  // Where an operation is scarce its MUSTs are to fit; what the other tests need comes after them.
  const inTime = (p: ReturnType<typeof at>) => (scarce.size ? p.mustSeconds : p.seconds) <= budgetSeconds * FILL;
  const fewer = (k: number) => Math.max(MIN_PLANNED_RUNS, Math.floor(k * 0.8));
  // Fewer property runs until the plan fits the time, not below the minimum (run.maxRequests is
  // shared among the properties as they run: suites/support/harness.ts): first where requests are
  // plenty (with the scarce operations at their fewest), then where they are scarce.
  let n = numRuns;
  while (n > MIN_PLANNED_RUNS && !inTime(at(n, MIN_PLANNED_RUNS))) n = fewer(n);
  let m = scarce.size ? numRuns : n;
  while (m > MIN_PLANNED_RUNS && !inTime(at(n, m))) m = fewer(m);
  // The other suites read through quotas too (contact and order-status reads, which a target may
  // share with its other read paths): where one operation is scarce, every suite runs as many.
  if (scarce.size) n = Math.min(n, m);
  const p = at(n, m);
  const notFit: string[] = [];
  {
    for (const o of p.operations) {
      const scarceOp = scarce.has(o.op);
      const [requests, seconds] = scarceOp ? [o.musts, o.mustSeconds] : [o.requests, o.seconds];
      if (seconds > budgetSeconds * FILL)
        notFit.push(
          `${o.op}: ${requests} requests${scarceOp ? ' for its MUSTs' : ''} need ${seconds} s at ${showQuota(o.quota!)}; a run budget of ${Math.ceil((seconds + spentSeconds) / FILL)} s (run.maxDurationSeconds) would fit them`,
        );
      else if (o.seconds > budgetSeconds * FILL)
        notFit.push(
          `${o.op}: after the MUSTs, the SHOULD and INFO tests' ${o.requests - o.musts} requests (${o.seconds} s in all at ${showQuota(o.quota!)}): what the budget leaves is "not run"; a run budget of ${Math.ceil((o.seconds + spentSeconds) / FILL)} s would fit them`,
        );
    }
    if (config.run.maxRequests !== undefined && p.requests > config.run.maxRequests)
      notFit.push(`${p.requests} requests at ${n} runs per property; run.maxRequests ${config.run.maxRequests} is spent before (${p.requests} would fit them)`);
  }
  const mustsFirst = [...new Set([...scarce].map((op) => SUITE_OF[op]!))];
  const runsBySuite = Object.fromEntries(mustsFirst.map((suite) => [suite, Math.min(m, numRuns)]));
  const { mustSeconds: _musts, ...figures } = p;
  const operations = figures.operations.map(({ musts: _m, mustSeconds: _s, ...o }) => o);
  return { numRuns: n, runsBySuite, ...figures, operations, budgetSeconds, spentSeconds: Math.round(spentSeconds), notFit, scarce: [...scarce], mustsFirst };
}

/** The plan as the run prints it before sending. */
export function planLines(plan: Plan, asked: number): string[] {
  const per = plan.operations.map((o) => `${o.op} ${o.requests}${o.quota ? ` at ${showQuota(o.quota)} (${o.seconds} s)` : ''}`).join(', ');
  return [
    `plan: ${plan.requests} requests (${per})`,
    `plan: ${plan.numRuns} runs per property${plan.numRuns < asked ? ` (of ${asked} asked: sized to the budget)` : ''}; expected ${plan.seconds > 0 ? `>= ${plan.seconds} s under the quotas` : 'no wait for quotas'}, budget ${plan.budgetSeconds} s${plan.spentSeconds > 0 ? ` (left after the preflight's ${plan.spentSeconds} s)` : ''}`,
    ...(plan.scarce.length
      ? [
          `plan: scarce: ${plan.scarce.join(', ')}: the fewest requests that verify each requirement, MUSTs first; ${Object.entries(plan.runsBySuite)
            .map(([suite, runs]) => `${suite} ${runs} runs per property`)
            .join(', ')}`,
        ]
      : []),
    ...plan.notFit.map((x) => `plan: will not fit: ${x}`),
  ];
}
