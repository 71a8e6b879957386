// The closed model sent by autocannon (`load --connections N --engine autocannon`): a second,
// independent sender to check the kit's own wire engine (load/engines/closed.ts) against. autocannon
// opens the connections, writes the requests (its request builder), parses the answers (its
// HTTP/1.1 parser) and times them (from each write); this engine records what comes back with the
// same Recorder (statuses per operation, HDR latencies, redacted exchanges) and returns the same
// EngineRun, so load.json, its thresholds and findings are built as for the wire engine.
// The same caps and stops: N x P <= load.maxConcurrency, the request cap (taken per request, never
// more sent), the seconds, a 5xx burst, a dead target, a halt. autocannon only counts requests per
// connection, so its writes are gated here: a hook on each client's write takes the run's Budget
// first, and ends the sending when it is spent; the answers still due are then awaited as the wire
// engine does. Requests a connection loses (an error, the target's close, autocannon's timeout, the
// end of the run) are recorded unanswered with their cause. Connected before the clock starts; one
// thread (autocannon's own workers are not used). autocannon reads each answer's body whole: one
// above maxResponseBytes is recorded as a failure (too-large), not cut off while it arrives.
import autocannon from 'autocannon';
import { Budget, FiveXxWatch, NO_ANSWER_STOP } from '../caps.ts';
import { mixCycle } from '../scenarios/mix.ts';
import type { LoadStoppedBy } from '../result.ts';
import { closedInFlight, type ClosedOptions, type EngineRun } from './closed.ts';
import { Halt } from './halt.ts';
import { bucketMsFor, Recorder, type Failure } from './kept-requests.ts';

/** What this engine uses of an autocannon 9 client beyond its public events (lib/httpClient.js). */
interface Client {
  on(event: string, fn: (...a: any[]) => void): void;
  conn?: { once(event: string, fn: () => void): void };
  destroyed: boolean;
  pipelinedRequests: { toArray(): Array<{ req: { op: number }; startTime: [number, number] }>; clear(): void; size(): number };
  _doRequest(): void;
  _connect(): void;
}

const END_OF_RUN: Failure = { kind: 'connection-reset', message: 'closed at the end of the run' };
const CLOSED: Failure = { kind: 'connection-reset', message: 'connection closed without an answer' };

function failureOf(e: NodeJS.ErrnoException): Failure {
  const code = e.code ?? 'error';
  if (code === 'ECONNREFUSED') return { kind: 'connection-refused', message: `${code}: ${e.message}` };
  if (code === 'ECONNRESET' || code === 'EPIPE') return { kind: 'connection-reset', message: `${code}: ${e.message}` };
  if (code === 'ETIMEDOUT') return { kind: 'timeout', message: `${code}: ${e.message}` };
  return { kind: 'network', message: `${code}: ${e.message}` };
}

function lowerCased(headers: Record<string, string | string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    const key = k.toLowerCase();
    const value = Array.isArray(v) ? v.join(', ') : String(v);
    out[key] = key in out ? `${out[key]}, ${value}` : value;
  }
  return out;
}

export async function runAutocannon(o: Omit<ClosedOptions, 'worker'>): Promise<EngineRun> {
  closedInFlight(o);
  const seconds = Math.min(o.seconds, o.caps.maxSeconds);
  // More connections than requests would leave some with nothing to send.
  const connections = Math.min(o.connections, o.caps.maxRequests);
  const target = o.config.target;
  const origin = new URL(target.baseUrl);
  // autocannon's timeout is in whole seconds: the target's, rounded up.
  const timeoutSeconds = Math.max(1, Math.ceil(target.timeoutMs / 1000));
  const recorder = new Recorder(o.mix.requests, target, bucketMsFor(seconds));
  const watch = new FiveXxWatch();
  const halt = o.halt ?? new Halt();
  const clients: Client[] = [];
  const connected: Array<Promise<void>> = [];
  const run = {
    sent: 0,
    noAnswerRun: 0,
    stoppedBy: null as LoadStoppedBy | null,
    sending: false,
    t0: performance.now(),
    startedAt: Date.now(),
    budget: new Budget(o.caps),
    sendingEnded: () => {},
    // The answer autocannon parsed last: its request's onResponse runs just before the client's 'response'.
    answer: null as { op: number; status: number; body: string; headers: Record<string, string | string[]> } | null,
  };
  const clock = () => performance.now() - run.t0;

  const endSending = () => {
    run.sending = false;
    run.sendingEnded();
  };
  const stop = (why: LoadStoppedBy) => {
    if (run.stoppedBy !== null) return;
    run.stoppedBy = why;
    halt.stop(why);
    endSending();
  };
  const settle = (op: number, status: number, micros: number) => {
    recorder.record(op, status, micros, clock());
    if (status > 0) run.noAnswerRun = 0;
    else if (++run.noAnswerRun >= NO_ANSWER_STOP) stop('no-answers');
    if (watch.record(status)) stop('5xx-burst');
  };
  const lose = (client: Client, failure: Failure) => {
    for (const { req, startTime } of client.pipelinedRequests.toArray()) {
      const [s, ns] = process.hrtime(startTime);
      const ms = s * 1000 + ns / 1e6;
      recorder.exchange(req.op, 0, {}, '', failure, Date.now() - ms, ms);
      settle(req.op, 0, 0);
    }
  };

  const setupClient = (c: autocannon.Client) => {
    const client = c as unknown as Client;
    clients.push(client);
    const queue = client.pipelinedRequests;
    const clear = queue.clear.bind(queue);
    // autocannon clears the queue when it ends a connection itself: its timeout, or the end of the run.
    queue.clear = () => {
      lose(client, client.destroyed ? END_OF_RUN : { kind: 'timeout', message: `no answer within ${timeoutSeconds} s` });
      clear();
    };
    const failed: { why: Failure | null; first: boolean } = { why: null, first: true };
    client.on('connError', (e: NodeJS.ErrnoException) => (failed.why ??= failureOf(e)));
    // autocannon connects again after an error or the target's close, keeping the queue: what was in it is lost.
    const reconnect = client._connect.bind(client);
    client._connect = () => {
      if (queue.size() > 0) lose(client, failed.why ?? CLOSED);
      clear();
      failed.why = null;
      reconnect();
      if (!failed.first) return;
      failed.first = false;
      connected.push(new Promise<void>((r) => (client.conn!.once('connect', r), client.conn!.once('close', r))));
    };
    // Every write takes the run's budget first; none while the run does not send.
    const write = client._doRequest.bind(client);
    client._doRequest = () => {
      if (!run.sending || queue.size() >= o.pipelining) return;
      if (!run.budget.take()) {
        if (run.budget.remainingRequests() <= 0 && run.stoppedBy === null) run.stoppedBy = 'max-requests';
        return endSending();
      }
      write();
      const op = queue.toArray()[queue.size() - 1]!.req.op;
      recorder.sent(op);
      run.sent++;
    };
    client.on('response', (status: number, _bytes: number, ms: number) => {
      const a = run.answer;
      run.answer = null;
      if (!a) return;
      const micros = Math.max(1, Math.round(ms * 1000));
      const tooLarge = Buffer.byteLength(a.body) > target.maxResponseBytes;
      if (tooLarge) {
        const failure: Failure = { kind: 'too-large', message: `response body above the cap of ${target.maxResponseBytes} bytes (maxResponseBytes)` };
        recorder.exchange(a.op, 0, {}, '', failure, run.startedAt + clock() - ms, ms);
        return settle(a.op, 0, micros);
      }
      if (recorder.wants(a.op, status)) recorder.exchange(a.op, status, lowerCased(a.headers), a.body, undefined, run.startedAt + clock() - ms, ms);
      settle(a.op, status, micros);
    });
  };

  const requests = mixCycle(o.mix.requests).map((op) => {
    const r = o.mix.requests[op]!;
    return {
      op,
      method: r.method,
      path: r.path,
      headers: { ...r.headers, 'api-token': target.token },
      body: r.body,
      onResponse: (status: number, body: string, _context: unknown, headers: Record<string, string | string[]>) => {
        run.answer = { op, status, body, headers };
      },
    };
  });
  const stopInstance = { fn: () => {} };
  const done = new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin.origin,
        connections,
        pipelining: o.pipelining,
        // A safety net only: this engine ends the run itself (instance.stop below).
        duration: seconds + timeoutSeconds + 10,
        timeout: timeoutSeconds,
        requests: requests as autocannon.Request[],
        setupClient,
        sampleInt: 50,
        skipAggregateResult: true,
      },
      (err) => (err ? reject(err) : resolve()),
    );
    stopInstance.fn = () => instance.stop();
  });

  // Connected before the clock starts, as the wire engine's connections are.
  await new Promise((r) => setImmediate(r));
  await Promise.race([Promise.all(connected), new Promise((r) => setTimeout(r, Math.min(5000, target.timeoutMs)))]);
  recorder.warm();
  run.t0 = performance.now();
  run.startedAt = Date.now();
  run.budget = new Budget({ maxRequests: o.caps.maxRequests, maxSeconds: seconds });
  halt.on(stop);

  const ticker = o.onTick ? setInterval(() => o.onTick!(recorder, clock()), 250) : undefined;
  const ended = new Promise<void>((resolve) => (run.sendingEnded = resolve));
  const timer = setTimeout(endSending, seconds * 1000);
  run.sending = run.stoppedBy === null;
  if (!run.sending) endSending();
  for (const c of [...clients]) for (let i = 0; i < o.pipelining; i++) c._doRequest();
  await ended;
  clearTimeout(timer);
  // The answers still due, up to the target's timeout (and 200 ms).
  const from = clock();
  while (clients.some((c) => c.pipelinedRequests.size() > 0) && clock() - from < target.timeoutMs + 200) await new Promise((r) => setTimeout(r, 2));
  const durationMs = clock();
  if (ticker) clearInterval(ticker);
  stopInstance.fn();
  await done;
  recorder.finish();
  // The caps' seconds cut the run's own.
  if (run.stoppedBy === null && seconds < o.seconds) run.stoppedBy = 'max-seconds';
  return { recorder, requestsSent: run.sent, durationMs, startedAt: run.startedAt, stoppedBy: run.stoppedBy };
}
