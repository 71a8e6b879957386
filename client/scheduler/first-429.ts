// The first 429 of a limit nothing states (no header, no config, nothing learnt yet): for one round
// trip and a half of the refused request, the other operations whose limit is not known either send nothing
// new. Their answers already in flight show whether the limit is theirs too (a 429 joins it,
// shared-limit.ts; an acceptance sets them apart); a request sent meanwhile would most likely meet
// the limit empty (one limit on every route: each operation met it in turn, one 429 per request sent
// until its own first 429 came back). An operation shown to have a limit of its own is never held.
import { pair } from './shared-limit.ts';

export interface First429Hold {
  /** A 429 of the operations `ops` (one limit not known yet), answered at `t` after `roundTripMs`. */
  on429(ops: readonly string[], t: number, roundTripMs: number): void;
  /** Until when a new request of `op` (its limit not known) waits: epoch ms, 0 when it does not. */
  until(op: string, t: number): number;
}

/** `apart`: pairs of operations shown not to share a limit (shared-limit.ts `pair`). */
export function createFirst429Hold(apart: ReadonlySet<string>): First429Hold {
  let held: { ops: ReadonlySet<string>; until: number } | undefined;
  return {
    on429(ops, t, roundTripMs) {
      if (held && t < held.until) return;
      // Half a round trip more: the answers in flight come back before the hold ends, not with it.
      held = { ops: new Set(ops), until: t + Math.max(1, Math.ceil(roundTripMs * 1.5)) };
    },
    until(op, t) {
      if (!held || t >= held.until || held.ops.has(op)) return 0;
      for (const o of held.ops) if (apart.has(pair(o, op))) return 0;
      return held.until;
    },
  };
}
