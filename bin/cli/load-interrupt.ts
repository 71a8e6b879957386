// While `load` sends: the first SIGINT / SIGTERM (or the parent ending without passing its signal
// on, counted as SIGTERM) stops the load - every worker thread - and the run ends as at its own
// stop: the answers still due are awaited, load.json and load.html are written with what was sent
// (stopped by: interrupted), and the command exits with the signal's code (130 / 143). The same
// signal again within SAME_DELIVERY_MS is the same delivery (core/signals.ts); a later one is the
// user insisting: the target is closed (bounded by `closeMs`) and the process exits at once,
// nothing more written.
import { EXIT, exitCodeOfSignal } from '../../core/exit-codes.ts';
import { onStopSignals, signalLatch } from '../../core/signals.ts';
import type { Halt } from '../../load/engines/halt.ts';
import { whenParentEnds } from './parent-watch.ts';

export interface LoadInterrupt {
  /** The exit code of the signal that stopped the load (null: none came). */
  code(): number | null;
  /** Takes the handlers off again. */
  release(): void;
}

export function haltOnSignal(target: { close(): Promise<void> }, halt: Halt, closeMs = 5000): LoadInterrupt {
  const latch = signalLatch<{ why: string; code: number }>(
    ({ why }) => {
      process.stderr.write(`${why}: stopping the load; what was sent is written\n`);
      halt.stop('interrupted');
    },
    ({ why }, first) => {
      process.stderr.write(`${why} again: closing\n`);
      const bounded = new Promise<void>((resolve) => setTimeout(resolve, closeMs).unref());
      void Promise.race([target.close().catch(() => {}), bounded]).then(() => process.exit(first.code));
    },
  );
  const release = onStopSignals((s) => latch.hit({ why: s, code: exitCodeOfSignal(s) }));
  const unwatch = whenParentEnds(() => latch.hit({ why: 'parent exited', code: EXIT.sigterm }));
  return {
    code: () => latch.first()?.code ?? null,
    release: () => {
      latch.dispose();
      release();
      unwatch();
    },
  };
}
