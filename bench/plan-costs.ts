// Measures the plan's cost table (engine/phases/plan/costs.json) from recorded runs: each test's requests
// per operation (records.json: a test's record counts them by the operation whose quota they
// count against), at two numbers of property runs, as `fixed + perRun x numRuns`. Run it against
// the reference, the same seed, no quota (nothing cut, nothing sized down):
//   node bin/erp-conformance.js run --num-runs 5 --seed 42 --no-allure --out /tmp/r5
//   node bin/erp-conformance.js run --num-runs 100 --seed 42 --no-allure --out /tmp/r100
//   node bin/erp-conformance.js run --only RL --with-load --seed 42 --no-allure --out /tmp/rl
//   npx tsx bench/plan-costs.ts /tmp/r5 /tmp/r100 [/tmp/rl ...]   (writes engine/phases/plan/costs.json)
// The first two runs give every test's fixed and per-run cost; a further run adds the tests the
// first two did not run (the rate-limit suite, which runs only --with-load), at its own cost.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RunRecords } from '../reports/records/records.ts';
import { PLAN_COSTS, type PlanCosts, type TestCost } from '../engine/phases/plan/costs.ts';

const OUT = fileURLToPath(new URL('../engine/phases/plan/costs.json', import.meta.url));
const round = (n: number) => Math.round(n * 100) / 100;

interface Measured {
  numRuns: number;
  /** By test id (records carry the id each test declares). */
  tests: Map<string, { file: string; title: string; ids: string[]; byOp: Record<string, number> }>;
}

function measured(dir: string): Measured {
  const r = JSON.parse(readFileSync(`${dir}/records.json`, 'utf8')) as RunRecords;
  const tests = new Map<string, { file: string; title: string; ids: string[]; byOp: Record<string, number> }>();
  for (const t of r.collected.tests) {
    if (!t.record) continue;
    if (t.record.notRun) throw new Error(`${dir}: ${t.name} did not run (${t.record.notRun}): measure an uncut run`);
    // Requests a test sent on a sender of its own (the rate-limit probe, bursts) count as "outside".
    const byOp = { ...t.record.requestsByOperation };
    const outside = t.record.requests - Object.values(byOp).reduce((n, x) => n + x, 0);
    if (outside > 0) byOp.outside = outside;
    if (!t.record.testId) throw new Error(`${dir}: ${t.name} has no test id: measure a run of this version`);
    tests.set(t.record.testId, { file: t.file, title: t.name, ids: t.record.ids, byOp });
  }
  return { numRuns: r.facts.numRuns, tests };
}

/** Properties are declared in the table, not measured: a re-measured test keeps its count; a new
 *  one with a per-run cost gets 1 (the harness stops it if it starts more: declare its count). */
function propertiesOf(id: string, cost: TestCost['cost'], previous: TestCost[]): { properties?: number } {
  const known = previous.find((t) => t.id === id);
  const n = known ? (known.properties ?? 0) : Object.values(cost).some((c) => c.perRun > 0) ? 1 : 0;
  if (!known && n) console.warn(`${id}: new test, declared 1 property: check it in engine/phases/plan/costs.json`);
  return n ? { properties: n } : {};
}

/** The cost of each test from two runs at `low.numRuns` < `high.numRuns` runs per property. */
export function costsOf(low: Measured, high: Measured, extra: Measured[] = [], previous: TestCost[] = PLAN_COSTS.tests): TestCost[] {
  if (low.numRuns >= high.numRuns) throw new Error(`the first run needs fewer runs per property than the second (${low.numRuns}, ${high.numRuns})`);
  const out: TestCost[] = [];
  for (const [key, h] of high.tests) {
    const l = low.tests.get(key);
    if (!l) throw new Error(`${key} is in the run at ${high.numRuns} runs, not in the one at ${low.numRuns}`);
    const cost: TestCost['cost'] = {};
    for (const op of new Set([...Object.keys(l.byOp), ...Object.keys(h.byOp)])) {
      const a = l.byOp[op] ?? 0;
      const b = h.byOp[op] ?? 0;
      const perRun = Math.max(0, (b - a) / (high.numRuns - low.numRuns));
      const fixed = Math.max(0, a - perRun * low.numRuns);
      if (fixed > 0 || perRun > 0) cost[op] = { fixed: round(fixed), perRun: round(perRun) };
    }
    out.push({ id: key, file: h.file, title: h.title, ids: h.ids, ...propertiesOf(key, cost, previous), cost });
  }
  for (const m of extra)
    for (const [key, t] of m.tests) {
      if (out.some((o) => o.id === key)) continue;
      const cost = Object.fromEntries(Object.entries(t.byOp).map(([op, n]) => [op, { fixed: n, perRun: 0 }]));
      out.push({ id: key, file: t.file, title: t.title, ids: t.ids, ...propertiesOf(key, cost, previous), cost });
    }
  // By file, then id: the plan breaks ties in this order (engine/phases/plan/requirements.ts).
  return out.sort((a, b) => a.file.localeCompare(b.file) || a.id.localeCompare(b.id));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [lowDir, highDir, ...extraDirs] = process.argv.slice(2);
  if (!lowDir || !highDir) {
    console.error('usage: npx tsx bench/plan-costs.ts LOW_RUN_DIR HIGH_RUN_DIR [MORE_RUN_DIR ...]');
    process.exit(2);
  }
  const low = measured(lowDir);
  const high = measured(highDir);
  const tests = costsOf(low, high, extraDirs.map(measured));
  const table: PlanCosts = {
    measured: { on: 'the reference (no quota)', numRuns: [low.numRuns, high.numRuns], at: new Date().toISOString().slice(0, 10) },
    tests,
  };
  // One test a line: a re-measured table reads as a diff of the tests whose cost changed.
  writeFileSync(OUT, `{"measured": ${JSON.stringify(table.measured)},\n "tests": [\n${tests.map((t) => `  ${JSON.stringify(t)}`).join(',\n')}\n ]}\n`);
  const sum: Record<string, number> = {};
  for (const t of tests) for (const [op, c] of Object.entries(t.cost)) sum[op] = (sum[op] ?? 0) + c.fixed + c.perRun * high.numRuns;
  console.log(
    `${tests.length} tests written to ${OUT}; at ${high.numRuns} runs: ${JSON.stringify(Object.fromEntries(Object.entries(sum).map(([k, v]) => [k, Math.round(v)])))}`,
  );
}
