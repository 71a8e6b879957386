// The room the bodies of one transport's requests in flight share, and the deadline that leaves
// the kit's own waits out. A body under the cap is never cut for want of room: a request whose
// next bytes do not fit waits (it stops reading, so TCP holds the rest at the server) until
// another gives its bytes back. The oldest body being read never waits, so every wait ends (no
// deadlock, whatever each holds), and what they hold together stays under budget + cap: the
// others together never pass the budget, the oldest never passes the cap. A chunk in the hands
// of a waiting request is not counted (one socket read each, undici's stream buffer as before).
// The deadline is the target's time: it stops while its request waits for room, and so does
// the exchange's measured duration.

export interface Room {
  /** The bytes held now by the bodies being read. */
  held(): number;
  /** Requests waiting for room now. */
  waiting(): number;
  /** A body begins to be read: its share of the room, in the order bodies began. */
  open(): Share;
}

export interface Share {
  /** True when `n` more bytes may be held now: they fit the budget, or this is the oldest body being read. */
  fits(n: number): boolean;
  /** Holds `n` more bytes when they may be held, waiting until then: the look and the taking are one step, no other comes between. */
  take(n: number): Promise<void>;
  /** Holds `n` more bytes now (after `fits(n)`, in the same step). */
  add(n: number): void;
  /** Gives back all it holds and the place it had; wakes the waiting. */
  close(): void;
}

export function createRoom(budget: number): Room {
  const state = { held: 0, waiting: 0 };
  // The shares being read, oldest first (a Set keeps the order they were added in).
  const open = new Set<{ bytes: number }>();
  // Those waiting, woken (all, to look again) when a share closes: room made, or a new oldest.
  const wakers = new Set<() => void>();

  function share(): Share {
    const mine = { bytes: 0 };
    open.add(mine);
    const fits = (n: number) => open.values().next().value === mine || state.held + n <= budget;
    const add = (n: number) => {
      mine.bytes += n;
      state.held += n;
    };
    return {
      fits,
      add,
      async take(n) {
        while (!fits(n)) {
          state.waiting += 1;
          await new Promise<void>((resolve) => wakers.add(resolve));
          state.waiting -= 1;
        }
        add(n);
      },
      close() {
        if (!open.delete(mine)) return;
        state.held -= mine.bytes;
        mine.bytes = 0;
        const woken = [...wakers];
        wakers.clear();
        for (const wake of woken) wake();
      },
    };
  }

  return { held: () => state.held, waiting: () => state.waiting, open: share };
}

export interface Deadline {
  /** Stops the clock (a wait for room begins). */
  pause(): void;
  /** Runs it on with what was left. */
  resume(): void;
  /** The time it ran (the exchange's duration without its waits), in ms. */
  ran(): number;
  clear(): void;
}

/** Calls `expire` when the clock has run `ms`, its pauses left out. */
export function startDeadline(ms: number, expire: () => void): Deadline {
  const clock = { ranBefore: 0, since: undefined as number | undefined, timer: undefined as ReturnType<typeof setTimeout> | undefined, cleared: false };
  const arm = () => {
    clock.since = performance.now();
    clock.timer = setTimeout(expire, Math.max(0, ms - clock.ranBefore));
  };
  arm();
  const ran = () => clock.ranBefore + (clock.since === undefined ? 0 : performance.now() - clock.since);
  return {
    pause() {
      if (clock.since === undefined) return;
      clock.ranBefore = ran();
      clock.since = undefined;
      clearTimeout(clock.timer);
    },
    resume() {
      if (clock.since === undefined && !clock.cleared) arm();
    },
    ran,
    clear() {
      clock.cleared = true;
      clock.ranBefore = ran();
      clock.since = undefined;
      clearTimeout(clock.timer);
    },
  };
}
