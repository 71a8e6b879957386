// Inside one load worker thread (load/engines/workers.ts starts it): runs the open or the closed
// engine on this worker's share - every Nth arrival of the global schedule, or its share of the
// connections and of the request cap - from the start instant the pool sends, and posts back what
// it recorded (load/engines/merge.ts). The token is in this thread's memory only, as in the
// parent's: it is never posted back (the exchanges kept are redacted when recorded).
import { parentPort, workerData } from 'node:worker_threads';
import type { RunConfig } from '../../config/schema.ts';
import type { Caps } from '../caps.ts';
import type { LoadStoppedBy } from '../result.ts';
import type { Mix } from '../scenarios/mix.ts';
import { runClosed } from './closed.ts';
import { Halt, type EngineWorker } from './halt.ts';
import { encodeHistogram, recorderPart } from './merge.ts';
import { runOpen, type Phase, type PhaseStats } from './open.ts';
import type { Recorder } from './kept-requests.ts';
import type { ToParent, ToWorker } from './worker-protocol.ts';

export interface WorkerJob {
  kind: 'open' | 'closed';
  config: RunConfig;
  mix: Mix;
  caps: Caps;
  index: number;
  of: number;
  /** Post the recorder's figures for the progress line about every 250 ms. */
  progress: boolean;
  phases?: Phase[];
  connections?: number;
  pipelining?: number;
  seconds?: number;
}

/** Stops of one worker that stop the others too (a cap share spent ends this worker alone). */
const SHARED: LoadStoppedBy[] = ['5xx-burst', 'no-answers', 'knee', 'interrupted'];

const port = parentPort!;
const job = workerData as WorkerJob;
const post = (m: ToParent) => port.postMessage(m);
const halt = new Halt();
const start: { at?: (at: number) => void } = {};
const started = new Promise<number>((resolve) => (start.at = resolve));
port.on('message', (m: ToWorker) => {
  if (m.type === 'start') start.at!(m.at);
  else halt.stop(m.why);
});
halt.on((why) => {
  if (SHARED.includes(why)) post({ type: 'stopped', why });
});

const worker: EngineWorker = {
  index: job.index,
  of: job.of,
  start: () => {
    post({ type: 'ready' });
    return started;
  },
};
const onTick = job.progress
  ? (r: Recorder) => post({ type: 'tick', answered: r.answered, statusCounts: r.statusCounts, latency: encodeHistogram(r.latency) })
  : undefined;
const phaseOf = (p: PhaseStats) => ({ ...p, latency: encodeHistogram(p.latency) });

if (job.kind === 'closed') {
  const run = await runClosed({
    config: job.config,
    mix: job.mix,
    connections: job.connections!,
    pipelining: job.pipelining!,
    seconds: job.seconds!,
    caps: job.caps,
    onTick,
    halt,
    worker,
  });
  const { recorder, ...rest } = run;
  post({ type: 'done', run: { ...rest, recorder: recorderPart(recorder) } });
} else {
  const run = await runOpen({
    config: job.config,
    mix: job.mix,
    phases: job.phases!,
    caps: job.caps,
    onTick,
    // The pool decides the knee on the merged phase; a stop comes back through `halt`.
    onPhaseDone: (p, k) => (post({ type: 'phase', k, stats: phaseOf(p) }), false),
    halt,
    worker,
  });
  const { recorder, lag, phases, ...rest } = run;
  post({ type: 'done', run: { ...rest, recorder: recorderPart(recorder), lag: encodeHistogram(lag), phases: phases.map(phaseOf) } });
}
port.close();
