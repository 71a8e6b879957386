// The closed model (`load --connections N [--pipelining P]`): ONE autocannon instance for the
// whole run, N keep-alive connections each with P requests in flight, a new request as soon as an
// answer arrives - what wrk measures. autocannon's engine sends; what comes back is recorded by
// load/engines/kept-requests.ts like the open model's answers: statuses per operation, HDR latencies (from the
// send of each request: in a closed model the schedule is the answers'), and redacted exchanges
// where they are evidence. Bounded by the caps: N x P <= load.maxConcurrency, the request cap
// (autocannon's maxOverallRequests, shared over the connections: a connection that reaches its
// share is closed with up to P - 1 answers still due, never more sent), the seconds, a 5xx burst.
// With worker threads (load/engines/workers.ts) each worker runs one such instance on its share of
// the connections and of the request cap, all from the same start instant.
import autocannon from 'autocannon';
import type { RunConfig } from '../../config/schema.ts';
import { FiveXxWatch, type Caps } from '../caps.ts';
import { mixCycle, type Mix } from '../scenarios/mix.ts';
import { bucketMsFor, Recorder, type Failure } from './kept-requests.ts';
import type { LoadStoppedBy } from '../result.ts';
import { Halt, type EngineWorker } from './halt.ts';

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

/** autocannon's own histograms are not used: no-op stand-ins it knows not to encode. */
const NO_HISTOGRAM = { __custom: true, recordValue() {}, recordValueWithExpectedInterval() {}, reset() {}, destroy() {}, encode() {} };

/** Consecutive requests without an answer after which the run stops (a dead target). */
const NO_ANSWER_STOP = 200;

/** autocannon's raw header list [name, value, name, value ...] as an object, names lower-cased. */
function headerObject(raw: string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; raw && i + 1 < raw.length; i += 2) {
    const k = String(raw[i]).toLowerCase();
    out[k] = k in out ? `${out[k]}, ${raw[i + 1]}` : String(raw[i + 1]);
  }
  return out;
}

function failureOf(e: Error): Failure {
  const code = (e as NodeJS.ErrnoException).code;
  if (/timed out/.test(e.message)) return { kind: 'timeout', message: `no answer within the timeout (${e.message})` };
  if (code === 'ECONNREFUSED') return { kind: 'connection-refused', message: `${code}: ${e.message}` };
  if (code === 'ECONNRESET' || code === 'EPIPE') return { kind: 'connection-reset', message: `${code}: ${e.message}` };
  return { kind: 'network', message: `${code ?? 'error'}: ${e.message}` };
}

/** Refuses connections and pipelining outside the caps; the requests in flight. */
export function closedInFlight(o: Pick<ClosedOptions, 'connections' | 'pipelining' | 'caps'>): number {
  const inFlight = o.connections * o.pipelining;
  if (!(o.connections >= 1) || !(o.pipelining >= 1)) throw new Error('connections and pipelining must be at least 1');
  if (inFlight > o.caps.maxConcurrency)
    throw new Error(
      `--connections ${o.connections} x --pipelining ${o.pipelining} = ${inFlight} requests in flight is above the cap of ${o.caps.maxConcurrency} (config load.maxConcurrency)`,
    );
  return inFlight;
}

export async function runClosed(o: ClosedOptions): Promise<EngineRun> {
  closedInFlight(o);
  const seconds = Math.min(o.seconds, o.caps.maxSeconds);
  // Each connection gets its share of the request cap; more connections than requests would leave some without a cap.
  const connections = Math.min(o.connections, o.caps.maxRequests);
  const target = o.config.target;
  const origin = new URL(target.baseUrl);
  const recorder = new Recorder(o.mix.requests, target, bucketMsFor(seconds), o.worker !== undefined);
  const watch = new FiveXxWatch();
  const cycle = mixCycle(o.mix.requests);
  let lastOp = 0;
  let noAnswerRun = 0;
  let stoppedBy: LoadStoppedBy | null = null;
  recorder.warm();
  const halt = o.halt ?? new Halt();
  if (o.worker) {
    const at = (await o.worker.start()) - performance.timeOrigin;
    await new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));
  }
  const startedAt = Date.now();
  const t0 = performance.now();

  let instance: autocannon.Instance | undefined;
  const stop = (why: LoadStoppedBy) => {
    if (stoppedBy !== null) return;
    stoppedBy = why;
    halt.stop(why);
    instance?.stop();
  };
  const requests = cycle.map((op) => {
    const r = o.mix.requests[op]!;
    return { method: r.method, path: r.path, headers: { ...r.headers, 'api-token': target.token }, body: r.body, op };
  });
  // Each answer's request, status, body and raw headers, just before autocannon's 'response' event
  // of the same answer (same tick): headers are turned into an object only for evidence.
  const setupClient = (client: { requestIterator: { recordBody: (req: { op: number }, status: number, body: string, raw: string[]) => void } }) => {
    client.requestIterator.recordBody = (req, status, body, raw) => {
      lastOp = req.op;
      if (recorder.wants(req.op, status)) recorder.exchange(req.op, status, headerObject(raw), body ?? '', undefined, Date.now(), 0);
    };
  };

  return new Promise<EngineRun>((resolve, reject) => {
    const options = {
      url: origin.origin,
      connections,
      pipelining: o.pipelining,
      duration: seconds,
      maxOverallRequests: o.caps.maxRequests,
      timeout: Math.max(1, Math.ceil(target.timeoutMs / 1000)),
      sampleInt: 100,
      skipAggregateResult: true,
      histograms: { latencies: NO_HISTOGRAM, requests: NO_HISTOGRAM, throughput: NO_HISTOGRAM },
      requests,
      setupClient,
    } as unknown as autocannon.Options;
    const ticker = o.onTick ? setInterval(() => o.onTick!(recorder, performance.now() - t0), 250) : undefined;
    instance = autocannon(options, (err, result) => {
      if (ticker) clearInterval(ticker);
      if (err) return reject(err);
      recorder.finish();
      const durationMs = performance.now() - t0;
      const sent = (result as unknown as { totalRequests?: number }).totalRequests ?? recorder.answered;
      if (stoppedBy === null && sent >= o.caps.maxRequests) stoppedBy = 'max-requests';
      if (stoppedBy === null && seconds < o.seconds) stoppedBy = 'max-seconds';
      resolve({ recorder, requestsSent: Math.max(sent, recorder.answered), durationMs, startedAt, stoppedBy });
    });
    // A stop asked while the workers waited for the start instant ends this instance at once too.
    halt.on((why) => {
      stop(why);
      instance!.stop();
    });
    instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
      const now = performance.now() - t0;
      noAnswerRun = 0;
      recorder.record(lastOp, status, Math.round(responseTime * 1000), now);
      if (watch.record(status)) stop('5xx-burst');
    });
    instance.on('reqError', (e: Error) => {
      // Which request of the connection it was is not told: recorded under the first operation.
      const f = failureOf(e);
      recorder.record(0, 0, 0, performance.now() - t0);
      recorder.exchange(0, 0, {}, '', f, Date.now(), target.timeoutMs);
      if (++noAnswerRun >= NO_ANSWER_STOP) stop('no-answers');
    });
  });
}
