// RL-3 the other way: a Retry-After in milliseconds (6000 for a 6 s wait) asks a thousand times
// too long a wait. Called a lie only when the quota came back at least a hundred times sooner than
// it said: a server rounding its wait up, or asking a minute for a 10 s window, is not.
import { describe, expect, it } from 'vitest';
import { retryAfterLied } from '../../../load/checks.ts';
import { OVERSTATED, overstated } from '../../../load/probe/moves.ts';
import type { Exchange } from '../../../core/types.ts';

describe('a Retry-After that overstates the wait', () => {
  it('is a unit error only at OVERSTATED times the real wait or more', () => {
    expect(OVERSTATED).toBe(100);
    expect(overstated(6000, 6000)).toBe(true); // milliseconds as seconds
    expect(overstated(2000, 1500)).toBe(true);
    expect(overstated(60, 10_000)).toBe(false); // a minute asked of a 10 s window
    expect(overstated(6, 6000)).toBe(false);
    expect(overstated(600, 6000)).toBe(true);
    expect(overstated(599, 6000)).toBe(false);
  });

  it('is an RL-3 finding worded for what it is', () => {
    const refusal = { seq: 1 } as Exchange;
    const [f] = retryAfterLied({ retryAfterSeconds: 2000, testedAfterSeconds: 1.9, held: false, refusal, overstated: true });
    expect(f!.requirementId).toBe('RL-3');
    expect(f!.title).toMatch(/milliseconds/);
    expect(retryAfterLied({ retryAfterSeconds: 2, testedAfterSeconds: 2.05, held: true, refusal })).toEqual([]);
  });
});
