// The worker's end of the one channel to the run's main process (declared in runtime/protocol.ts):
// the IPC channel vitest forked the worker with. What it sends is tagged `erp`, so vitest's own
// listeners on that channel pass it by; what it hears is only the host's tagged messages. A worker
// without the channel (not forked by `erp-conformance run`: no IPC, or the main process gone)
// sends nothing and hears nothing; nothing it sends changes a verdict.
import { isHostMessage, type ChannelEnd, type HostMessage, type WorkerMessage } from './protocol.ts';

/** The worker's end of the channel: its process's IPC channel. */
export function hostEnd(proc: NodeJS.Process = process): ChannelEnd<WorkerMessage, HostMessage> {
  return {
    send(m) {
      if (!proc.send || !proc.connected) return;
      try {
        proc.send(m, undefined, undefined, () => {
          // a message the host no longer hears (it is closing) is lost on purpose
        });
      } catch {
        // the channel closed meanwhile
      }
    },
    listen(heard) {
      const on = (m: unknown) => {
        if (isHostMessage(m)) heard(m);
      };
      proc.on('message', on);
      return () => void proc.off('message', on);
    },
  };
}

/** Tells the run that a test of suite file `file` started (`id`: its vitest task's); returns how to tell its end. */
export function tellTest(id: string, file: string, host: ChannelEnd<WorkerMessage, HostMessage> = hostEnd()): () => void {
  host.send({ erp: 'test', id, file });
  return () => host.send({ erp: 'test', id, file, ended: true });
}
