// MUSTs first in time where a pace makes requests wait: while a request of a test verifying a MUST
// waits for a pace, a request of a test verifying none that counts against the same pace does not
// take the place it waits for; and the last free place of a quota is kept for a MUST's test whose
// request there is on its way or just answered (a walk sends its next request as soon as it reads one). The
// scarce quota goes to the MUSTs as they ask for it, whatever the order the tests started in; what
// the others cannot get before the budget ends is "not sent" (their tests "not run"), never a MUST's.
import { marginMs, type Pace } from './pace.ts';

/** How long the last free place of a quota is kept for a MUST's test after its answer. */
export const FOLLOW_MS = 200;

/** The MUST requests waiting for a pace now, each with the paces it waits for (computed when asked: they change as the pacing learns). */
export interface MustsFirst {
  /** A MUST request starts waiting; the returned function ends its wait (it passed, or was refused). */
  enter(paces: () => readonly Pace[]): () => void;
  /** A MUST request counted against these paces was sent; its answer (or none) came at `t`. */
  sent(paces: readonly Pace[]): void;
  answered(paces: readonly Pace[], t: number): void;
  /** Must a request of a test verifying no MUST, counted against these paces, let a MUST's go first at `t`? */
  ahead(paces: readonly Pace[], t: number): boolean;
}

/** Places of a quota's window not yet taken at `t` (Infinity for a pace without a quota). */
const freePlaces = (p: Pace, t: number) => (p.cap ? p.cap.requests - p.log.filter((s) => s > t - p.cap!.windowMs - marginMs(p.cap!)).length : Infinity);

export function createMustsFirst(): MustsFirst {
  const waiting = new Set<() => readonly Pace[]>();
  const lastAnswer = new WeakMap<Pace, number>();
  const onTheWay = new WeakMap<Pace, number>();
  const following = (p: Pace, t: number) => (onTheWay.get(p) ?? 0) > 0 || t - (lastAnswer.get(p) ?? -Infinity) < FOLLOW_MS;
  return {
    enter(paces) {
      waiting.add(paces);
      return () => void waiting.delete(paces);
    },
    sent(paces) {
      for (const p of paces) if (p.cap) onTheWay.set(p, (onTheWay.get(p) ?? 0) + 1);
    },
    answered(paces, t) {
      for (const p of paces) if (p.cap) (lastAnswer.set(p, t), onTheWay.set(p, Math.max(0, (onTheWay.get(p) ?? 1) - 1)));
    },
    ahead(paces, t) {
      if (paces.length === 0) return false;
      for (const of of waiting) if (of().some((p) => paces.includes(p))) return true;
      return paces.some((p) => freePlaces(p, t) <= 1 && following(p, t));
    },
  };
}
