// A limit several operations share, seen in their 429s when no header announces it (a policy
// announced alike is shared in pacing.ts): a 429 on one operation whose wait ends when another's,
// still being waited, ends (within a second: Retry-After rounds up) and stated the same way (message,
// seconds, date) shows one limit. The operation joins the other's pace: its answers accepted since
// the reset count toward the quota learnt. A request accepted though sent after the other's refused
// one reached the target, before that limit can have reset (what its wait states for sure), shows
// the two do not share: it never joins, or leaves, and the two are not joined again.
import { newPace, type Pace, type Stated } from './pace.ts';
import type { Job } from './policy.ts';

/** How far apart the ends of two waits of one window may be: Retry-After rounds up to whole seconds. */
const TOLERANCE_MS = 1000;

/** Sent after the other's refused request reached the target (half its round trip after it was
 *  sent: requests sent side by side may reach it in another order, and one sent just after the
 *  refused one but there first takes the last place of a limit they share), and while its limit
 *  surely had not reset (`surelyMs` after it was sent): an acceptance then shows another limit. */
const sentWhileRefused = (sentAt: number, other: { sentAt: number; t: number; surelyMs: number }) =>
  sentAt > other.sentAt + (other.t - other.sentAt) / 2 && sentAt - other.sentAt < other.surelyMs;

/** How long after a refused request was sent its limit surely had not reset. A Retry-After is its
 *  reset rounded up to a whole second (a date: both it and the answer's Date rounded, two seconds);
 *  a message states a window, not when it resets, and a wait proven wrong states nothing: then only
 *  the round trip (a reset within one is unlikely, not impossible: a token bucket refills in one). */
export function surelyMs(wait: Job['wait429'], roundTripMs: number, distrusted: boolean): number {
  if (!wait || wait.from === 'message' || distrusted) return roundTripMs;
  return Math.max(0, wait.ms - (wait.date ? 2000 : 1000));
}

export const pair = (a: string, b: string) => (a < b ? `${a}\n${b}` : `${b}\n${a}`);

/** How a 429 states its wait: one limiter states each of its 429s' the same way. */
export const statedOf = (wait: NonNullable<Job['wait429']>): Stated => (wait.from === 'message' ? 'message' : wait.date ? 'date' : 'seconds');

/** A 429 of `op` answered at `t`, its wait ending at `end` and stated as `stated`: the pace it is
 *  under from now on. Waits stated another way (a message, Retry-After seconds, a date) are
 *  another limiter's: never joined, whatever their ends. */
export function joinShared(own: Map<string, Pace>, apart: Set<string>, op: string, t: number, end: number, stated?: Stated): Pace {
  const mine = own.get(op)!;
  for (const p of new Set(own.values())) {
    const other = p.last429;
    if (p === mine || !other || mine.ops.has(other.op) || p.pausedUntil <= t || Math.abs(other.end - end) > TOLERANCE_MS) continue;
    if (stated !== undefined && other.stated !== undefined && stated !== other.stated) continue;
    if ([...mine.ops].some((o) => apart.has(pair(o, other.op)))) continue;
    // Accepted though sent while the other's refused request was on its way: a limit of its own.
    if (sentWhileRefused(mine.lastAcceptedSentAt, other)) {
      for (const o of mine.ops) apart.add(pair(o, other.op));
      continue;
    }
    for (const o of mine.ops) (own.set(o, p), p.ops.add(o));
    const learnt = p.cap !== undefined && p.cap === p.learner.current();
    const joined = p.learner.join(mine.accepted, t);
    if (learnt && joined) p.cap = joined;
    p.accepted = [...p.accepted, ...mine.accepted].sort((a, b) => a - b).slice(-1000);
    p.lastAcceptedSentAt = Math.max(p.lastAcceptedSentAt, mine.lastAcceptedSentAt);
    p.pausedUntil = Math.max(p.pausedUntil, mine.pausedUntil);
    return p;
  }
  return mine;
}

/** An answer accepted for `op`, sent at `sentAt`: the pace it is under from now on. */
export function leaveShared(own: Map<string, Pace>, apart: Set<string>, op: string, sentAt: number): Pace {
  const p = own.get(op)!;
  const other = p.last429;
  if (p.ops.size < 2 || !other || other.op === op || !sentWhileRefused(sentAt, other)) return p;
  // A quota learnt for the limit they were taken to share is shared out: an equal part goes with
  // the operation (what the pace held for it), the rest stays (unpaced, it would burst into 429s).
  const learnt = p.cap !== undefined && p.cap === p.learner.current() ? p.cap : undefined;
  const n = p.ops.size;
  p.ops.delete(op);
  apart.add(pair(op, other.op));
  const part = learnt && { cap: { requests: Math.max(1, Math.round(learnt.requests / n)), windowMs: learnt.windowMs }, t: sentAt, lastWaitEnd: other.end };
  const mine = newPace(undefined, op, part);
  if (learnt) {
    const kept = p.learner.split((n - 1) / n, sentAt)!;
    p.cap = kept;
    p.log = p.log.slice(-kept.requests);
  }
  own.set(op, mine);
  return mine;
}
