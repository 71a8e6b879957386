// Every finding a test keeps replays: a property's with its input's path (runtime/property.ts),
// any other with the test as a whole, the run's seed and nonce (`run --replay-test` without --path).
// A whole-test replay runs every property of the test; a property replay only its own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayCommand, replayedWhat } from '../../reports/render/replay.ts';
import { offlineHarness } from './offline-harness.ts';

const WHERE = { file: 'suites/order-status/validation.test.ts', test: 'T [OS-2]', id: 'validation/OS-2/x' };

describe('the replay handle of a finding', () => {
  it('names the test, the seed, the nonce and the runs of a finding no property made, and no path', () => {
    const h = offlineHarness(['OS-2'], WHERE);
    h.fail('OS-2', 'refused', 'HTTP 200', 'HTTP 400');
    h.finish();
    const replay = h.record.findings[0]!.replay!;
    expect(replay).toEqual({ seed: 7, nonce: 'n', file: WHERE.file, test: WHERE.test, numRuns: 2 });
    const line = replayCommand(replay, { faults: ['os-case-insensitive'] });
    expect(line).toBe(
      "npx erp-conformance run --fault 'os-case-insensitive' --replay-test 'suites/order-status/validation.test.ts::T [OS-2]' --seed 7 --nonce 'n' --num-runs 2 --out 'erp-conformance-report-replay'",
    );
    expect(replayedWhat(replay)).toBe("the test suites/order-status/validation.test.ts::T [OS-2] alone, with the run's seed and nonce");
  });

  it("keeps a property's own handle, with its path and property", async () => {
    const h = offlineHarness(['OS-2'], WHERE, { propertiesOf: { [WHERE.id]: 1 } });
    await h.property(fc.constant(1), async () => h.finding('OS-2', 'x', 'r', 'e'), { numRuns: 1 });
    h.finish();
    expect(h.record.findings[0]!.replay).toMatchObject({ seed: 7, property: 0, path: expect.any(String) });
    expect(replayCommand(h.record.findings[0]!.replay!)).toMatch(/ --property 0 --seed 7 --nonce 'n' --path '[^']+' --num-runs 2 /);
  });

  it('runs every property of the test on a whole-test replay, and only its own on a property replay', async () => {
    const ran = async (replay: { property?: number; path?: string }) => {
      const h = offlineHarness(['OS-2'], WHERE, { propertiesOf: { [WHERE.id]: 2 }, replay: { file: WHERE.file, test: WHERE.test, ...replay } });
      const seen: number[] = [];
      for (const i of [0, 1]) await h.property(fc.constant(i), async (v) => (seen.push(v), []), { numRuns: 1 });
      return [...new Set(seen)];
    };
    expect(await ran({})).toEqual([0, 1]);
    expect(await ran({ property: 1, path: 'example:0' })).toEqual([]); // no example: nothing at that path
    expect(await ran({ property: 1, path: '0' })).toEqual([1]);
  });
});
