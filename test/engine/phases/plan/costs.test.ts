// The plan's cost table (engine/phases/plan/costs.json) stays in step with the suites: every requirement
// a suite test declares is in it, and it names no test id the catalogue does not hold. Re-measure
// it with bench/plan-costs.ts when a test is added or renamed.
import { describe, expect, it } from 'vitest';
import { requirements, suiteOf } from '../../../../contract/requirements.ts';
import { configuredCosts, levelOf, PLAN_COSTS, requirementCosts, testRequests } from '../../../../engine/phases/plan/costs.ts';
import { runConfigSchema } from '../../../../config/schema.ts';
import { referenceRunConfig } from '../../../../reference/run-config.ts';
import { MAX_PAGES } from '../../../../suites/index-operations/cursor-walk.ts';
import { declaredTests } from '../../../support/declared-tests.ts';

/** Ids declared by `verifies('test id', [...], ...)` in the suites, by suite file. */
async function declared(): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  for (const t of await declaredTests()) for (const id of t.ids) out.set(t.file, (out.get(t.file) ?? new Set()).add(id));
  return out;
}

describe('the plan cost table', () => {
  it('holds every requirement the suites verify, each in the suite file that declares it', async () => {
    const table = new Map<string, Set<string>>();
    for (const t of PLAN_COSTS.tests) for (const id of t.ids) table.set(t.file, (table.get(t.file) ?? new Set()).add(id));
    const missing: string[] = [];
    for (const [file, ids] of await declared()) for (const id of ids) if (!table.get(file)?.has(id)) missing.push(`${file}: ${id}`);
    expect(missing, 're-measure the table: npx tsx bench/plan-costs.ts (see its header)').toEqual([]);
  }, 60_000);

  it('holds every test the suites declare under its id, in its file, with the title the run gives it', async () => {
    const table = new Map(PLAN_COSTS.tests.map((t) => [t.id, t]));
    const stale = (await declaredTests())
      .filter((d) => table.get(d.testId)?.file !== d.file || table.get(d.testId)?.title !== d.title)
      .map((d) => `${d.file}: ${d.testId} "${d.title}"`);
    expect(stale, 're-measure the table: npx tsx bench/plan-costs.ts (see its header)').toEqual([]);
  }, 60_000);

  it("names only requirements of the catalogue, each test once by its id, in its suite's folder, and costs that are counts", () => {
    const known = new Set(requirements.map((r) => r.id));
    const ids = PLAN_COSTS.tests.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of PLAN_COSTS.tests) {
      for (const id of t.ids) expect(known.has(id), `${t.id}: ${id}`).toBe(true);
      // The suite a test runs in is its requirements' (suiteOf): the folder it sits in agrees.
      expect(t.file.startsWith(`suites/${suiteOf(t.ids)}/`), t.id).toBe(true);
      expect(t.properties === undefined || (Number.isInteger(t.properties) && t.properties > 0), t.id).toBe(true);
      for (const c of Object.values(t.cost)) expect(c.fixed >= 0 && c.perRun >= 0).toBe(true);
    }
    expect(PLAN_COSTS.measured.numRuns[0]!).toBeLessThan(PLAN_COSTS.measured.numRuns[1]!);
  });

  it('gives a requirement the requests of its tests, and a test the level of its highest id', () => {
    const costs = requirementCosts(100);
    const rp1 = costs.get('RP-1')!;
    const sum = rp1.tests.reduce((n, t) => n + (testRequests(t, 100).report ?? 0), 0);
    expect(rp1.requests.report).toBeCloseTo(sum, 6);
    expect(rp1.requests.report).toBeGreaterThan(0);
    expect(levelOf(['RP-14', 'RP-1'])).toBe('MUST');
    expect(levelOf(['RP-14'])).toBe('INFO');
  });

  it('counts the most pages of a walk for a list the config pages by cursor (lists/IX-7+IX-8, customer-list/IX-9), as the suites bound it', () => {
    const config = runConfigSchema.parse(referenceRunConfig('http://127.0.0.1:9', ['tok-1'], 1, 'ledger-bare'));
    const tests = configuredCosts(PLAN_COSTS.tests, config);
    const cost = (id: string, op: string) => tests.find((t) => t.id === id)!.cost[op]!.fixed;
    // Two walks, at the largest page and at a fifth of it (a walk the run's own creations moved, once more besides).
    expect(cost('lists/IX-7+IX-8', 'products-with-inventory')).toBe(2 * (1 + MAX_PAGES));
    expect(cost('lists/IX-7+IX-8', 'get-product-list')).toBe(3);
    expect(cost('customer-list/IX-9', 'get-customer-list-w-branch-id')).toBe(5);
    // The default vendor pages no list by cursor: the measured table as it is.
    const plain = configuredCosts(PLAN_COSTS.tests, runConfigSchema.parse(referenceRunConfig('http://127.0.0.1:9', ['tok-1'], 1)));
    expect(plain.find((t) => t.id === 'lists/IX-7+IX-8')!.cost['products-with-inventory']!.fixed).toBe(3);
  });
});
