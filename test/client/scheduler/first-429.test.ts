// What holds new requests back where a limit is met with requests in flight: after the first 429 of
// a limit nothing states, the other operations whose limit is not known either send nothing new for
// a round trip and a half (client/scheduler/first-429.ts); a learnt quota's last sends of a window go fewer
// at a time, at most half of what is left in flight (client/scheduler/pace.ts `until`).
import { describe, expect, it } from 'vitest';
import { createFirst429Hold } from '../../../client/scheduler/first-429.ts';
import { newPace, until } from '../../../client/scheduler/pace.ts';
import { pair } from '../../../client/scheduler/shared-limit.ts';

const T = 1_700_000_000_000;

describe('after the first 429 of a limit nothing states', () => {
  it('the other operations wait a round trip and a half of the refused request; its own operations do not', () => {
    const h = createFirst429Hold(new Set());
    h.on429(['brand'], T + 100, 30);
    expect(h.until('department', T + 100)).toBe(T + 145);
    expect(h.until('department', T + 144)).toBe(T + 145);
    expect(h.until('department', T + 145)).toBe(0);
    expect(h.until('brand', T + 100)).toBe(0);
  });

  it('a 429 of another operation within that round trip does not prolong it; an operation shown apart is never held', () => {
    const apart = new Set([pair('brand', 'category')]);
    const h = createFirst429Hold(apart);
    h.on429(['brand'], T, 30);
    h.on429(['department'], T + 20, 30);
    expect(h.until('branch-list', T + 25)).toBe(T + 45);
    expect(h.until('category', T + 5)).toBe(0);
  });
});

describe("a learnt quota's last sends of a window", () => {
  const learnt = () => {
    const p = newPace(undefined, 'brand', { cap: { requests: 20, windowMs: 2000 }, t: T });
    p.log = Array.from({ length: 10 }, (_, i) => T + i * 10);
    p.lastSend = T + 90;
    return p;
  };

  it('go at most half of what is left of the quota in flight (10 left: 5), looked at again shortly', () => {
    const p = learnt();
    p.inFlight = 4;
    expect(until(p, T + 100)).toBeLessThanOrEqual(T + 100);
    p.inFlight = 5;
    expect(until(p, T + 100)).toBe(T + 110);
  });

  it('one at a time once one or two places are left; a window later the log no longer counts', () => {
    const p = learnt();
    p.log.push(...Array.from({ length: 8 }, (_, i) => T + 100 + i));
    p.inFlight = 1;
    expect(until(p, T + 120)).toBe(T + 130);
    expect(until(p, T + 3000)).toBeLessThanOrEqual(T + 3000);
  });

  it('a quota stated (not learnt) is sent side by side to its end', () => {
    const p = newPace({ requests: 20, windowMs: 2000 }, 'brand');
    p.log = Array.from({ length: 18 }, (_, i) => T + i);
    p.inFlight = 2;
    expect(until(p, T + 100)).toBeLessThanOrEqual(T + 100);
  });
});
