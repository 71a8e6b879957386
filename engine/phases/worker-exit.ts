// How the suite worker ended when nobody asked it to. Vitest only says "[vitest-pool]: Worker forks
// emitted error.", which tells a user nothing; the certificate must name the cause: out of memory
// (the heap cap of engine/phases/pass.ts), a signal (SIGKILL from outside or the system's
// out-of-memory killer, SIGSEGV), an exit code. This pool is vitest's own forks pool (ForksPoolWorker,
// its experimental custom-pool API) that also hears the worker process's own 'exit' event (its
// code and signal), and reads the fatal report the process wrote before it aborted
// (engine/phases/fatal-report.ts: its trigger says out of memory). What it hands vitest's runner for an end or a process error is a PoolEvent, so
// vitest's error for it is known by its cause (engine/phases/collector.ts). It also gives the run
// its end of each worker's channel (engine/phases/worker-channel.ts): the fork's IPC channel, whose
// `erp` messages vitest never sees.
import type { ChildProcess } from 'node:child_process';
import { ForksPoolWorker, type PoolOptions } from 'vitest/node';
import { fatalReportArgs, fatalReportDir, OUT_OF_MEMORY_TRIGGER, removeFatalReportDir, takeFatalReport } from './fatal-report.ts';
import { isWorkerMessage, PoolEvent, type WorkerMessage } from '../../runtime/protocol.ts';
import { isCleanStop, KEPT_WORKER_ENTRY, keptWorkers } from './kept-workers.ts';
import type { WorkerPort } from './worker-channel.ts';

/** A worker's end vitest did not ask for. */
export interface WorkerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The heap reached its cap: the trigger of the process's fatal report (engine/phases/fatal-report.ts). */
  outOfMemory: boolean;
}

type Listener = (...args: unknown[]) => void;

/** What the run hears of the pool's workers: each end nobody asked for, and each worker forked (its channel). */
export interface PoolHooks {
  ended(exit: WorkerExit): void;
  connect?(worker: WorkerPort): void;
  /** Keep the worker for the next run of this process once it stopped cleanly (engine/phases/kept-workers.ts). */
  keep?: boolean;
}

/**
 * The forks pool worker of vitest, watched: `ended` hears an exit exactly when vitest would report
 * "Worker exited unexpectedly" (vitest's pool runner listens for 'exit' while the worker should be
 * running, and removes that listener before it stops the worker on purpose).
 */
/** How long an ended worker's channel is waited for, to hear its last messages (it closes at once when nothing is left). */
const DRAIN_MS = 2000;

class WatchedForks extends ForksPoolWorker {
  private readonly wrapped = new Map<Listener, Listener>();
  /** Vitest's runner's listeners for the worker's errors: told each end first, as an error whose cause is the end. */
  private readonly errorListeners = new Set<Listener>();
  /** The folder the process writes its fatal report into: made when it starts. */
  private reportDir: string | undefined;
  /** Whether the process's fatal report said out of memory: read once, at its first exit listener. */
  private endedOutOfMemory: boolean | undefined;

  /** The key of the kept workers this one may adopt or become: its flags and environment. */
  private readonly keptKey: string;
  /** Whether the worker answered this run's `stop` cleanly (only then is it kept). */
  private stoppedCleanly = false;

  constructor(
    options: PoolOptions,
    private readonly hooks: PoolHooks,
  ) {
    super(options);
    this.keptKey = JSON.stringify([options.execArgv, options.env]);
    if (hooks.keep) (this as unknown as { entrypoint: string }).entrypoint = KEPT_WORKER_ENTRY;
  }

  /** The process: private to ForksPoolWorker. */
  private get process(): ChildProcess {
    return (this as unknown as { fork: ChildProcess }).fork;
  }

  override async start(): Promise<void> {
    const idle = this.hooks.keep ? keptWorkers.adopt(this.keptKey) : undefined;
    if (idle) {
      const self = this as unknown as { _fork: ChildProcess; stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };
      self._fork = idle.fork;
      this.reportDir = idle.reportDir;
      idle.fork.stdout?.pipe(self.stdout);
      idle.fork.stderr?.pipe(self.stderr);
    } else {
      if (this.reportDir === undefined) {
        this.reportDir = fatalReportDir();
        this.execArgv = [...this.execArgv, ...fatalReportArgs(this.reportDir)];
      }
      await super.start();
    }
    if (this.hooks.keep) this.process.on('message', (m) => void (isCleanStop(m) && (this.stoppedCleanly = true)));
    this.hooks.connect?.(portOf(this.process));
  }

  override async stop(): Promise<void> {
    const fork = this.process;
    if (this.hooks.keep && this.stoppedCleanly && fork.connected && fork.exitCode === null && fork.signalCode === null) {
      const self = this as unknown as { _fork?: ChildProcess; stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };
      fork.stdout?.unpipe(self.stdout as NodeJS.WritableStream & import('node:stream').Writable);
      fork.stderr?.unpipe(self.stderr as NodeJS.WritableStream & import('node:stream').Writable);
      keptWorkers.keep(this.keptKey, { fork, reportDir: this.reportDir });
      self._fork = undefined;
      return;
    }
    try {
      await super.stop();
    } finally {
      if (this.reportDir !== undefined) removeFatalReportDir(this.reportDir);
    }
  }

  override on(event: string, callback: Listener): void {
    // The run's channel messages are the run's (portOf): vitest hears only its own.
    if (event === 'message') return this.wrap(event, callback, (m, ...rest) => void (isWorkerMessage(m) || callback(m, ...rest)));
    if (event !== 'exit' && event !== 'error') return super.on(event, callback);
    // The process wrote its fatal report before it aborted: it is there when its exit is heard.
    const heard: Listener =
      event === 'exit'
        ? (code, signal) =>
            this.afterLastMessage(() => {
              const exit = { code: code as number | null, signal: signal as NodeJS.Signals | null, outOfMemory: this.outOfMemory() };
              this.hooks.ended(exit);
              // The running file's error is the end itself (vitest wraps it: its cause), then vitest hears the exit.
              const end = new PoolEvent(`the suite worker ended (${signal ? `signal ${String(signal)}` : `code ${String(code)}`})`);
              for (const onError of this.errorListeners) told(onError, end);
              told(callback, code, signal);
            })
        : (error) => told(callback, new PoolEvent("the suite worker's process failed", { cause: error }));
    if (event === 'error') this.errorListeners.add(callback);
    this.wrap(event, callback, heard);
  }

  /**
   * Runs `then` once every message the process sent before its end is heard: a process's exit can
   * be heard before the last messages on its channel (a starved main process reads both at once),
   * and those say which tests it was running. The channel closes after its last message
   * ('disconnect'); a channel that does not close within DRAIN_MS is not waited for longer.
   */
  private afterLastMessage(then: () => void): void {
    const fork = this.process;
    if (!fork.connected) return then();
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      then();
    };
    const timer = setTimeout(once, DRAIN_MS);
    fork.once('disconnect', once);
  }

  /** Whether the ended process's fatal report says its heap reached its cap (the report read and removed once). */
  private outOfMemory(): boolean {
    if (this.endedOutOfMemory === undefined && this.reportDir !== undefined) {
      this.endedOutOfMemory = takeFatalReport(this.reportDir, this.process.pid)?.trigger === OUT_OF_MEMORY_TRIGGER;
      removeFatalReportDir(this.reportDir);
    }
    return this.endedOutOfMemory ?? false;
  }

  private wrap(event: string, callback: Listener, heard: Listener): void {
    this.wrapped.set(callback, heard);
    super.on(event, heard);
  }

  override off(event: string, callback: Listener): void {
    const heard = event === 'exit' || event === 'error' || event === 'message' ? this.wrapped.get(callback) : undefined;
    if (heard) this.wrapped.delete(callback);
    if (event === 'error') this.errorListeners.delete(callback);
    super.off(event, heard ?? callback);
  }
}

/**
 * Tells vitest's pool runner of the worker's end or error. The runner passes it on as an 'error'
 * event, listened to only while a test file runs: a worker that dies between files, or after the
 * listener went with a first error (killed by a signal to the process group, its IPC channel
 * closed, then its exit), makes that event unheard, and an unheard 'error' event throws - it ended
 * the run's main process without its certificate (seen: SIGINT twice through npx at 2 s, while
 * the worker started early loaded). The end is the run's to judge, through `ended`.
 */
function told(callback: Listener, ...args: unknown[]): void {
  try {
    callback(...args);
  } catch {
    // Nobody listened: `ended` has told the run (an 'exit'), or the exit that follows will.
  }
}

/** The run's end of a forked worker's channel: its `erp` messages, and what the run sends it. */
function portOf(fork: ChildProcess): WorkerPort {
  return {
    send(m) {
      if (!fork.connected) return;
      fork.send(m, undefined, undefined, () => {
        // a worker that ended meanwhile: its end is told by its exit
      });
    },
    listen(heard) {
      const on = (m: unknown) => {
        if (isWorkerMessage(m)) heard(m as WorkerMessage);
      };
      fork.on('message', on);
      return () => void fork.off('message', on);
    },
  };
}

/** The pool of the suite worker (vitest's `pool` option): forks, each end nobody asked for told to `hooks.ended`, each fork's channel to `hooks.connect`. */
export function watchedForksPool(hooks: PoolHooks) {
  // Not "forks": vitest uses a custom pool only under a name of its own.
  return { name: 'erp-forks', createPoolWorker: (options: PoolOptions) => new WatchedForks(options, hooks) };
}
