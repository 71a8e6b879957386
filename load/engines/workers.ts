// The open and closed models on worker threads (`load --workers N`, default the cores available):
// one event loop per core sends, the CLI's thread only merges. The closed model gives each worker
// its share of the connections and of the request cap; the open model gives every worker the whole
// global schedule and worker w sends only arrivals g with g % N = w (load/engines/open.ts), so each
// request still leaves at its planned instant. All workers start at one instant, sent once every
// worker has its connections open. A stop that concerns the run (a signal, a 5xx burst, a dead
// target, a ramp's knee: decided on the merged step, so the workers may have begun the next step
// by the time it reaches them) is passed to every worker; each then ends as the engine does alone and
// posts what it recorded, merged exactly (load/engines/merge.ts). The run config (the token with
// it) goes to the workers in memory only; nothing of it is logged or posted back.
import { Worker } from 'node:worker_threads';
import type { Caps } from '../caps.ts';
import type { EngineRun, ClosedOptions } from './closed.ts';
import { closedInFlight } from './closed.ts';
import { Halt } from './halt.ts';
import { addCounts, mergeHistograms, mergeRecorders } from './merge.ts';
import type { OpenOptions, OpenRun, PhaseStats } from './open.ts';
import type { ProgressView } from '../scenarios/progress.ts';
import type { WorkerJob } from './worker-main.ts';
import type { EncodedPhase, RunPart, ToParent, ToWorker } from './worker-protocol.ts';

const ENTRY = new URL('./worker-entry.js', import.meta.url);
/** Each worker's heap: its recorder is bounded (histograms, a few dozen exchanges, ~60 series points). */
const WORKER_HEAP_MB = 192;
/** Its young generation: every answer leaves short-lived garbage, and V8 sizes the young generation
 *  of a heap given only an old-generation limit at a fraction of it (about 1.5 MB of semi-space
 *  here): scavenges then ran several times more often and the GC threads took a third of the
 *  senders' CPU. 48 MB is a 16 MB semi-space, the main thread's. */
const WORKER_YOUNG_MB = 48;
/** The start instant is this far after the last worker is ready: the message reaches every worker first. */
const START_MARGIN_MS = 20;
const TICK_MS = 250;

/** Worker i's share of n (the remainder to the first ones). */
export const shareOf = (n: number, i: number, of: number): number => Math.floor(n / of) + (i < n % of ? 1 : 0);

interface PoolHooks {
  halt: Halt;
  onTick?: (r: ProgressView, elapsedMs: number) => void;
  onPhase?: (k: number, parts: EncodedPhase[]) => void;
}

function mergePhase(parts: EncodedPhase[]): PhaseStats {
  const sum = (f: (p: EncodedPhase) => number) => parts.reduce((s, p) => s + f(p), 0);
  const { name, rate, seconds } = parts[0]!;
  return {
    name,
    rate,
    seconds,
    scheduled: sum((p) => p.scheduled),
    sent: sum((p) => p.sent),
    dropped: sum((p) => p.dropped),
    answered: sum((p) => p.answered),
    errors: sum((p) => p.errors),
    fiveXx: sum((p) => p.fiveXx),
    refused: sum((p) => p.refused),
    latency: mergeHistograms(parts.map((p) => p.latency)),
  };
}

/** Runs the jobs, one worker thread each; their parts, in job order. */
function runPool(jobs: WorkerJob[], hooks: PoolHooks): Promise<RunPart[]> {
  const n = jobs.length;
  const parts: Array<RunPart | undefined> = [];
  const ticks: Array<Extract<ToParent, { type: 'tick' }> | undefined> = [];
  const phases = new Map<number, EncodedPhase[]>();
  let ready = 0;
  let startAt = 0;
  let ticker: NodeJS.Timeout | undefined;
  const workers = jobs.map(
    (job) => new Worker(ENTRY, { workerData: job, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_MB } }),
  );
  const send = (m: ToWorker) => workers.forEach((w) => w.postMessage(m));
  hooks.halt.on((why) => send({ type: 'stop', why }));

  const view = (): ProgressView => {
    const statusCounts: Record<string, number> = {};
    for (const t of ticks) if (t) addCounts(statusCounts, t.statusCounts);
    return {
      answered: ticks.reduce((s, t) => s + (t?.answered ?? 0), 0),
      statusCounts,
      latency: mergeHistograms(ticks.flatMap((t) => (t ? [t.latency] : []))),
    };
  };

  return new Promise<RunPart[]>((resolve, reject) => {
    let failed = false;
    const fail = (e: Error) => {
      if (failed) return;
      failed = true;
      if (ticker) clearInterval(ticker);
      for (const w of workers) void w.terminate();
      reject(e);
    };
    workers.forEach((w, i) => {
      w.on('message', (m: ToParent) => {
        if (m.type === 'ready' && ++ready === n) {
          startAt = performance.timeOrigin + performance.now() + START_MARGIN_MS;
          send({ type: 'start', at: startAt });
          if (hooks.onTick) ticker = setInterval(() => hooks.onTick!(view(), performance.timeOrigin + performance.now() - startAt), TICK_MS);
        } else if (m.type === 'tick') ticks[i] = m;
        else if (m.type === 'stopped') hooks.halt.stop(m.why);
        else if (m.type === 'phase') {
          const got = phases.get(m.k) ?? [];
          got[i] = m.stats;
          phases.set(m.k, got);
          if (got.filter(Boolean).length === n) hooks.onPhase?.(m.k, got);
        } else if (m.type === 'done') {
          parts[i] = m.run;
          // Its result is in: nothing of the worker is needed any more (a handle left open would not keep it alive).
          void w.terminate();
          if (parts.filter(Boolean).length === n) {
            if (ticker) clearInterval(ticker);
            resolve(parts as RunPart[]);
          }
        }
      });
      w.on('error', (e) => fail(e));
      w.on('exit', (code) => {
        if (!parts[i]) fail(new Error(`load worker ${i + 1} of ${n} ended (exit code ${code}) before its result`));
      });
    });
  });
}

function mergeRun(o: { config: OpenOptions['config']; mix: OpenOptions['mix'] }, parts: RunPart[], halt: Halt): EngineRun {
  return {
    recorder: mergeRecorders(
      o.mix.requests,
      o.config.target,
      parts.map((p) => p.recorder),
    ),
    requestsSent: parts.reduce((s, p) => s + p.requestsSent, 0),
    durationMs: Math.max(...parts.map((p) => p.durationMs)),
    startedAt: Math.min(...parts.map((p) => p.startedAt)),
    stoppedBy: halt.reason ?? parts.find((p) => p.stoppedBy !== null)?.stoppedBy ?? null,
  };
}

/** The caps of worker i: its share of the requests and connections, the same seconds. */
function capsOf(caps: Caps, i: number, of: number, concurrency: number): Caps {
  return { maxRequests: shareOf(caps.maxRequests, i, of), maxSeconds: caps.maxSeconds, maxConcurrency: concurrency };
}

export async function runClosedWorkers(o: ClosedOptions & { workers: number }): Promise<EngineRun> {
  closedInFlight(o);
  const halt = o.halt ?? new Halt();
  const of = Math.max(1, Math.min(o.workers, o.connections, o.caps.maxRequests));
  const jobs: WorkerJob[] = Array.from({ length: of }, (_, i) => {
    const connections = shareOf(o.connections, i, of);
    const base = { kind: 'closed' as const, config: o.config, mix: o.mix, index: i, of, progress: o.onTick !== undefined };
    return { ...base, caps: capsOf(o.caps, i, of, connections * o.pipelining), connections, pipelining: o.pipelining, seconds: o.seconds };
  });
  const parts = await runPool(jobs, { halt, onTick: o.onTick as PoolHooks['onTick'] });
  return mergeRun(o, parts, halt);
}

export async function runOpenWorkers(o: OpenOptions & { workers: number }): Promise<OpenRun> {
  const halt = o.halt ?? new Halt();
  const of = Math.max(1, Math.min(o.workers, o.caps.maxConcurrency));
  const jobs: WorkerJob[] = Array.from({ length: of }, (_, i) => ({
    kind: 'open',
    config: o.config,
    mix: o.mix,
    caps: capsOf(o.caps, i, of, shareOf(o.caps.maxConcurrency, i, of)),
    index: i,
    of,
    progress: o.onTick !== undefined,
    phases: o.phases,
  }));
  const onPhase = (k: number, got: EncodedPhase[]) => {
    if (o.onPhaseDone?.(mergePhase(got), k)) halt.stop('knee');
  };
  const parts = await runPool(jobs, { halt, onTick: o.onTick as PoolHooks['onTick'], onPhase });
  const phases = o.phases.map((_, k) => mergePhase(parts.map((p) => p.phases![k]!)));
  return {
    ...mergeRun(o, parts, halt),
    lag: mergeHistograms(parts.map((p) => p.lag!)),
    dropped: parts.reduce((s, p) => s + p.dropped!, 0),
    phases,
    connections: parts.reduce((s, p) => s + p.connections!, 0),
  };
}
