// The host's end of the one channel to the suite worker (declared in runtime/protocol.ts): the
// forked worker's IPC channel, reached through the pool (engine/phases/worker-exit.ts connects each
// worker it forks). It hands a worker that waits the late context, once the run knows it, whichever
// comes first (runtime/late-context.ts), and passes each progress the worker tells on to the run
// (engine/progress/progress-line.ts), and keeps the suite files of the tests the worker runs: a
// worker's messages come in order and before its channel closes, so when the pool tells the run
// of a worker's end (engine/phases/worker-exit.ts, after the channel closed), they are all heard,
// however late vitest's own reporter events of the same tests come. Messages of a worker the run
// no longer hears change nothing.
import type { ChannelEnd, HostMessage, LateContext, WorkerMessage, WorkerProgress } from '../../runtime/protocol.ts';

/** A forked worker's end of the channel, as the pool gives it. */
export type WorkerPort = ChannelEnd<HostMessage, WorkerMessage>;

export interface HostChannel {
  /** A worker forked (the pool's hook): from now on its messages are heard. */
  connect(worker: WorkerPort): void;
  /** The late context: sent to each worker that waits for it, now or when it asks. The first one given stays. */
  late(late: LateContext): void;
  /** The suite files of the tests started and not ended (sorted, each once), forgotten as they are told: a worker died under them. */
  takeRunning(): string[];
}

/** The host's end of the channel of one vitest pass; `progress` hears each progress a worker tells. */
export function hostChannel(progress: (p: WorkerProgress) => void): HostChannel {
  const state: { late?: LateContext; waiting: WorkerPort[]; running: Map<string, string> } = { waiting: [], running: new Map() };
  const answer = (worker: WorkerPort, late: LateContext) => worker.send({ erp: 'late', late });
  return {
    connect(worker) {
      worker.listen((m) => {
        if (m.erp === 'progress') return progress(m.progress);
        if (m.erp === 'test') return void (m.ended ? state.running.delete(m.id) : state.running.set(m.id, m.file));
        if (state.late) answer(worker, state.late);
        else state.waiting.push(worker);
      });
    },
    late(late) {
      if (state.late) return;
      state.late = late;
      for (const worker of state.waiting.splice(0)) answer(worker, late);
    },
    takeRunning() {
      const files = [...new Set(state.running.values())].sort();
      state.running.clear();
      return files;
    },
  };
}
