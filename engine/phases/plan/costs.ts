// The plan's cost table: what each conformance test sends, per operation (the operation whose
// quota a request counts against), as `fixed + perRun x numRuns`,
// measured on the reference by bench/plan-costs.ts from recorded runs (engine/phases/plan/costs.json;
// test/engine/phases/plan/costs.test.ts keeps it in step with the tests the suites declare). A test
// verifies the ids it declares: a requirement's cost is that of its tests. Tests are keyed by the
// id they declare (verifies); the table also declares each test's properties, and its title (what a
// replay names it by).
import { readFileSync } from 'node:fs';
import { requirement, suiteOf } from '../../../contract/requirements.ts';
import type { Level } from '../../../core/types.ts';
import { INDEX_OPERATIONS, SPEC_DETAILED } from '../../../core/operations.ts';
import { indexOperationLeftOut, type OperationConfig } from '../../../config/operations.ts';
import type { RunConfig } from '../../../config/schema.ts';

export interface TestCost {
  /** The test's declared id (verifies: "dates/RP-10"), what the plan keys it by; its suite file. */
  id: string;
  file: string;
  /** Its title as the run gives it (the sentence, then its ids): what `run --replay-test FILE::TITLE` names it by. */
  title?: string;
  ids: string[];
  /** Properties the test runs (h.property): the request budget is shared among those of the run;
   *  the harness stops a test that starts more than this (absent: none). */
  properties?: number;
  /** Requests per operation: `fixed + perRun x numRuns`. */
  cost: Record<string, { fixed: number; perRun: number }>;
  /** Requests to an operation of `cost` the config pages by cursor, which is walked page by page: at most these, instead. */
  cursorPaged?: { fixed: number; perRun: number };
}

export interface PlanCosts {
  measured: { on: string; numRuns: number[]; at: string };
  tests: TestCost[];
}

export const PLAN_COSTS: PlanCosts = JSON.parse(readFileSync(new URL('./costs.json', import.meta.url), 'utf8')) as PlanCosts;

const RANK: Record<Level, number> = { MUST: 0, SHOULD: 1, INFO: 2 };

/** A test's level: the highest of the ids it verifies (a test verifying a MUST is a MUST test). */
export function levelOf(ids: string[]): Level {
  return ids.map((id) => requirement(id).level).sort((a, b) => RANK[a] - RANK[b])[0] ?? 'INFO';
}

export const rankOf = (level: Level) => RANK[level];

/** Requests of a test per operation at `numRuns` runs per property. */
export function testRequests(t: TestCost, numRuns: number): Record<string, number> {
  return Object.fromEntries(Object.entries(t.cost).map(([op, c]) => [op, c.fixed + c.perRun * numRuns]));
}

/** The suite of a test: that of the requirements it verifies (the catalogue declares it). */
export const suiteOfTest = (t: TestCost) => suiteOf(t.ids);

/** The properties of the tests of `suites` (the request budget is shared among them), and each test's. */
export function declaredProperties(suites: ReadonlySet<string>, tests: TestCost[] = PLAN_COSTS.tests): { total: number; byTest: Record<string, number> } {
  const byTest = Object.fromEntries(tests.filter((t) => t.properties).map((t) => [t.id, t.properties!]));
  const total = tests.filter((t) => suites.has(suiteOfTest(t))).reduce((n, t) => n + (t.properties ?? 0), 0);
  return { total, byTest };
}

/** The cost table per requirement: its tests, and their requests per operation at `numRuns`. */
export function requirementCosts(numRuns: number, tests: TestCost[] = PLAN_COSTS.tests): Map<string, { tests: TestCost[]; requests: Record<string, number> }> {
  const out = new Map<string, { tests: TestCost[]; requests: Record<string, number> }>();
  for (const t of tests)
    for (const id of t.ids) {
      const r = out.get(id) ?? { tests: [], requests: {} };
      r.tests.push(t);
      for (const [op, n] of Object.entries(testRequests(t, numRuns))) r.requests[op] = (r.requests[op] ?? 0) + n;
      out.set(id, r);
    }
  return out;
}

/**
 * Why the config leaves an index operation unsent, or undefined: the index suite sends only the
 * operations of config `operations`, and no write among them with `writes: false`
 * (suites/index-operations/configured.ts, suites/order-status/fresh.ts say the same). The table was
 * measured with the whole index configured; the three operations section 4 details and the
 * read paths have their own suites and are always sent.
 */
export function unsentOperation(config: Pick<RunConfig, 'operations' | 'writes'>, op: string): string | undefined {
  if (!(INDEX_OPERATIONS as readonly string[]).includes(op) || SPEC_DETAILED.has(op)) return undefined;
  const left = indexOperationLeftOut(config, op);
  if (left === 'not-configured') return `operations.${op} is not configured`;
  // Order Create makes the fresh vouchers, which writes: false forbids whatever its entry says.
  if (left === 'writes' || (op === 'order-create' && config.writes === false)) return `operations.${op} writes, and writes is false`;
  return undefined;
}

/**
 * The tests' costs without the operations the config leaves unsent (a test left with none costs
 * nothing), and with the most pages of a walk for the operations it pages by cursor.
 */
export function configuredCosts(tests: TestCost[], config: Pick<RunConfig, 'operations' | 'writes'>): TestCost[] {
  const byCursor = (op: string) => (config.operations as Record<string, OperationConfig | undefined> | undefined)?.[op]?.paging?.style === 'cursor';
  return tests.map((t) => {
    const kept = Object.entries(t.cost).filter(([op]) => unsentOperation(config, op) === undefined);
    const walked = t.cursorPaged ? kept.filter(([op]) => byCursor(op)) : [];
    if (kept.length === Object.keys(t.cost).length && walked.length === 0) return t;
    return { ...t, cost: Object.fromEntries(kept.map(([op, c]) => [op, t.cursorPaged && byCursor(op) ? t.cursorPaged : c])) };
  });
}
