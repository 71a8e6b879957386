// The plan requirement by requirement (issue 16): each test's requests per operation from the
// cost table (engine/phases/plan/costs.ts), MUSTs first (then SHOULD, then INFO; within a level the
// tests that take the least quota time first), each given its requests while every quota it
// counts against can still serve them within the budget (at the runs per property the plan sized,
// MIN_PLANNED_RUNS at the least) and run.maxRequests still holds its minimum. A test that cannot
// get them is not run, with the reason and the run budget that would fit it, and so is every
// requirement it verifies: said before sending, and in the certificate.
import { showQuota, type Quota } from '../../../core/quota.ts';
import type { Level } from '../../../core/types.ts';
import { levelOf, rankOf, testRequests, type TestCost } from './costs.ts';
import { ENDING_SHARE } from '../../control/budget.ts';
import { reasonSays } from '../../../core/words/reasons.ts';

export interface PlannedRequirement {
  id: string;
  level: Level;
  /** Requests of its tests per operation (a test verifying several requirements counts for each). */
  requests: Record<string, number>;
  tests: number;
  fits: boolean;
  /** Why it will not fit (the reasons of its tests that will not), and the run budget that would fit it. */
  reason?: string;
  budgetSeconds?: number;
}

/** The reason a test the plan does not run carries into the certificate ("not run" with it). */
export const NOT_PLANNED = reasonSays('notPlanned');

export interface AllocateInput {
  tests: TestCost[];
  /** Runs per property of a test's suite, and the fewest a property is given (its minimum). */
  runsOf: (t: TestCost) => number;
  minRuns: number;
  /** Scarce operations: what the tests verifying a MUST send in all, and those verifying none (SCARCE_COST). */
  scarceTotals: Record<string, { musts: number; after: number }>;
  quotas: Record<string, Quota>;
  budgetSeconds: number;
  spentSeconds: number;
  maxRequests?: number;
}

/** Tests are keyed by their declared id (the "not planned" list the worker reads is keyed by it too). */
const keyOf = (t: TestCost) => t.id;
const secondsFor = (requests: number, q: Quota) => Math.max(0, Math.ceil(requests / q.requests) - 1) * (q.windowMs / 1000);
const requestsWithin = (seconds: number, q: Quota) => (Math.floor((seconds * 1000) / q.windowMs) + 1) * q.requests;
const sum = (r: Record<string, number>) => Object.values(r).reduce((n, x) => n + x, 0);

export function allocate(a: AllocateInput): { requests: Record<string, number>; requirements: PlannedRequirement[]; notPlanned: Record<string, string> } {
  // `req`: what a test sends at its suite's runs per property, which the quotas must serve (the
  // runs were sized down to the budget, to minRuns at the least); `least`: at minRuns, what
  // run.maxRequests must hold (the properties share it as they run, each shrinking to its share).
  const all = a.tests.map((t, i) => ({
    t,
    i,
    level: levelOf(t.ids),
    req: testRequests(t, a.runsOf(t)),
    least: testRequests(t, Math.min(a.runsOf(t), a.minRuns)),
  }));
  // A scarce operation's tests send what SCARCE_COST measured, shared in proportion to their full cost.
  for (const [op, total] of Object.entries(a.scarceTotals)) {
    const full = (must: boolean) => all.filter((b) => (b.level === 'MUST') === must).reduce((n, b) => n + (b.req[op] ?? 0), 0);
    const [musts, after] = [full(true), full(false)];
    for (const b of all) {
      const f = b.level === 'MUST' ? total.musts / musts : after ? total.after / after : 0;
      if (b.req[op]) b.req[op] *= f;
      if (b.least[op]) b.least[op] *= f;
    }
  }
  // Quota time a test takes: what orders the tests of one level (the most requirements fit).
  const weight = (req: Record<string, number>) =>
    Object.entries(req).reduce((n, [op, k]) => {
      const q = a.quotas[op] ?? a.quotas['*'];
      return n + (q ? (k * q.windowMs) / q.requests : 0);
    }, 0) + (a.maxRequests !== undefined ? sum(req) : 0);
  // Ties in the table's order (by file, as measured): the same order whatever the tests' ids.
  const order = [...all].sort((x, y) => rankOf(x.level) - rankOf(y.level) || weight(x.req) - weight(y.req) || x.i - y.i);
  // What each quota has served so far: a quota stated for several operations (readBack: both
  // read paths) is one quota, shared by them; "*" paces every request.
  const used = new Map<Quota, number>();
  // What the tests ranked up to each one want, served or not: the budget that would fit a test
  // fits the tests ranked before it too.
  const wanted = new Map<Quota, number>();
  let usedAll = 0;
  let wantedAll = 0;
  const planned = new Set<string>();
  const why = new Map<string, { reason: string; budgetSeconds?: number }>();
  const fitBudget = (seconds: number) => Math.ceil((seconds + a.spentSeconds) / (1 - ENDING_SHARE));
  for (const b of order) {
    const total = sum(b.least);
    const charges = new Map<Quota, { label: string; k: number }>();
    for (const [op, k] of Object.entries(b.req)) {
      for (const [q, label] of [
        [a.quotas[op], op],
        [a.quotas['*'], 'all operations'],
      ] as [Quota | undefined, string][]) {
        if (!q || k <= 0) continue;
        const c = charges.get(q) ?? { label, k: 0 };
        c.k += k;
        charges.set(q, c);
      }
    }
    for (const [q, { k }] of charges) wanted.set(q, (wanted.get(q) ?? 0) + k);
    wantedAll += total;
    let miss: { reason: string; budgetSeconds?: number } | undefined;
    for (const [q, { label, k }] of charges) {
      const cap = requestsWithin(a.budgetSeconds, q);
      if ((used.get(q) ?? 0) + k <= cap + 1e-6) continue;
      const before = Math.round(used.get(q) ?? 0);
      const budgetSeconds = fitBudget(secondsFor(wanted.get(q)!, q));
      miss = {
        reason: `${label}: its ${Math.ceil(k)} requests at ${showQuota(q)} come after the ${before} that ${b.level === 'MUST' ? 'the MUST tests before it' : 'the MUSTs and the tests before it'} take, of the ${cap} the quota serves in the budget's ${a.budgetSeconds} s; a run budget of ${budgetSeconds} s (run.maxDurationSeconds) would fit it and the tests before it`,
        budgetSeconds,
      };
      break;
    }
    if (!miss && a.maxRequests !== undefined && usedAll + total > a.maxRequests + 1e-6)
      miss = {
        reason: `its ${Math.ceil(total)} requests come after the ${Math.round(usedAll)} of the tests before it, of run.maxRequests ${a.maxRequests}; run.maxRequests ${Math.ceil(wantedAll)} would fit it and the tests before it`,
      };
    if (miss) {
      why.set(keyOf(b.t), miss);
      continue;
    }
    planned.add(keyOf(b.t));
    usedAll += total;
    for (const [q, { k }] of charges) used.set(q, (used.get(q) ?? 0) + k);
  }
  const requests: Record<string, number> = {};
  for (const b of all) if (planned.has(keyOf(b.t))) for (const [op, k] of Object.entries(b.req)) requests[op] = (requests[op] ?? 0) + k;
  return {
    requests,
    requirements: byRequirement(all, planned, why),
    notPlanned: Object.fromEntries([...why].map(([k, w]) => [k, `${NOT_PLANNED}: ${w.reason}`])),
  };
}

function byRequirement(
  all: { t: TestCost; level: Level; req: Record<string, number> }[],
  planned: Set<string>,
  why: Map<string, { reason: string; budgetSeconds?: number }>,
): PlannedRequirement[] {
  const ids = [...new Set(all.flatMap((b) => b.t.ids))];
  const out = ids.map((id): PlannedRequirement => {
    const mine = all.filter((b) => b.t.ids.includes(id));
    const requests: Record<string, number> = {};
    for (const b of mine) for (const [op, k] of Object.entries(b.req)) requests[op] = Math.ceil((requests[op] ?? 0) + k);
    const missed = mine.filter((b) => !planned.has(keyOf(b.t))).map((b) => why.get(keyOf(b.t))!);
    const budgets = missed.map((m) => m.budgetSeconds).filter((x): x is number => x !== undefined);
    return {
      id,
      level: levelOf([id]),
      requests,
      tests: mine.length,
      fits: missed.length === 0,
      ...(missed.length ? { reason: [...new Set(missed.map((m) => m.reason))].join('; ') } : {}),
      ...(budgets.length ? { budgetSeconds: Math.max(...budgets) } : {}),
    };
  });
  const num = (id: string) => Number(/\d+/.exec(id)?.[0] ?? 0);
  return out.sort(
    (x, y) => rankOf(x.level) - rankOf(y.level) || x.id.split('-')[0]!.localeCompare(y.id.split('-')[0]!) || num(x.id) - num(y.id) || x.id.localeCompare(y.id),
  );
}

/** The requirement lines of the plan: how many fit at each level, and each that will not. */
export function requirementLines(requirements: PlannedRequirement[]): string[] {
  const count = (level: Level, fits: boolean) => requirements.filter((r) => r.level === level && r.fits === fits).length;
  const missing = requirements.filter((r) => !r.fits);
  return [
    `plan: requirements: ${count('MUST', true)} MUST, ${count('SHOULD', true)} SHOULD, ${count('INFO', true)} INFO get their requests${missing.length ? `; ${missing.length} will not fit (${count('MUST', false)} MUST): reported "not run" with the reason` : ''}`,
    ...missing.map((r) => `plan: will not fit: ${r.id} (${r.level}): ${r.reason}`),
  ];
}
