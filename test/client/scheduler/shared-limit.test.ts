// One limit shared by several operations, stated nowhere (client/scheduler/shared-limit.ts): 429s
// on several operations within one window, their waits ending at one instant, show one limit, learnt
// as one quota over them; an operation accepted though sent after another's refused request, before
// that limit can have reset (as its wait states, else within a round trip), has a limit of its own
// (limits met alike, at one instant, may be taken for one: the pace then holds both, within the goals).
// On a simulated clock; the 429s say only Retry-After (whole seconds).
import { describe, expect, it } from 'vitest';
import { createScheduler } from '../../../client/scheduler.ts';
import { newPace } from '../../../client/scheduler/pace.ts';
import { leaveShared, surelyMs } from '../../../client/scheduler/shared-limit.ts';
import { answer, notSent } from '../../../bench/support/answers.ts';
import { clock } from '../../../bench/support/sim-clock.ts';

const OPS = ['report', 'contactRead', 'orderStatusRead', 'customerCreate'];

/** Fixed windows of `limit(key)` per `windowMs`, one count per key (`keyOf` the operation), all aligned. */
function vendor(c: ReturnType<typeof clock>, limit: (key: string) => number, windowMs: number, keyOf: (op: string) => string) {
  const start = c.now() + 321;
  const used = new Map<string, number>();
  let refused = 0;
  const serve = (op: string) => async () => {
    await c.sleep(3);
    const now = c.now();
    const w = Math.floor((now - start) / windowMs);
    const k = `${keyOf(op)}@${w}`;
    const n = used.get(k) ?? 0;
    if (n >= limit(keyOf(op))) return (refused++, answer(429, { 'retry-after': String(Math.max(1, Math.ceil((start + (w + 1) * windowMs - now) / 1000))) }));
    used.set(k, n + 1);
    return answer(200);
  };
  return { serve, refused: () => refused };
}

async function run(keyOf: (op: string) => string, n: number, limit: (key: string) => number = () => 40) {
  const c = clock();
  const s = createScheduler({ concurrency: 8, pacing: true, now: c.now, sleep: c.sleep, retry429: { maxRetries: 20, maxWaitMs: 120_000 } });
  const v = vendor(c, limit, 5000, keyOf);
  const t0 = c.now();
  const r = await Promise.all(Array.from({ length: n }, (_, i) => s.run(v.serve(OPS[i % OPS.length]!), notSent, OPS[i % OPS.length]!)));
  expect(r.every((ex) => ex.response?.status === 200)).toBe(true);
  return { ms: c.now() - t0, refused: v.refused(), learnt: s.learnt(), pacing: s.stats().operations.report!.pacing };
}

/** Operations a and d joined as one pace, whose learner met its 429 at `t` (ms) after `n` answers 10 ms apart from 200, a window of `windowMs`. */
function joinedAD(t: number, windowMs: number, n: number) {
  const own = new Map<string, ReturnType<typeof newPace>>();
  const p = newPace(undefined, 'a');
  for (const op of ['a', 'd']) (p.ops.add(op), own.set(op, p));
  p.cap = p.learner.on429(
    1000,
    t,
    windowMs,
    Array.from({ length: n }, (_, k) => 200 + k * 10),
  );
  return { own, p };
}

describe('a limit shared by every operation, stated nowhere', () => {
  it('is learnt as one limit over them, within 1.25x the floor and 5% of the requests meeting a 429', async () => {
    const r = await run(() => 'all', 800);
    expect(r.learnt).toHaveLength(1);
    expect([...r.learnt[0]!.operations!].sort()).toEqual([...OPS].sort());
    expect(r.learnt[0]!.estimate).toBe(true);
    expect(r.pacing).toMatch(/one limit shared by/);
    expect(r.refused / 800).toBeLessThanOrEqual(0.05);
    // 800 at 40 per 5 s: 100 s.
    expect(r.ms).toBeLessThanOrEqual(1.25 * 100_000);
  });

  it('two groups (reads, writes): within 1.25x the floor and 5% of the requests meeting a 429', async () => {
    const r = await run((op) => (op.endsWith('Read') ? 'reads' : 'writes'), 800);
    // Each group's operations are under one limit learnt (met alike, two groups may look like one).
    for (const g of [
      ['contactRead', 'orderStatusRead'],
      ['customerCreate', 'report'],
    ])
      expect(r.learnt.some((q) => g.every((op) => q.operations!.includes(op)))).toBe(true);
    expect(r.refused / 800).toBeLessThanOrEqual(0.05);
    expect(r.ms).toBeLessThanOrEqual(1.25 * 50_000);
  });

  it('limits of their own stay apart: an operation accepted while the refused request of another was on its way does not share its limit', async () => {
    // The report allows 10 per 5 s, every other operation 40 of its own: the report is refused first.
    const r = await run(
      (op) => op,
      800,
      (key) => (key === 'report' ? 10 : 40),
    );
    const report = r.learnt.find((q) => q.operations!.includes('report'))!;
    expect(report.operations).toEqual(['report']);
    // Learnt at 10, or one above: a probe up (learn-quota.ts) may be under way when the run ends.
    expect(report.quota.requests).toBeLessThanOrEqual(11);
  });
});

describe('an operation shown to have a limit of its own', () => {
  it('leaves with its part of the quota learnt for the limit it was taken to share, the rest staying (neither unpaced)', () => {
    const own = new Map<string, ReturnType<typeof newPace>>();
    const p = newPace(undefined, 'a');
    for (const op of ['a', 'b', 'c', 'd']) (p.ops.add(op), own.set(op, p));
    // 80 accepted in the window before a 429: the four taken as one limit of 80 per 2 s.
    p.cap = p.learner.on429(
      1000,
      3000,
      2000,
      Array.from({ length: 80 }, (_, i) => 200 + i * 10),
    );
    p.last429 = { op: 'a', sentAt: 3990, t: 4000, end: 6000, surelyMs: 1000 };
    // d's request sent while a's refused one was on its way (after it reached the target, half its
    // round trip after it was sent), accepted: d has a limit of its own.
    const d = leaveShared(own, new Set(), 'd', 3996);
    expect(own.get('d')).toBe(d);
    expect(d.cap).toEqual({ requests: 20, windowMs: 2000 });
    expect(d.cap).toBe(d.learner.current());
    expect(p.cap).toEqual({ requests: 60, windowMs: 2000 });
    expect([...p.ops]).toEqual(['a', 'b', 'c']);
  });

  it("stays when its request, sent just after the other's refused one, may have reached the target first (and taken the last place)", () => {
    const { own, p } = joinedAD(3000, 2000, 80);
    p.last429 = { op: 'a', sentAt: 3990, t: 4000, end: 6000, surelyMs: 1000 };
    expect(leaveShared(own, new Set(), 'd', 3993)).toBe(p);
    expect([...p.ops]).toEqual(['a', 'd']);
  });

  it("stays when its request may have come after the other's limit reset: a Retry-After of 1 s (a token bucket refills within a round trip)", () => {
    const { own, p } = joinedAD(2000, 1000, 40);
    // a's request sent at 3970 refused at 4000, asking 1 s: the reset may be any time after 3970.
    p.last429 = { op: 'a', sentAt: 3970, t: 4000, end: 5000, surelyMs: surelyMs({ ms: 1000, from: 'retry-after' }, 30, false) };
    expect(leaveShared(own, new Set(), 'd', 3985)).toBe(p);
    expect([...p.ops]).toEqual(['a', 'd']);
  });
});

describe('how long after a refused request its limit surely had not reset', () => {
  it('a Retry-After less the second it was rounded up by (a date: two), a message or a wait proven wrong only the round trip', () => {
    expect(surelyMs({ ms: 3000, from: 'retry-after' }, 30, false)).toBe(2000);
    expect(surelyMs({ ms: 1000, from: 'retry-after' }, 30, false)).toBe(0);
    expect(surelyMs({ ms: 3000, from: 'retry-after', date: { retryAt: 3000, serverNow: 0 } }, 30, false)).toBe(1000);
    expect(surelyMs({ ms: 3000, from: 'message' }, 30, false)).toBe(30);
    expect(surelyMs({ ms: 3000, from: 'retry-after' }, 30, true)).toBe(30);
  });
});
