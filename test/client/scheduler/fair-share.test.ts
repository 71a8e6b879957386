// The places of a learnt quota several operations were taken to share, given evenly while they
// compete (client/scheduler/fair-share.ts): an operation that sent its even part yields to another
// of the pace that sent fewer and holds a slot at the gate; alone in wanting, it takes them all; a
// parked request (its slot given back) wants none; stated quotas and paces of one operation are left as they are.
import { describe, expect, it } from 'vitest';
import { createFairShare } from '../../../client/scheduler/fair-share.ts';
import { newPace } from '../../../client/scheduler/pace.ts';
import type { Job } from '../../../client/scheduler/policy.ts';

const T = 1_700_000_000_000;

/** A pace learnt at 8 per 2 s, taken to be shared by four operations. */
const joint = () => {
  const p = newPace(undefined, 'brand', { cap: { requests: 8, windowMs: 2000 }, t: T });
  for (const op of ['branch-list', 'department', 'category']) p.ops.add(op);
  return p;
};
const job = (op: string) => ({ op, park: async () => {} }) as unknown as Job;

describe('the places of a learnt quota taken to be shared', () => {
  it('an operation that sent its even part (8 over 4: 2) yields to one that sent fewer and waits at the gate', () => {
    const f = createFairShare();
    const p = joint();
    f.sent('brand', [p], T);
    expect(f.until(p, 'brand', T + 1)).toBe(-Infinity);
    f.sent('brand', [p], T + 1);
    // No other operation waits: brand takes the place.
    expect(f.until(p, 'brand', T + 2)).toBe(-Infinity);
    const leave = f.enter(job('department'));
    expect(f.until(p, 'brand', T + 2)).toBe(T + 12);
    // department may go; once it sent as many as brand, brand goes again.
    expect(f.until(p, 'department', T + 2)).toBe(-Infinity);
    f.sent('department', [p], T + 3);
    f.sent('department', [p], T + 4);
    expect(f.until(p, 'brand', T + 5)).toBe(-Infinity);
    leave();
  });

  it('sends leave the count with the window (2 s and its margin)', () => {
    const f = createFairShare();
    const p = joint();
    f.sent('brand', [p], T);
    f.sent('brand', [p], T + 1);
    const leave = f.enter(job('category'));
    expect(f.until(p, 'brand', T + 2000)).toBe(T + 2010);
    expect(f.until(p, 'brand', T + 2062)).toBe(-Infinity);
    leave();
  });

  it('a parked request (its slot given back) wants no place: none yields to it', async () => {
    const f = createFairShare();
    const p = joint();
    f.sent('brand', [p], T);
    f.sent('brand', [p], T + 1);
    let during = 0;
    const j = { op: 'department', park: async () => void (during = f.until(p, 'brand', T + 2)) } as unknown as Job;
    const leave = f.enter(j);
    await j.park(500);
    expect(during).toBe(-Infinity);
    expect(f.until(p, 'brand', T + 2)).toBe(T + 12);
    leave();
    expect(f.until(p, 'brand', T + 2)).toBe(-Infinity);
  });

  it('while the window is not known: the hold after the first wait, counted since the 429 it came from', () => {
    const f = createFairShare();
    const p = newPace(undefined, 'brand');
    p.ops.add('department');
    p.hold = { from: T + 3000, n: 4, sent: 0 };
    p.last429 = { op: 'brand', sentAt: T - 4, t: T, end: T + 3000, surelyMs: 0 };
    f.sent('brand', [p], T + 2990);
    f.sent('brand', [p], T + 3001);
    const leave = f.enter(job('department'));
    expect(f.until(p, 'brand', T + 3002)).toBe(T + 3012);
    leave();
  });

  it('a stated quota, and a pace of one operation, are left as they are', () => {
    const f = createFairShare();
    const stated = newPace({ requests: 8, windowMs: 2000 });
    for (const op of ['brand', 'department']) stated.ops.add(op);
    const own = newPace(undefined, 'brand', { cap: { requests: 8, windowMs: 2000 }, t: T });
    for (let i = 0; i < 4; i++) f.sent('brand', [stated, own], T + i);
    const leave = f.enter(job('department'));
    expect(f.until(stated, 'brand', T + 5)).toBe(-Infinity);
    expect(f.until(own, 'brand', T + 5)).toBe(-Infinity);
    leave();
  });
});
