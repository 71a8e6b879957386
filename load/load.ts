// A load run: the open model (`--rate`, load/engines/open.ts: exact schedule, latency from the due
// instant) through a scenario (load/scenarios/phases.ts), or the closed model (`--connections`,
// load/engines/closed.ts); then the thresholds. Bounded by the caps (requests, seconds,
// connections), stopped by a 5xx burst or a target that stopped answering; on `workers` threads
// (load/engines/workers.ts) or this one. The closed model may be sent by autocannon instead
// (`engine`, load/engines/autocannon.ts: one thread), with the same result and thresholds. A `halt`
// (the CLI's signal) ends it early, with its result.
import type { RunConfig } from '../config/schema.ts';
import { inFlightOverCap, type Caps } from './caps.ts';
import { runClosed } from './engines/closed.ts';
import { buildLoadResult, metricsOf, phaseResult, runMetrics } from './scenarios/build.ts';
import type { LoadEngine, LoadResult, ScenarioName } from './result.ts';
import { buildMix, type LoadOperation, type Mix } from './scenarios/mix.ts';
import { plannedRequests, runOpen, type Phase } from './engines/open.ts';
import { createProgress, type ProgressView } from './scenarios/progress.ts';
import type { Halt } from './engines/halt.ts';
import { phasesOf } from './scenarios/phases.ts';
import { evaluate, kneeThresholds, type Threshold } from './scenarios/thresholds.ts';

export type { LoadResult } from './result.ts';

export interface LoadOptions {
  config: RunConfig;
  /** One operation (default report), or `mix` for several by weight. */
  operation?: LoadOperation;
  mix?: Mix;
  /** Open model: requests per second (the scenario's base or peak, see load/scenarios/phases.ts). */
  rate?: number;
  /** Closed model: keep-alive connections, and requests in flight on each (default 1). */
  connections?: number;
  pipelining?: number;
  /** Closed model: who sends it, the kit's own wire sender (default) or autocannon (one thread). */
  engine?: LoadEngine;
  seconds: number;
  scenario?: ScenarioName;
  from?: number;
  steps?: number;
  spikeRate?: number;
  thresholds?: Threshold[];
  caps: Caps;
  /** A progress line is drawn here (redrawn on a TTY, every few seconds otherwise). */
  progress?: NodeJS.WriteStream;
  quiet?: boolean;
  /** Worker threads sending (default 1: this thread; the CLI's default is the cores available). */
  workers?: number;
  /** Stops the run early (the result is still built): the CLI's SIGINT / SIGTERM. */
  halt?: Halt;
}

/** The open-model phases of a run (empty for the closed model). */
export function loadPhases(o: Pick<LoadOptions, 'rate' | 'seconds' | 'scenario' | 'from' | 'steps' | 'spikeRate'>): Phase[] {
  if (o.rate === undefined) return [];
  return phasesOf({ scenario: o.scenario ?? 'steady', rate: o.rate, seconds: o.seconds, from: o.from, steps: o.steps, spikeRate: o.spikeRate });
}

/** What a run would send: refused before anything is sent when above the caps (null: fits). */
export function overCaps(
  o: Pick<LoadOptions, 'rate' | 'connections' | 'pipelining' | 'seconds' | 'scenario' | 'from' | 'steps' | 'spikeRate' | 'caps'>,
): string | null {
  const c = o.caps;
  if (o.seconds > c.maxSeconds) return `--seconds ${o.seconds} is above the cap of ${c.maxSeconds} s (config load.maxSeconds)`;
  if (o.connections !== undefined) return inFlightOverCap(o.connections, o.pipelining ?? 1, c.maxConcurrency);
  const planned = plannedRequests(loadPhases(o));
  return planned > c.maxRequests
    ? `${o.scenario && o.scenario !== 'steady' ? `the ${o.scenario} scenario's ` : `--rate ${o.rate} x --seconds ${o.seconds} = `}${planned} requests is above the cap of ${c.maxRequests} (config load.maxRequests)`
    : null;
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  if (!(o.seconds > 0)) throw new Error('seconds must be positive');
  if ((o.rate === undefined) === (o.connections === undefined)) throw new Error('give either a rate (open model) or connections (closed model)');
  const scenario = o.scenario ?? 'steady';
  if (o.connections !== undefined && scenario !== 'steady')
    throw new Error(`the ${scenario} scenario is of the open model (--rate); the closed model (--connections) runs steady`);
  const autocannon = (o.engine ?? 'wire') === 'autocannon';
  if (autocannon && o.connections === undefined) throw new Error('the autocannon engine sends the closed model (--connections), not the open one');
  const mix = o.mix ?? buildMix(o.config, [[o.operation ?? 'report', 1]]);
  const thresholds = o.thresholds ?? [];
  const progress = createProgress(o.progress, o.seconds, o.quiet);
  const onTick = progress ? (r: ProgressView, ms: number) => progress.tick(r, ms) : undefined;
  const workers = autocannon ? 1 : Math.max(1, Math.floor(o.workers ?? 1));
  const engines = workers > 1 ? await import('./engines/workers.ts') : undefined;
  const meta = {
    scenario,
    mix,
    seconds: o.seconds,
    caps: { ...o.caps },
    rate: o.rate ?? null,
    connections: o.connections ?? null,
    pipelining: o.connections !== undefined ? (o.pipelining ?? 1) : null,
    workers,
  };
  const found: { knee: LoadResult['knee'] } = { knee: null };
  try {
    if (o.connections !== undefined) {
      const closed = {
        config: o.config,
        mix,
        connections: o.connections,
        pipelining: o.pipelining ?? 1,
        seconds: o.seconds,
        caps: o.caps,
        onTick,
        halt: o.halt,
      };
      if (autocannon) {
        const { runAutocannon } = await import('./engines/autocannon.ts');
        const base = buildLoadResult(await runAutocannon(closed), { ...meta, model: 'closed' });
        base.notes.push('sent by autocannon (--engine autocannon) in one thread: its connections, request writer, parser and timing');
        return { ...base, engine: 'autocannon', knee: found.knee, thresholds: evaluate(thresholds, runMetrics(base)) };
      }
      const run = engines ? await engines.runClosedWorkers({ ...closed, workers }) : await runClosed(closed);
      const base = buildLoadResult(run, { ...meta, model: 'closed' });
      return { ...base, knee: found.knee, thresholds: evaluate(thresholds, runMetrics(base)) };
    }
    const phases = loadPhases(o);
    const held = kneeThresholds(thresholds);
    const crossedBy: string[][] = phases.map(() => []);
    const run = await (engines ? (x: Parameters<typeof runOpen>[0]) => engines.runOpenWorkers({ ...x, workers }) : runOpen)({
      config: o.config,
      mix,
      phases,
      caps: o.caps,
      onTick,
      halt: o.halt,
      // Ramp: each step against the knee's thresholds, in order; the first crossed is the knee.
      onPhaseDone: (p, k) => {
        const pr = phaseResult(p);
        const m = metricsOf({
          latencyMs: pr.latencyMs,
          sent: p.sent,
          dropped: p.dropped,
          errors: p.errors,
          fiveXx: p.fiveXx,
          refused: p.refused,
          answered: p.answered,
          seconds: p.seconds,
        });
        crossedBy[k] = evaluate(held, m)
          .filter((t) => !t.passed)
          .map((t) => t.threshold);
        if (scenario !== 'ramp' || crossedBy[k]!.length === 0 || found.knee) return false;
        found.knee = { rate: p.rate, phase: p.name, crossed: crossedBy[k]! };
        return true;
      },
    });
    const base = buildLoadResult(run, { ...meta, model: 'open' });
    if (scenario === 'ramp') base.phases.forEach((p, k) => (p.crossed = crossedBy[k]));
    if (scenario === 'ramp')
      base.notes.push(
        found.knee
          ? `knee at ${found.knee.rate}/s: ${found.knee.crossed.join(', ')} crossed; the ramp stopped there`
          : `no knee up to ${o.rate}/s (held to ${held.map((t) => t.text).join(', ')})`,
      );
    return { ...base, knee: found.knee, thresholds: evaluate(thresholds, runMetrics(base)) };
  } finally {
    progress?.done();
  }
}
