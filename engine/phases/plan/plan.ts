// The plan before the first request: from the limits known before sending (run.rateLimit, an
// earlier probe's rate-limit.json, the preflight's answers: engine/phases/plan/limits.ts) and the
// run budget (run.maxDurationSeconds, run.maxRequests), how many requests each requirement gets, MUSTs first, how many each operation sends, how long the run is expected to
// take, and what will not fit. Property runs are sized to it (fewer runs per property, at least
// MIN_PLANNED_RUNS); a requirement that cannot get even that is named before sending, with the
// reason and the budget that would fit it, and its tests are reported "not run" with that reason.
//   The cost of each test per operation is `fixed + perRun x numRuns` requests, measured on the
// reference (engine/phases/plan/costs.json, bench/plan-costs.ts); an operation's cost is the sum of its
// tests'. Where an operation is scarce (SCARCE_COST) its tests send fewer requests.
import { showQuota, type Quota } from '../../../core/quota.ts';
import type { RunConfig } from '../../../config/schema.ts';
import { configuredCosts, PLAN_COSTS, suiteOfTest, type TestCost } from './costs.ts';
import { allocate, requirementLines, type PlannedRequirement } from './requirements.ts';
import { limitLines, type KnownLimit } from './limits.ts';

/** The operations the plan names first (the three of section 4 and the read-back paths); the
 *  index's other operations follow, each with its own quota. */
export const MAIN_OPERATIONS = ['report', 'orderStatus', 'customerCreate', 'orderStatusRead', 'contactRead'];
/**
 * The cost where an operation is scarce (its quota cannot serve its full cost within the budget
 * even at MIN_PLANNED_RUNS): its tests send the fewest requests that still verify each requirement
 * (runtime/scarce.ts) and those verifying no MUST wait for the MUSTs (must-first.ts).
 */
export const SCARCE_COST: Record<string, { fixed: number; perRun: number; afterMusts: number }> = {
  // Measured on the reference at 5 runs: 176 requests for the tests verifying a MUST (of the 205
  // measured, the preflight's 29 fixture counts are taken off: its time is counted as spent before
  // the plan, engine/phases/run-phases.ts), 139 for those verifying none (they wait for the MUSTs:
  // runtime/must-first.ts).
  report: { fixed: 146, perRun: 6, afterMusts: 139 },
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
export const FILL = 0.85;

export interface PlannedOperation {
  op: string;
  /** Requests of the tests the plan runs. */
  requests: number;
  quota?: Quota;
  /** Seconds its quota needs for its requests (0 without a quota). */
  seconds: number;
}

export interface Plan {
  numRuns: number;
  operations: PlannedOperation[];
  requests: number;
  /** Expected seconds of the suites: the slowest operation under its quota (operations are paced side by side). */
  seconds: number;
  /** The run's floor: the preflight's seconds and the suites'. */
  floorSeconds: number;
  budgetSeconds: number;
  /** Of run.maxDurationSeconds, what was spent before the plan (the preflight). */
  spentSeconds: number;
  /** Operations that will not fit, each with the budget that would fit it. */
  notFit: string[];
  /** Operations sized down to their quota (SCARCE_COST), and the suites that run MUSTs first for them. */
  scarce: string[];
  mustsFirst: string[];
  /** Runs per property of the suites of scarce operations (the others: numRuns). */
  runsBySuite: Record<string, number>;
  /** Every requirement the selected suites verify, MUSTs first: its requests per operation, or why it will not fit. */
  requirements: PlannedRequirement[];
  /** The tests the plan does not run (test id -> the reason), so their requirements are "not run" with it. */
  notPlanned: Record<string, string>;
  /** The limit on all requests together, if one is known. */
  allRequests?: Quota;
}

/** The tests of the selected suites (all but the rate-limit suite, whose own pass the load caps bound). */
export function plannedTests(suites?: ReadonlySet<string>): TestCost[] {
  return PLAN_COSTS.tests.filter((t) => (suites ? suites.has(suiteOfTest(t)) : suiteOfTest(t) !== 'rate-limit'));
}

/** An operation's cost, the sum of its tests': `fixed + perRun x numRuns`. */
export function runCost(tests: TestCost[]): Record<string, { fixed: number; perRun: number }> {
  const out: Record<string, { fixed: number; perRun: number }> = {};
  for (const t of tests)
    for (const [op, c] of Object.entries(t.cost)) {
      const o = (out[op] ??= { fixed: 0, perRun: 0 });
      o.fixed += c.fixed;
      o.perRun += c.perRun;
    }
  return out;
}

/** Seconds a quota takes for `requests`: the first window's worth goes at once. */
export const secondsFor = (requests: number, q: Quota | undefined) => (q ? Math.max(0, Math.ceil(requests / q.requests) - 1) * (q.windowMs / 1000) : 0);
/** Requests a quota serves within `seconds` (the inverse of secondsFor). */
export const requestsWithin = (seconds: number, q: Quota | undefined) => (q ? (Math.floor((seconds * 1000) / q.windowMs) + 1) * q.requests : Infinity);
export const quotaOf = (quotas: Record<string, Quota>, op: string) => {
  const list = [quotas[op], quotas['*']].filter((q): q is Quota => q !== undefined);
  return list.sort((a, b) => a.requests / a.windowMs - b.requests / b.windowMs)[0];
};

/** `spentSeconds`: of the budget, what the run spent before the plan (the preflight). `suites`: those selected. */
export function planRun(config: RunConfig, numRuns: number, quotas: Record<string, Quota>, spentSeconds = 0, suites?: ReadonlySet<string>): Plan {
  const budgetSeconds = Math.max(0, config.run.maxDurationSeconds - Math.round(spentSeconds));
  // Only what the config lets the suites send: an index operation it does not configure sends nothing.
  const tests = configuredCosts(plannedTests(suites), config);
  const cost = runCost(tests);
  const ops = [...MAIN_OPERATIONS.filter((op) => cost[op]), ...Object.keys(cost).filter((op) => !MAIN_OPERATIONS.includes(op))];
  const costOf = (op: string, scarce: ReadonlySet<string>) => (scarce.has(op) ? (SCARCE_COST[op] ?? cost[op]!) : cost[op]!);
  /** Requests of `op` at n runs per property: all of them, or only those the MUSTs need. */
  const need = (op: string, n: number, scarce: ReadonlySet<string> = new Set(), mustsOnly = false) => {
    const c = costOf(op, scarce);
    return Math.ceil(c.fixed + c.perRun * n + (mustsOnly || !('afterMusts' in c) ? 0 : (c as { afterMusts: number }).afterMusts));
  };
  // Scarce: an operation whose quota cannot serve its full cost within the budget even at the fewest runs.
  const scarce = new Set(MAIN_OPERATIONS.filter((op) => cost[op] && secondsFor(need(op, MIN_PLANNED_RUNS), quotaOf(quotas, op)) > budgetSeconds * FILL));
  // n runs per property where requests are plenty, m where they are scarce (each sized on its own).
  const at = (n: number, m: number) => {
    const operations = ops.map((op) => {
      const quota = quotaOf(quotas, op);
      const requests = need(op, scarce.has(op) ? m : n, scarce);
      const musts = need(op, scarce.has(op) ? m : n, scarce, true);
      return { op, requests, musts, ...(quota ? { quota } : {}), seconds: secondsFor(requests, quota), mustSeconds: secondsFor(musts, quota) };
    });
    // A stated quota on all requests together paces their sum.
    const total = operations.reduce((t, o) => t + o.requests, 0);
    const seconds = Math.max(secondsFor(total, quotas['*']), ...operations.map((o) => o.seconds));
    const mustSeconds = Math.max(secondsFor(total, quotas['*']), ...operations.map((o) => o.mustSeconds));
    return { operations, requests: total, seconds, mustSeconds };
  };
  // Where an operation is scarce its MUSTs are to fit; what the other tests need comes after them.
  const inTime = (p: ReturnType<typeof at>) => (scarce.size ? p.mustSeconds : p.seconds) <= budgetSeconds * FILL;
  const fewer = (k: number) => Math.max(MIN_PLANNED_RUNS, Math.floor(k * 0.8));
  // Fewer property runs until the plan fits the time, not below the minimum (run.maxRequests is
  // shared among the properties as they run: runtime/harness.ts): first where requests are
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
  for (const o of p.operations) {
    const scarceOp = scarce.has(o.op);
    const [requests, seconds] = scarceOp ? [o.musts, o.mustSeconds] : [o.requests, o.seconds];
    if (seconds > budgetSeconds * FILL)
      notFit.push(
        `${o.op}: ${requests} requests${scarceOp ? ' for its MUSTs' : ''} need ${seconds} s at ${showQuotaOf(o.quota)}; a run budget of ${Math.ceil((seconds + spentSeconds) / FILL)} s (run.maxDurationSeconds) would fit them`,
      );
    else if (o.seconds > budgetSeconds * FILL)
      notFit.push(
        `${o.op}: after the MUSTs, the SHOULD and INFO tests' ${o.requests - o.musts} requests (${o.seconds} s in all at ${showQuotaOf(o.quota)}): those the budget cannot serve are "not run" (named below); a run budget of ${Math.ceil((o.seconds + spentSeconds) / FILL)} s would fit them`,
      );
  }
  if (config.run.maxRequests !== undefined && p.requests > config.run.maxRequests)
    notFit.push(`${p.requests} requests at ${n} runs per property; run.maxRequests ${config.run.maxRequests} is spent before (${p.requests} would fit them)`);
  const mustsFirst = [...new Set([...scarce].map((op) => SUITE_OF[op]!))];
  const runsBySuite = Object.fromEntries(mustsFirst.map((suite) => [suite, Math.min(m, numRuns)]));
  // Requirement by requirement, MUSTs first: each test's requests (those of a scarce operation as
  // SCARCE_COST has them), within what each quota serves in the budget (engine/phases/plan/requirements.ts).
  const scarceTotals = Object.fromEntries(
    [...scarce].filter((op) => op in SCARCE_COST).map((op) => [op, { musts: need(op, m, scarce, true), after: SCARCE_COST[op]!.afterMusts }]),
  );
  const allocated = allocate({
    tests,
    runsOf: (t) => runsBySuite[suiteOfTest(t)] ?? n,
    minRuns: MIN_PLANNED_RUNS,
    scarceTotals,
    quotas,
    budgetSeconds,
    spentSeconds,
    ...(config.run.maxRequests !== undefined ? { maxRequests: config.run.maxRequests } : {}),
  });
  // What the run is expected to send: the requests of the tests it runs.
  const operations = ops.map((op) => {
    const quota = quotaOf(quotas, op);
    const requests = Math.ceil(allocated.requests[op] ?? 0);
    return { op, requests, ...(quota ? { quota } : {}), seconds: secondsFor(requests, quota) };
  });
  const requests = operations.reduce((t, o) => t + o.requests, 0);
  // A quota stated for several operations (readBack) serves their requests together.
  const byQuota = new Map<Quota, number>();
  for (const o of operations) if (quotas[o.op]) byQuota.set(quotas[o.op]!, (byQuota.get(quotas[o.op]!) ?? 0) + o.requests);
  const seconds = Math.max(secondsFor(requests, quotas['*']), ...operations.map((o) => o.seconds), ...[...byQuota].map(([q, k]) => secondsFor(k, q)));
  return {
    numRuns: n,
    runsBySuite,
    operations,
    requests,
    seconds,
    floorSeconds: Math.round(spentSeconds) + seconds,
    budgetSeconds,
    spentSeconds: Math.round(spentSeconds),
    notFit,
    scarce: [...scarce],
    mustsFirst,
    requirements: allocated.requirements,
    notPlanned: allocated.notPlanned,
    ...(quotas['*'] ? { allRequests: quotas['*'] } : {}),
  };
}

const showQuotaOf = (q: Quota | undefined) => (q ? showQuota(q) : 'no quota');

/** The plan as the run prints it before sending: per operation, the limits known and where from
 *  (engine/phases/plan/limits.ts), then the requirements. */
export function planLines(plan: Plan, asked: number, known: { limits: readonly KnownLimit[]; notes: readonly string[] } = { limits: [], notes: [] }): string[] {
  // An operation's own quota is said beside it; the one on all requests once, for their sum.
  const own = (o: PlannedOperation) => o.quota && o.quota !== plan.allRequests;
  const per = plan.operations
    .filter((o) => MAIN_OPERATIONS.includes(o.op) || own(o))
    .map((o) => `${o.op} ${o.requests}${own(o) ? ` at ${showQuota(o.quota!)} (>= ${o.seconds} s)` : ''}`);
  const others = plan.operations.filter((o) => !MAIN_OPERATIONS.includes(o.op) && !own(o) && o.requests > 0);
  if (others.length) per.push(`${others.length} index operations ${others.reduce((n, o) => n + o.requests, 0)}`);
  const expected =
    plan.seconds > 0
      ? `>= ${plan.floorSeconds} s in all under the quotas (${plan.spentSeconds > 0 ? `the preflight's ${plan.spentSeconds} s, then ` : ''}${plan.seconds} s for the suites' requests)`
      : known.limits.length
        ? 'no wait: the limits known serve its requests within their first window'
        : "no wait for quotas (no limit known before sending: none in run.rateLimit, no earlier probe's rate-limit.json, none announced to the preflight; the pacing learns from the answers)";
  return [
    `plan: ${plan.requests} requests${plan.allRequests ? ` at ${showQuota(plan.allRequests)} in all (>= ${secondsFor(plan.requests, plan.allRequests)} s)` : ''} (${per.join(', ')})`,
    `plan: ${plan.numRuns} runs per property${plan.numRuns < asked ? ` (of ${asked} asked: sized to the budget)` : ''}; expected ${expected}, budget ${plan.budgetSeconds} s${plan.spentSeconds > 0 ? ` (left after the preflight's ${plan.spentSeconds} s)` : ''}`,
    ...limitLines(known.limits, known.notes),
    ...(plan.scarce.length
      ? [
          `plan: scarce: ${plan.scarce.join(', ')}: the fewest requests that verify each requirement, MUSTs first; ${Object.entries(plan.runsBySuite)
            .map(([suite, runs]) => `${suite} ${runs} runs per property`)
            .join(', ')}`,
        ]
      : []),
    ...plan.notFit.map((x) => `plan: will not fit: ${x}`),
    ...requirementLines(plan.requirements),
  ];
}
