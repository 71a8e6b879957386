// A simulated clock for the scheduler's tests: a timer queue whose time moves to the next timer
// only once nothing else can run, so quota windows of minutes take no real time.

/** A simulated clock with a timer queue: the time moves to the next timer only once nothing else can run. */
export function clock() {
  let t = 1_700_000_000_000;
  const timers: { at: number; go: () => void }[] = [];
  let ticking = false;
  const tick = () => {
    ticking = false;
    timers.sort((a, b) => a.at - b.at);
    const next = timers.shift();
    if (!next) return;
    t = Math.max(t, next.at);
    next.go();
    if (timers.length) schedule();
  };
  const schedule = () => {
    if (!ticking) ((ticking = true), setImmediate(tick));
  };
  const sleep = (ms: number) => new Promise<void>((go) => (timers.push({ at: t + ms, go }), schedule()));
  return { now: () => t, sleep };
}
