// A small server's worker pool (`serve --workers N --service-ms MS`): each request holds one of N
// workers for MS milliseconds before it is served; the others queue for a free one, so each answer
// takes longer with more in flight (a threaded server of a few threads). No pool: served at once.

export interface WorkerPool {
  /** Runs `serve` once a worker has held the request for the service time (the worker is free again after it). */
  run(serve: () => Promise<void>): Promise<void>;
  /** Requests holding a worker or queued for one. */
  inFlight(): number;
}

export function createWorkerPool(workers: number, serviceMs: number): WorkerPool {
  if (!Number.isInteger(workers) || workers < 1 || !Number.isFinite(serviceMs) || serviceMs < 0)
    throw new Error(`a worker pool needs at least 1 worker and a non-negative service time, got ${workers} and ${serviceMs} ms`);
  let busy = 0;
  const queue: (() => void)[] = [];
  const take = () => (busy < workers ? (busy++, Promise.resolve()) : new Promise<void>((go) => queue.push(go)));
  const free = () => {
    const next = queue.shift();
    if (next) next();
    else busy--;
  };
  return {
    async run(serve) {
      await take();
      try {
        await new Promise((r) => setTimeout(r, serviceMs));
      } finally {
        free();
      }
      await serve();
    },
    inFlight: () => busy + queue.length,
  };
}
