// A gang: the requests of a burst that must meet at the target (one voucher's update sent twice at
// once, customers created at once) wait for each other at the last step before they go, then go
// in one turn. The policies before that step let each through on its own (the next free slot, a
// pace): without the gang, the first could be answered before the second had its slot, and the
// two would never meet. At most `size` wait, never more than the run's concurrency (a gang larger
// than the slots would wait for a slot one of its own holds), and none longer than `holdMs` after
// the first arrived (a member the budget stopped, a pace that lets one through at a time): then
// those that arrived go. After that, its requests (a retry, a member's next request) go at once.

/** How long the first of a gang waits for the others, at most. */
export const GANG_HOLD_MS = 2_000;

export interface Gang {
  /** Resolves when the gang goes: every member arrived (at most `cap` of them), or the hold ended. */
  arrive(cap: number): Promise<void>;
}

export function createGang(size: number, holdMs = GANG_HOLD_MS): Gang {
  let arrived = 0;
  let gone = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waiting: (() => void)[] = [];
  const go = () => {
    gone = true;
    if (timer !== undefined) clearTimeout(timer);
    for (const w of waiting.splice(0)) w();
  };
  return {
    arrive(cap) {
      if (gone) return Promise.resolve();
      arrived++;
      if (arrived >= Math.min(size, cap)) {
        go();
        return Promise.resolve();
      }
      timer ??= setTimeout(go, holdMs);
      return new Promise<void>((w) => waiting.push(w));
    },
  };
}
