// The open model (`load --rate R`): request i is due at start + i/R whatever the answers, and its
// latency is measured from that DUE instant, so a slow answer that delays the sender is counted
// against the target (coordinated omission corrected, as wrk2 and k6's arrival-rate executors do).
//
// How it paces: not with autocannon's `overallRate`/`connectionRate`. Those (autocannon 9,
// lib/httpClient.js) give each connection a counter reset by a 1-second setInterval: a connection
// sends back to back until that second's quota is used, then pauses - each second's quota goes out
// as a burst at the start of the second, and its latency correction assumes an interval of
// ceil(1/rate) = 1 ms. Measured (overallRate 1000, 10 connections, 3 s, arrivals at a loopback
// server per 100 ms): 211 282 192 61 207 47 0 0 0 0 | 354 260 386 0 ... | 519 481 0 ... - where an
// even pace is 100 in every bucket. Here one loop owns the schedule: it wakes when the next request is due
// (a timer when that is 1.5 ms away or more; nearer, a nap of at most 0.2 ms and one pass of the
// event loop through setImmediate, so answers are read in between), writes every request due by now to an idle keep-alive connection
// of the pool (load/engines/wire.ts, pre-serialized bytes), and records how late each write was against
// its due instant (the sender lag, its own health figure). The pool grows up to
// load.maxConcurrency connections; a request due while all of them wait for answers is not sent
// and counted as dropped (k6's dropped_iterations): an open model never waits for the target.
// With worker threads (load/engines/workers.ts), worker w of N runs the same loop on the same
// global schedule, from the same start instant, and sends only the arrivals g with g % N = w: each
// request still leaves at its planned instant, and the N workers together send the whole schedule.
import type { RunConfig } from '../../config/schema.ts';
import { Budget, FiveXxWatch, NO_ANSWER_STOP, type Caps } from '../caps.ts';
import type { EngineRun } from './closed.ts';
import { mixCycle, wireBytes, type Mix } from '../scenarios/mix.ts';
import { bucketMsFor, histogram, Recorder, type Histogram } from './kept-requests.ts';
import { answersDue, connectedOrClosed, sweepTimeouts, WireConnection, type InFlight } from './wire.ts';
import { Halt, type EngineWorker } from './halt.ts';
import type { PhaseCounts, LoadStoppedBy } from '../result.ts';

export interface Phase {
  name: string;
  /** Requests per second. */
  rate: number;
  seconds: number;
}

export interface PhaseStats extends PhaseCounts {
  errors: number;
  /** Microseconds from the due instant. */
  latency: Histogram;
}

export interface OpenOptions {
  config: RunConfig;
  mix: Mix;
  phases: Phase[];
  caps: Caps;
  onTick?: (r: Recorder, elapsedMs: number) => void;
  /** Called once every request of a phase is answered or lost; true stops the run (ramp's knee). */
  onPhaseDone?: (stats: PhaseStats, index: number) => boolean;
  /** A stop from outside (a signal, another worker); the engine's own stops are told to it too. */
  halt?: Halt;
  /** In a worker thread: its share of the arrivals, and the start instant common to all workers. */
  worker?: EngineWorker;
}

export interface OpenRun extends EngineRun {
  /** Microseconds between each request's due instant and its write. */
  lag: Histogram;
  dropped: number;
  phases: PhaseStats[];
  /** The most connections open at once. */
  connections: number;
}

/** Sub-millisecond sleeps of the sending loop (Atomics.wait on a word nobody changes). */
const NAP = new Int32Array(new SharedArrayBuffer(4));
const NAP_MS = 0.2;

export function plannedRequests(phases: Phase[]): number {
  return phases.reduce((s, p) => s + Math.floor(p.rate * p.seconds), 0);
}

export async function runOpen(o: OpenOptions): Promise<OpenRun> {
  for (const p of o.phases) if (!(p.rate > 0) || !(p.seconds > 0)) throw new Error(`phase ${p.name}: rate and seconds must be positive`);
  const target = o.config.target;
  const origin = new URL(target.baseUrl);
  const host = origin.hostname.replace(/^\[|\]$/g, '');
  const port = Number(origin.port || 80);
  const totalSeconds = o.phases.reduce((s, p) => s + p.seconds, 0);
  const recorder = new Recorder(o.mix.requests, target, bucketMsFor(totalSeconds), o.worker !== undefined);
  const bytes = o.mix.requests.map((r) => wireBytes(r, origin, target.token));
  const cycle = mixCycle(o.mix.requests);
  const lag = histogram();
  const watch = new FiveXxWatch();
  // The global schedule: phase k holds arrivals first[k] .. first[k] + total[k] - 1 of the run; this
  // sender takes those whose index is `index` modulo `of` (all of them without workers).
  const of = o.worker?.of ?? 1;
  const index = o.worker?.index ?? 0;
  const total = o.phases.map((p) => Math.floor(p.rate * p.seconds));
  const first = total.map((_, k) => total.slice(0, k).reduce((a, b) => a + b, 0));
  const firstJ = (k: number) => (((index - first[k]!) % of) + of) % of;
  const phases: PhaseStats[] = o.phases.map((p, k) => ({
    ...p,
    scheduled: total[k]! > firstJ(k) ? Math.ceil((total[k]! - firstJ(k)) / of) : 0,
    sent: 0,
    dropped: 0,
    answered: 0,
    errors: 0,
    fiveXx: 0,
    refused: 0,
    latency: histogram(),
  }));
  const outstanding = phases.map(() => 0);
  const phaseEnded = phases.map(() => false);
  const reported = phases.map(() => false);
  const all = new Set<WireConnection>();
  const idle: WireConnection[] = [];
  let stoppedBy: LoadStoppedBy | null = null;
  const halt = o.halt ?? new Halt();
  let wake = () => {};
  const stop = (why: LoadStoppedBy) => {
    if (stoppedBy !== null) return;
    stoppedBy = why;
    halt.stop(why);
    wake();
  };
  let noAnswerRun = 0;
  let dropped = 0;
  let most = 0;
  let t0 = 0;
  const clock = () => performance.now() - t0;
  let startedAt = Date.now();

  const phaseCheck = (k: number) => {
    if (reported[k] || !phaseEnded[k] || outstanding[k]! > 0) return;
    reported[k] = true;
    if (o.onPhaseDone?.(phases[k]!, k)) stop('knee');
  };

  const settle = (req: InFlight, status: number) => {
    const ps = phases[req.phase]!;
    const errorsBefore = recorder.errors;
    const now = clock();
    const micros = Math.max(1, Math.round((now - req.due) * 1000));
    recorder.record(req.op, status, micros, now);
    if (status > 0) {
      ps.answered++;
      ps.latency.recordValue(micros);
      noAnswerRun = 0;
    } else if (++noAnswerRun >= NO_ANSWER_STOP) stop('no-answers');
    if (recorder.errors > errorsBefore) ps.errors++;
    if (status >= 500) ps.fiveXx++;
    if (status === 429) ps.refused++;
    if (watch.record(status)) stop('5xx-burst');
    outstanding[req.phase]!--;
    phaseCheck(req.phase);
  };

  const events = {
    keep: (req: InFlight, status: number) => recorder.wants(req.op, status),
    answer: (conn: WireConnection, req: InFlight, a: { status: number; headers?: Record<string, string>; body?: string }) => {
      if (a.headers) recorder.exchange(req.op, a.status, a.headers, a.body ?? '', undefined, startedAt + req.sentAt, clock() - req.sentAt);
      settle(req, a.status);
      if (!conn.busy && conn.open) idle.push(conn);
    },
    closed: (
      conn: WireConnection,
      lost: InFlight[],
      failure: { kind: 'timeout' | 'connection-reset' | 'connection-refused' | 'too-large' | 'network'; message: string },
    ) => {
      all.delete(conn);
      const at = idle.indexOf(conn);
      if (at >= 0) idle.splice(at, 1);
      for (const req of lost) {
        recorder.exchange(req.op, 0, {}, '', failure, startedAt + req.sentAt, clock() - req.sentAt);
        settle(req, 0);
      }
    },
  };
  const open = () => {
    const c = new WireConnection(host, port, events, target.maxResponseBytes);
    all.add(c);
    if (all.size > most) most = all.size;
    return c;
  };

  // Warm pool: enough connections for the peak rate at 25 ms answers, connected before the clock
  // starts (a connection opened on the schedule costs the sender time when the target slows down).
  // Idle ones are taken last-in first-out, so a fast target keeps using a few of them.
  const peak = Math.max(...o.phases.map((p) => p.rate));
  const warm = Math.min(o.caps.maxConcurrency, Math.ceil(peak / 40) + 4);
  const warmed = Array.from({ length: warm }, open);
  await connectedOrClosed(warmed, Math.min(5000, target.timeoutMs));
  for (const c of warmed) if (c.open) idle.push(c);

  recorder.warm();
  halt.on(stop);
  const budget = new Budget(o.caps);
  // Workers start together at the instant the pool gives (the loop below waits for it).
  t0 = o.worker ? (await o.worker.start()) - performance.timeOrigin : performance.now();
  startedAt = Date.now() + (t0 - performance.now());
  const starts: number[] = [];
  let acc = 0;
  for (const p of o.phases) {
    starts.push(acc);
    acc += p.seconds * 1000;
  }
  let k = 0;
  let j = firstJ(0);
  const dueOf = () => starts[k]! + (j * 1000) / phases[k]!.rate;

  const stopSweeping = sweepTimeouts(all, clock, target.timeoutMs);
  const ticker = o.onTick ? setInterval(() => o.onTick!(recorder, clock()), 250) : undefined;

  await new Promise<void>((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    // A stop from outside while the loop sleeps on a timer: it ends now, not at the next due instant.
    wake = () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      tick();
    };
    const tick = () => {
      timer = undefined;
      let now = clock();
      while (k < phases.length && stoppedBy === null) {
        if (j >= total[k]!) {
          phaseEnded[k] = true;
          phaseCheck(k);
          k++;
          if (k < phases.length) j = firstJ(k);
          continue;
        }
        const due = dueOf();
        if (due > now) break;
        if (!budget.take()) {
          stop(budget.spentBy() ?? 'max-requests');
          break;
        }
        const ps = phases[k]!;
        const op = cycle[(first[k]! + j) % cycle.length]!;
        j += of;
        let conn = idle.pop();
        while (conn && !conn.open) conn = idle.pop();
        if (!conn && all.size < o.caps.maxConcurrency) conn = open();
        if (!conn) {
          ps.dropped++;
          dropped++;
          continue;
        }
        now = clock();
        lag.recordValue(Math.max(1, Math.round((now - due) * 1000)));
        recorder.sent(op);
        ps.sent++;
        outstanding[k]!++;
        conn.send(bytes[op]!, { op, due, sentAt: now, phase: k });
      }
      if (k >= phases.length || stoppedBy !== null) {
        for (let n = k; n < phases.length; n++) phaseEnded[n] = true;
        resolve();
        return;
      }
      // A timer fires a millisecond or more late: it sleeps up to about 1 ms before the due
      // instant, the rest is spun with setImmediate (answers are read in between).
      const wait = dueOf() - clock();
      if (wait >= 1.5) timer = setTimeout(tick, Math.floor(wait - 0.5));
      else {
        // Nearer than a timer can wake: sleep at most NAP_MS (answers wait no longer than that to
        // be read), then pass through the event loop once. Spinning on setImmediate alone would
        // run the loop a million times a second, and its garbage would stop the world for GC.
        if (wait > 0.02) Atomics.wait(NAP, 0, 0, Math.min(wait, NAP_MS));
        setImmediate(tick);
      }
    };
    tick();
  });
  await answersDue(all, clock, target.timeoutMs, 5);
  stopSweeping();
  if (ticker) clearInterval(ticker);
  for (const c of [...all]) c.destroy({ kind: 'connection-reset', message: 'closed at the end of the run' });
  recorder.finish();
  return {
    recorder,
    requestsSent: phases.reduce((s, p) => s + p.sent, 0),
    durationMs: clock(),
    startedAt,
    stoppedBy,
    lag,
    dropped,
    phases,
    connections: most,
  };
}
