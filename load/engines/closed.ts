// The closed model (`load --connections N [--pipelining P]`): N keep-alive connections each with P
// requests in flight, a new request written as soon as an answer arrives - what wrk measures. It
// sends on the open model's wire (load/engines/wire.ts): pre-serialized request bytes, a minimal
// HTTP/1.1 reader that keeps headers and body only where they may be evidence. autocannon was the
// sender before: its per-request parser and events cost the CPU a 2-core machine's target needs
// too (bench `load`, closed model at 2 workers: 0.73x wrk -t2 with it). What comes back is recorded
// by load/engines/kept-requests.ts like the open model's answers: statuses per operation, HDR
// latencies (from the write of each request: in a closed model the schedule is the answers'), and
// redacted exchanges. Bounded by the caps: N x P <= load.maxConcurrency, the request cap (taken
// per request, never more sent), the seconds, a 5xx burst, a dead target. A connection the target
// ends is opened again while the run goes on. With worker threads (load/engines/workers.ts) each
// worker runs one such engine on its share of the connections and of the request cap, all from the
// same start instant.
import type { RunConfig } from '../../config/schema.ts';
import { Budget, FiveXxWatch, inFlightOverCap, NO_ANSWER_STOP, type Caps } from '../caps.ts';
import { mixCycle, wireBytes, type Mix } from '../scenarios/mix.ts';
import { bucketMsFor, Recorder, type Failure } from './kept-requests.ts';
import type { LoadStoppedBy } from '../result.ts';
import { Halt, type EngineWorker } from './halt.ts';
import { answersDue, connectedOrClosed, sweepTimeouts, WireConnection, type Answer, type InFlight } from './wire.ts';

export interface ClosedOptions {
  config: RunConfig;
  mix: Mix;
  connections: number;
  pipelining: number;
  seconds: number;
  caps: Caps;
  /** Called about every 250 ms with the recorder (progress line). */
  onTick?: (r: Recorder, elapsedMs: number) => void;
  /** A stop from outside (a signal, another worker); the engine's own stops are told to it too. */
  halt?: Halt;
  /** In a worker thread: the start instant common to all workers (its share is in connections and caps). */
  worker?: EngineWorker;
}

export interface EngineRun {
  recorder: Recorder;
  requestsSent: number;
  durationMs: number;
  startedAt: number;
  stoppedBy: LoadStoppedBy | null;
}

/** Refuses connections and pipelining outside the caps; the requests in flight. */
export function closedInFlight(o: Pick<ClosedOptions, 'connections' | 'pipelining' | 'caps'>): number {
  if (!(o.connections >= 1) || !(o.pipelining >= 1)) throw new Error('connections and pipelining must be at least 1');
  const over = inFlightOverCap(o.connections, o.pipelining, o.caps.maxConcurrency);
  if (over !== null) throw new Error(over);
  return o.connections * o.pipelining;
}

export async function runClosed(o: ClosedOptions): Promise<EngineRun> {
  closedInFlight(o);
  const seconds = Math.min(o.seconds, o.caps.maxSeconds);
  // More connections than requests would leave some with nothing to send.
  const connections = Math.min(o.connections, o.caps.maxRequests);
  const target = o.config.target;
  const origin = new URL(target.baseUrl);
  const host = origin.hostname.replace(/^\[|\]$/g, '');
  const port = Number(origin.port || 80);
  const recorder = new Recorder(o.mix.requests, target, bucketMsFor(seconds), o.worker !== undefined);
  const bytes = o.mix.requests.map((r) => wireBytes(r, origin, target.token));
  const cycle = mixCycle(o.mix.requests);
  const watch = new FiveXxWatch();
  const halt = o.halt ?? new Halt();
  const all = new Set<WireConnection>();
  let next = 0;
  let sent = 0;
  let noAnswerRun = 0;
  let stoppedBy: LoadStoppedBy | null = null;
  let sending = false;
  let t0 = performance.now();
  let startedAt = Date.now();
  const clock = () => performance.now() - t0;
  let budget = new Budget(o.caps);

  // The sending ends at the run's seconds, at the request cap or at a stop; then the answers due are awaited.
  let sendingEnded = () => {};
  const endSending = () => {
    sending = false;
    sendingEnded();
  };
  const stop = (why: LoadStoppedBy) => {
    if (stoppedBy !== null) return;
    stoppedBy = why;
    halt.stop(why);
    endSending();
  };
  // Fills a connection up to P requests in flight, while the run sends and the cap allows.
  const fill = (conn: WireConnection) => {
    while (sending && conn.open && conn.queue.length < o.pipelining) {
      if (!budget.take()) {
        // This engine's share of the cap (not told to the other workers: each has its own), or the run's seconds.
        if (budget.remainingRequests() <= 0 && stoppedBy === null) stoppedBy = 'max-requests';
        endSending();
        return;
      }
      const op = cycle[next++ % cycle.length]!;
      const now = clock();
      recorder.sent(op);
      sent++;
      conn.send(bytes[op]!, { op, due: now, sentAt: now, phase: 0 });
    }
  };
  const settle = (req: InFlight, status: number) => {
    const now = clock();
    recorder.record(req.op, status, Math.max(1, Math.round((now - req.sentAt) * 1000)), now);
    if (status > 0) noAnswerRun = 0;
    else if (++noAnswerRun >= NO_ANSWER_STOP) stop('no-answers');
    if (watch.record(status)) stop('5xx-burst');
  };
  const events = {
    keep: (req: InFlight, status: number) => recorder.wants(req.op, status),
    answer: (conn: WireConnection, req: InFlight, a: Answer) => {
      if (a.headers) recorder.exchange(req.op, a.status, a.headers, a.body ?? '', undefined, startedAt + req.sentAt, clock() - req.sentAt);
      settle(req, a.status);
      fill(conn);
    },
    closed: (conn: WireConnection, lost: InFlight[], failure: Failure) => {
      all.delete(conn);
      for (const req of lost) {
        recorder.exchange(req.op, 0, {}, '', failure, startedAt + req.sentAt, clock() - req.sentAt);
        settle(req, 0);
      }
      // The target ended it (a Connection: close, a reset): the run goes on on a new one.
      if (sending) fill(open());
    },
  };
  const open = () => {
    const c = new WireConnection(host, port, events, target.maxResponseBytes);
    all.add(c);
    return c;
  };

  // Connected before the clock starts, as the open model's pool is.
  const pool = Array.from({ length: connections }, open);
  await connectedOrClosed(pool, Math.min(5000, target.timeoutMs));
  recorder.warm();
  if (o.worker) {
    const at = (await o.worker.start()) - performance.timeOrigin;
    await new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));
  }
  t0 = performance.now();
  startedAt = Date.now();
  budget = new Budget({ maxRequests: o.caps.maxRequests, maxSeconds: seconds });
  halt.on(stop);

  const ticker = o.onTick ? setInterval(() => o.onTick!(recorder, clock()), 250) : undefined;
  const stopSweeping = sweepTimeouts(all, clock, target.timeoutMs);
  const ended = new Promise<void>((resolve) => (sendingEnded = resolve));
  const timer = setTimeout(endSending, seconds * 1000);
  sending = stoppedBy === null;
  if (!sending) endSending();
  for (const c of [...all]) fill(c);
  await ended;
  clearTimeout(timer);
  await answersDue(all, clock, target.timeoutMs, 2);
  const durationMs = clock();
  stopSweeping();
  if (ticker) clearInterval(ticker);
  for (const c of [...all]) c.destroy({ kind: 'connection-reset', message: 'closed at the end of the run' });
  recorder.finish();
  // The caps' seconds cut the run's own.
  if (stoppedBy === null && seconds < o.seconds) stoppedBy = 'max-seconds';
  return { recorder, requestsSent: sent, durationMs, startedAt, stoppedBy };
}
