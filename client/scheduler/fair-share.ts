// The places of a learnt quota several operations were taken to share (shared-limit.ts joined them
// at their 429s), given evenly while they compete for them: an operation that sent its even part of
// the window (the quota over its operations, rounded down; while the window is not known yet, of
// what the hold after the first wait lets go side by side, counted since the 429 that wait came
// from) yields the next place to another of the pace that sent fewer and has a request waiting for
// one. A limit truly shared loses nothing (the place goes to the other, the quota is spent as fast);
// limits of their own met alike at once, so taken for one (per operation, told apart by nothing a
// Retry-After date says), are not overdrawn by one operation while another leaves its part unspent.
// An operation alone in wanting places takes them all (a request parked, its slot given back, wants
// none: a yield to it could hold every slot while it waits for one). Stated and announced quotas
// are exact: left as they are.
import type { Job } from './policy.ts';
import type { Pace } from './pace.ts';
import { marginMs } from './pace.ts';

/** How often a request that yielded looks again (the other's send frees it). */
const POLL_MS = 10;
/** Send times kept per operation of a pace. */
const KEPT = 1000;

/** The places a pace gives evenly, and since when its operations' sends count; none: it holds none
 *  learnt (a stated or announced quota is exact, a pace of one operation has no one to share with). */
function places(p: Pace, t: number): { n: number; from: number } | undefined {
  if (p.ops.size < 2) return undefined;
  const cap = p.cap;
  if (cap && cap === p.learner.current()) return { n: cap.requests, from: t - cap.windowMs - marginMs(cap) };
  if (!cap && p.hold) return { n: p.hold.n, from: Math.min(p.hold.from, p.last429?.t ?? p.hold.from) };
  return undefined;
}

export interface FairShare {
  /** A request waits at the gate, holding its slot but while parked; the returned function: it stopped waiting. */
  enter(job: Job): () => void;
  /** A request of `op` took its place in `paces` at `t`. */
  sent(op: string, paces: readonly Pace[], t: number): void;
  /** When the pace's even share lets the next request of `op` go (epoch ms), looked at `t`; -Infinity: now. */
  until(p: Pace, op: string, t: number): number;
}

export function createFairShare(): FairShare {
  const wanting = new Map<string, number>();
  /** Per pace, each operation's send times (the last KEPT of them). */
  const sends = new WeakMap<Pace, Map<string, number[]>>();
  const add = (op: string, delta: number) => {
    const n = (wanting.get(op) ?? 0) + delta;
    if (n > 0) wanting.set(op, n);
    else wanting.delete(op);
  };
  const count = (p: Pace, op: string, from: number) => {
    const log = sends.get(p)?.get(op) ?? [];
    let n = 0;
    for (let i = log.length - 1; i >= 0 && log[i]! > from; i--) n++;
    return n;
  };
  return {
    enter(job) {
      const { op, park } = job;
      add(op, 1);
      job.park = async (ms) => {
        add(op, -1);
        try {
          await park(ms);
        } finally {
          add(op, 1);
        }
      };
      return () => ((job.park = park), add(op, -1));
    },
    sent(op, paces, t) {
      for (const p of paces) {
        if (!places(p, t)) continue;
        const byOp = sends.get(p) ?? (sends.set(p, new Map()), sends.get(p)!);
        const log = byOp.get(op) ?? (byOp.set(op, []), byOp.get(op)!);
        log.push(t);
        if (log.length > KEPT) log.shift();
      }
    },
    until(p, op, t) {
      const q = places(p, t);
      if (!q) return -Infinity;
      const from = q.from;
      const mine = count(p, op, from);
      if (mine < Math.floor(q.n / p.ops.size)) return -Infinity;
      for (const o of p.ops) if (o !== op && (wanting.get(o) ?? 0) > 0 && count(p, o, from) < mine) return t + POLL_MS;
      return -Infinity;
    },
  };
}
