// The examples phase of a property (runtime/property.ts): its boundary and class examples are
// evaluated before the random runs, the same in every run whatever the seed, never stopped by the
// request budget; a failing example is the property's failure, kept under a path that replays it
// alone; the examples are the first of the property's runs and random runs fill the rest.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toFinding } from '../../contract/checks/finding.ts';
import type { Finding } from '../../core/types.ts';
import { MIN_RANDOM_RUNS, randomRunsOf, runProperty, type PropertyRun } from '../../runtime/property.ts';

const fail = (value: unknown): Finding[] => [
  toFinding('suite.assertion', 'RP-16', { title: `failed on ${String(value)}`, received: String(value), expected: 'x' }),
];

/** A body that records every value it is given (a request each) and fails on `bad`. */
function recorder(bad: (v: number) => boolean) {
  const sent: number[] = [];
  const body = async (v: number) => {
    sent.push(v);
    await new Promise((r) => setImmediate(r));
    return bad(v) ? fail(v) : [];
  };
  return { sent, body };
}

const EXAMPLES = [-1, 0, 10_000, 2 ** 31];
const base = (o: Partial<PropertyRun<number>> = {}): PropertyRun<number> => ({ seed: 1, numRuns: 10, concurrency: 1, requirementId: 'RP-16', ...o });
const arb = fc.integer({ min: 1, max: 100 });

describe('the examples phase of a property', () => {
  it('evaluates every example first, in order, the same whatever the seed; random runs fill the rest of numRuns', async () => {
    const runs = await Promise.all(
      [1, 2, 3].map(async (seed) => {
        const r = recorder(() => false);
        const out = await runProperty(arb, r.body, base({ seed, examples: EXAMPLES }));
        return { sent: r.sent, out };
      }),
    );
    for (const { sent, out } of runs) {
      expect(sent.slice(0, EXAMPLES.length)).toEqual(EXAMPLES);
      expect(sent).toHaveLength(10);
      expect(sent.slice(EXAMPLES.length).every((v) => v >= 1 && v <= 100)).toBe(true);
      expect(out).toEqual({ failed: false, runs: 10 });
    }
  });

  it('makes the first random runs a property without examples makes, and at least one past more examples than runs', async () => {
    const without = recorder(() => false);
    await runProperty(arb, without.body, base({ seed: 5 }));
    const withExamples = recorder(() => false);
    await runProperty(arb, withExamples.body, base({ seed: 5, examples: EXAMPLES }));
    expect(withExamples.sent.slice(EXAMPLES.length)).toEqual(without.sent.slice(0, 10 - EXAMPLES.length));
    expect(randomRunsOf(10, EXAMPLES.length)).toBe(6);
    const few = recorder(() => false);
    const out = await runProperty(arb, few.body, base({ seed: 5, numRuns: 2, examples: EXAMPLES }));
    expect(few.sent).toEqual([...EXAMPLES, without.sent[0]]);
    expect(out.runs).toBe(EXAMPLES.length + MIN_RANDOM_RUNS);
  });

  it('keeps a failing example as the failure, under a path that replays it alone, and starts no random run', async () => {
    for (const concurrency of [1, 3]) {
      const r = recorder((v) => v === 10_000 || v === 2 ** 31);
      const out = await runProperty(arb, r.body, base({ examples: EXAMPLES, concurrency }));
      // The first failing example in order (a sequential run's), whatever finished first.
      expect(out).toMatchObject({ failed: true, path: 'example:2' });
      expect(out.failed && out.findings[0]!.title).toBe('failed on 10000');
      expect(r.sent.every((v) => EXAMPLES.includes(v))).toBe(true);
      expect(new Set(r.sent).size).toBe(r.sent.length); // no value sent twice

      const again = recorder((v) => v === 10_000);
      const replayed = await runProperty(arb, again.body, base({ examples: EXAMPLES, path: 'example:2' }));
      expect(again.sent).toEqual([10_000]);
      expect(replayed).toMatchObject({ failed: true, path: 'example:2' });
    }
  });

  it('is never stopped by the request budget; the random runs are', async () => {
    const r = recorder(() => false);
    const out = await runProperty(arb, r.body, base({ examples: EXAMPLES, enough: (launched) => launched >= 2 }));
    expect(r.sent.slice(0, EXAMPLES.length)).toEqual(EXAMPLES);
    expect(r.sent).toHaveLength(EXAMPLES.length + 2);
    expect(out.runs).toBe(EXAMPLES.length + 2);
  });

  it('files a crash of an example under the property requirement', async () => {
    const out = await runProperty(
      arb,
      async (v) => {
        if (v === 0) throw new Error('boom');
        return [];
      },
      base({ examples: EXAMPLES }),
    );
    expect(out).toMatchObject({ failed: true, path: 'example:1' });
    expect(out.failed && out.findings[0]).toMatchObject({ requirementId: 'RP-16', checkId: 'suite.property-error' });
  });

  it('replays a fast-check path without the examples', async () => {
    const first = recorder((v) => v > 50);
    const out = await runProperty(arb, first.body, base({ seed: 3, numRuns: 50 }));
    expect(out.failed).toBe(true);
    const again = recorder((v) => v > 50);
    const replayed = await runProperty(arb, again.body, base({ seed: 3, numRuns: 50, examples: EXAMPLES, path: out.failed ? out.path : '' }));
    // The examples lie outside the arbitrary's range: none of them was sent again.
    expect(again.sent.filter((v) => v < 1 || v > 100)).toEqual([]);
    expect(replayed.failed).toBe(true);
  });
});
