// MUSTs first in time where a pace makes requests wait: while a request of a test verifying a MUST
// waits for a pace, a request of a test verifying none that counts against the same pace does not
// take the place it waits for; and the last free place of a quota is kept for a MUST's test whose
// request there is on its way or just answered (a walk sends its next request as soon as it reads one). The
// scarce quota goes to the MUSTs as they ask for it, whatever the order the tests started in; what
// the others cannot get before the budget ends is "not sent" (their tests "not run"), never a MUST's.
// A test holding what a MUST's test waits for (a voucher held alone) is raised above the MUSTs
// while it does: its requests go first, so the MUST's test gets what it waits for soonest.
import { marginMs, type Pace } from './pace.ts';
import type { Job } from './policy.ts';

/** How long the last free place of a quota is kept for a MUST's test after its answer. */
export const FOLLOW_MS = 200;

/** Where a test's request goes where a pace makes requests wait: 2 raised (a MUST's test waits for
 *  what its test holds), 1 a MUST's, 0 another test's; undefined (a request of no test): never held back. */
export const rankOf = (job: Pick<Job, 'must' | 'raised'>): number | undefined => (job.must === undefined ? undefined : job.raised?.() ? 2 : job.must ? 1 : 0);

/** The test requests waiting for a pace now, each with the paces it waits for and its rank (computed when asked: they change). */
export interface MustsFirst {
  /** A test's request (`job`: its rank, rankOf) starts waiting; the returned function ends its wait (it passed, or was refused). */
  enter(paces: () => readonly Pace[], job: Pick<Job, 'must' | 'raised'>): () => void;
  /** A MUST request counted against these paces was sent; its answer (or none) came at `t`. */
  sent(paces: readonly Pace[]): void;
  answered(paces: readonly Pace[], t: number): void;
  /** Must a request of `job` counted against these paces let another go first at `t`: one of a higher
   *  rank waits for them, or (a test verifying no MUST) a MUST's walk is about to take a last place? */
  ahead(paces: readonly Pace[], t: number, job: Pick<Job, 'must' | 'raised'>): boolean;
}

/** Places of a quota's window not yet taken at `t` (Infinity for a pace without a quota). */
const freePlaces = (p: Pace, t: number) => (p.cap ? p.cap.requests - p.log.filter((s) => s > t - p.cap!.windowMs - marginMs(p.cap!)).length : Infinity);

export function createMustsFirst(): MustsFirst {
  const waiting = new Set<{ paces: () => readonly Pace[]; job: Pick<Job, 'must' | 'raised'> }>();
  const lastAnswer = new WeakMap<Pace, number>();
  const onTheWay = new WeakMap<Pace, number>();
  const following = (p: Pace, t: number) => (onTheWay.get(p) ?? 0) > 0 || t - (lastAnswer.get(p) ?? -Infinity) < FOLLOW_MS;
  return {
    enter(paces, job) {
      const w = { paces, job };
      waiting.add(w);
      return () => void waiting.delete(w);
    },
    sent(paces) {
      for (const p of paces) if (p.cap) onTheWay.set(p, (onTheWay.get(p) ?? 0) + 1);
    },
    answered(paces, t) {
      for (const p of paces) if (p.cap) (lastAnswer.set(p, t), onTheWay.set(p, Math.max(0, (onTheWay.get(p) ?? 1) - 1)));
    },
    ahead(paces, t, job) {
      const rank = rankOf(job);
      if (paces.length === 0 || rank === undefined) return false;
      for (const w of waiting) if ((rankOf(w.job) ?? 0) > rank && w.paces().some((p) => paces.includes(p))) return true;
      return rank === 0 && paces.some((p) => freePlaces(p, t) <= 1 && following(p, t));
    },
  };
}
