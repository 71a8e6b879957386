// The plan of a replay (`run --replay-test FILE::TEST [--property N --path P]`): it runs one test
// alone, or one input of one property of it (a fast-check path is replayed without shrinking, an
// example path evaluates that example alone: runtime/property.ts), so it sends that test's requests
// (at one run per property: a whole test's least), not the plan of the suites.
// The cost table (costs.json) keys tests by their declared id and holds each one's title: the
// replayed test (named by its title) is among those of its file that verify the ids the table's
// entry of that title declares and declare that property; when several do, the plan gives the
// range of their costs.
import type { ReplayedProperty, RunPlan } from '../../../reports/model.ts';
import { PLAN_COSTS, testRequests, type TestCost } from './costs.ts';

/** The tests of the cost table the replayed one may be. */
export function replayCandidates(replay: ReplayedProperty, tests: TestCost[] = PLAN_COSTS.tests): TestCost[] {
  const named = tests.find((t) => t.file === replay.file && t.title === replay.test);
  if (!named) return [];
  const ids = [...named.ids].sort().join(',');
  const same = tests.filter((t) => t.file === replay.file && [...t.ids].sort().join(',') === ids);
  const withProperty = same.filter((t) => (t.properties ?? 0) > (replay.property ?? -1));
  return withProperty.length ? withProperty : same;
}

/** Requests per operation of a test at one run per property, rounded up. */
const oneRun = (t: TestCost) => Object.fromEntries(Object.entries(testRequests(t, 1)).map(([op, n]) => [op, Math.ceil(n)]));
const total = (requests: Record<string, number>) => Object.values(requests).reduce((n, k) => n + k, 0);

/** The plan a replay prints and records: what it will send, and that nothing else runs. */
export function replayPlan(
  replay: ReplayedProperty,
  tests: TestCost[] = PLAN_COSTS.tests,
): Pick<RunPlan, 'lines' | 'operations'> & { requests?: [number, number] } {
  const what =
    replay.path !== undefined
      ? `property ${replay.property ?? 0} of "${replay.test}", its input at path ${replay.path} alone (1 run, no shrinking); no other test runs`
      : `the test "${replay.test}" alone, with the run's seed and nonce; no other test runs`;
  const costs = replayCandidates(replay, tests).map(oneRun);
  if (costs.length === 0) return { lines: [`plan: replay of ${what}; its requests are not in the cost table`], operations: [] };
  const totals = costs.map(total);
  const [low, high] = [Math.min(...totals), Math.max(...totals)];
  const most = costs[totals.indexOf(high)]!;
  const operations = Object.entries(most).map(([op, requests]) => ({ op, requests, seconds: 0 }));
  // A whole test runs its properties at the run's --num-runs: one run each is its least.
  const least = replay.path === undefined && replayCandidates(replay, tests).some((t) => (t.properties ?? 0) > 0) ? 'at least ' : '';
  const count = low === high ? `${least}${high} request${high === 1 ? '' : 's'}` : `${least}${low} to ${high} requests`;
  return {
    lines: [`plan: replay of ${what}: ${count} (${low === high ? '' : 'at most '}${operations.map((o) => `${o.op} ${o.requests}`).join(', ')})`],
    operations,
    requests: [low, high],
  };
}
