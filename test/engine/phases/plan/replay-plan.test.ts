// The plan of a replay counts what it sends: one input of the replayed property, at one run, of
// the test the cost table has for it (by its title).
import { describe, expect, it } from 'vitest';
import { replayCandidates, replayPlan } from '../../../../engine/phases/plan/replay-plan.ts';
import type { TestCost } from '../../../../engine/phases/plan/costs.ts';

const FILE = 'suites/order-status/validation.test.ts';
const TESTS: TestCost[] = [
  {
    id: 'validation/OS-2/non-string',
    file: FILE,
    title: 'Every string outside the six statuses is rejected with 400 [OS-2]',
    ids: ['OS-2'],
    properties: 1,
    cost: { orderStatus: { fixed: 6, perRun: 1 } },
  },
  { id: 'validation/OS-2/outside-six', file: FILE, ids: ['OS-2'], properties: 1, cost: { orderStatus: { fixed: 0, perRun: 1 } } },
  { id: 'validation/OS-2', file: FILE, ids: ['OS-2'], cost: { orderStatus: { fixed: 12, perRun: 0 } } },
  {
    id: 'validation/OS-1+OS-1b',
    file: FILE,
    title: 'Accepted statuses are case-sensitive [OS-1b, OS-1]',
    ids: ['OS-1', 'OS-1b'],
    properties: 2,
    cost: { orderStatus: { fixed: 2.2, perRun: 0.5 }, orderStatusRead: { fixed: 1, perRun: 0 } },
  },
];
const replay = (test: string, property = 0) => ({ file: FILE, test, property, path: 'example:1' });

describe('the plan of a replay', () => {
  it("counts one run of the replayed test's property, per operation, rounded up", () => {
    const plan = replayPlan(replay('Accepted statuses are case-sensitive [OS-1b, OS-1]', 1), TESTS);
    expect(plan.requests).toEqual([4, 4]);
    expect(plan.operations).toEqual([
      { op: 'orderStatus', requests: 3, seconds: 0 },
      { op: 'orderStatusRead', requests: 1, seconds: 0 },
    ]);
    expect(plan.lines).toEqual([
      'plan: replay of property 1 of "Accepted statuses are case-sensitive [OS-1b, OS-1]", its input at path example:1 alone (1 run, no shrinking); no other test runs: 4 requests (orderStatus 3, orderStatusRead 1)',
    ]);
  });

  it('gives the range when several tests of the file verify the same ids with that property, and never the suite plan', () => {
    const t = 'Every string outside the six statuses is rejected with 400 [OS-2]';
    expect(replayCandidates(replay(t), TESTS).map((x) => x.id)).toEqual(['validation/OS-2/non-string', 'validation/OS-2/outside-six']);
    const plan = replayPlan(replay(t), TESTS);
    expect(plan.requests).toEqual([1, 7]);
    expect(plan.lines[0]).toMatch(/: 1 to 7 requests \(at most orderStatus 7\)$/);
    // A property the candidates do not declare: the tests of those ids, whatever they declare.
    expect(replayPlan(replay(t, 3), TESTS).requests).toEqual([1, 12]);
    // A name that is no test of the table: said, with no count made up.
    expect(replayPlan(replay('Something else [OS-9]'), TESTS)).toEqual({
      lines: [
        'plan: replay of property 0 of "Something else [OS-9]", its input at path example:1 alone (1 run, no shrinking); no other test runs; its requests are not in the cost table',
      ],
      operations: [],
    });
  });

  it('finds the replayed test in the real cost table', () => {
    const plan = replayPlan(replay('Every string outside the six statuses, even once trimmed, case variants included, is rejected with 400 [OS-2]'));
    expect(plan.requests![0]).toBe(1);
  });

  it('replays a whole test (no --path) with its requests at one run per property as its least', () => {
    const whole = { file: FILE, test: 'Accepted statuses are case-sensitive [OS-1b, OS-1]' };
    expect(replayPlan(whole, TESTS).lines).toEqual([
      'plan: replay of the test "Accepted statuses are case-sensitive [OS-1b, OS-1]" alone, with the run\'s seed and nonce; no other test runs: at least 4 requests (orderStatus 3, orderStatusRead 1)',
    ]);
    expect(replayCandidates(whole, TESTS).map((x) => x.id)).toEqual(['validation/OS-1+OS-1b']);
  });
});
