// Room for the report pages that walks in progress hold, run-wide (suites/report/walk.ts). A walk
// takes room for the pages it will read before it reads them and gives it back when it returns, so
// the pages of every walk under way at once stay within the room however many tests walk side by
// side and however slowly their requests are answered. Room is taken in one piece and given back in
// one: a holder never waits for more room while it holds some, so no walk holding pages waits on
// another and every holder finishes. Waiters are served in order (a MUST's test first, then one
// that had room before and gave it back, then first come first served); a waiter that does not fit
// keeps those after it waiting, so a large claim is never starved. A claim larger than the room is
// served when the room is empty, alone. A holder may read past its claim (`grow`) without waiting:
// the room counts it, and later waiters wait for it.
import { currentFlow } from '../client/scheduler/slots.ts';
import { defineRunState, type RunOf } from './run-state.ts';

/** Report pages the walks in progress of one run hold at most together (pages of up to 200 items). */
export const WALK_ROOM_PAGES = 32;

/** Room held: read past the claim with `grow`; given back by `hold` when its function ends. */
export interface Held {
  /** Pages held now (the claim, and what was read past it). */
  pages(): number;
  /** Counts `n` more pages held now, without waiting (a walk reading past what its first page announced). */
  grow(n: number): void;
}

export interface Room {
  /**
   * Waits for room for `pages` (at most the whole room), runs `fn` holding it, and gives it back
   * when `fn` ends, whether it returns or throws. `again`: the caller had room before and gave it
   * back (it is served before first takers).
   */
  hold<T>(pages: number, fn: (held: Held) => Promise<T>, o?: { must?: boolean; again?: boolean }): Promise<T>;
  /** Pages held now by every holder. */
  held(): number;
  /** The most pages held at once so far. */
  peak(): number;
  /** Callers waiting for room now. */
  waiting(): number;
}

interface Waiter {
  claim: number;
  rank: number;
  seq: number;
  grant(): void;
}

/** A room of `size` pages. */
export function pageRoom(size: number): Room {
  const queue: Waiter[] = [];
  const state = { held: 0, peak: 0, seq: 0 };
  const count = (n: number) => {
    state.held += n;
    state.peak = Math.max(state.peak, state.held);
  };
  const pump = () => {
    queue.sort((a, b) => a.rank - b.rank || a.seq - b.seq);
    while (queue.length > 0) {
      const next = queue[0]!;
      if (state.held > 0 && state.held + next.claim > size) return;
      queue.shift();
      count(next.claim);
      next.grant();
    }
  };
  return {
    async hold(pages, fn, o = {}) {
      const claim = Math.max(1, Math.min(size, Math.ceil(pages)));
      await new Promise<void>((grant) => {
        queue.push({ claim, rank: (o.must ? 0 : 2) + (o.again ? 0 : 1), seq: state.seq++, grant });
        pump();
      });
      let mine = claim;
      const held: Held = {
        pages: () => mine,
        grow(n) {
          if (n <= 0) return;
          mine += n;
          count(n);
        },
      };
      try {
        return await fn(held);
      } finally {
        state.held -= mine;
        mine = 0;
        pump();
      }
    },
    held: () => state.held,
    peak: () => state.peak,
    waiting: () => queue.length,
  };
}

const rooms = defineRunState('walk-room', () => pageRoom(WALK_ROOM_PAGES));

/** The run's room for walk pages: a MUST's test (its flow, client/scheduler/slots.ts) is served first. */
export function walkRoom(of: RunOf): Room {
  const room = rooms(of);
  return {
    ...room,
    hold: (pages, fn, o = {}) => {
      const flow = currentFlow();
      return room.hold(pages, fn, { must: flow.must === true || flow.raised?.() === true, ...o });
    },
  };
}
