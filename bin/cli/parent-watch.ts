// A parent that ends without passing its signal on leaves this process re-parented: npx's npm and
// its shell end on a SIGTERM to npm alone (`kill $!` after `&`), a CI runner may kill the job's
// process only. A command that serves or sends for its caller (serve, probe, load) then ends as
// on a signal, instead of going on for no one. Node gives no event for it: the parent's pid is
// polled (twice a second, never keeping the process alive).

/** Calls `ended` once, when the parent this process started under has ended; returns a stop function. */
export function whenParentEnds(ended: () => void, everyMs = 500): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    ended();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
