// The tiers of the project's tests (test/tiers.ts): a table declares every case, the gate's
// untagged and the others tagged `whole`; `selected` is exactly what the running filter runs.
import { describe, expect, it } from 'vitest';
import { tiered, tierOptions, WHOLE } from './tiers.ts';

describe('the tiers of a table of cases', () => {
  it('tags only what the gate leaves out, and keeps a time limit', () => {
    expect(tierOptions(true)).toEqual({});
    expect(tierOptions(false)).toEqual({ tags: [WHOLE] });
    expect(tierOptions(true, 5_000)).toEqual({ timeout: 5_000 });
  });

  it('keeps the table order and every case', () => {
    const t = tiered(['a', 'b', 'c'], ['c', 'a']);
    expect(t.all).toEqual(['a', 'b', 'c']);
    expect(['a', 'b', 'c'].map(t.inGate)).toEqual([true, false, true]);
  });

  describe('whatever the filter', () => {
    const table = tiered(['gate-1', 'whole-1', 'gate-2', 'whole-2'], ['gate-1', 'gate-2']);
    const ran: string[] = [];
    table.each('runs case %s only when the filter takes its tier', (c) => {
      ran.push(c);
    });
    const [x, y] = [['x', 1] as const, ['y', 2] as const];
    const tuples = tiered([x, y], [x]);
    tuples.each('spreads the tuple case %s', (name, n) => {
      ran.push(`${name}${n}`);
    });
    it('selects for a beforeAll exactly the cases whose tests ran', () => {
      expect([...ran].sort()).toEqual([...table.selected, ...tuples.selected.map(([name, n]) => `${name}${n}`)].sort());
    });
  });
});
