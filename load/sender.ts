// The sender: autocannon drives the traffic, one single-connection instance per request
// (`connections: 1, amount: 1`), started when the caller's scheduler says so. Why not one
// instance with a rate: autocannon's `connectionRate`/`overallRate` send each second's quota as
// one burst, which makes a token bucket look stricter than it is, and its latency correction
// under a rate is wrong. So timing is ours: sent at the scheduled instant, received in
// `onResponse`. Each request leaves a small record (a Shot); the full exchange, tokens redacted,
// is kept only where it can be evidence (429, 5xx, no answer, the first of each status).
import autocannon from 'autocannon';
import { REDACTED, redactHeaders, redactorOf, type Redactor } from '../client/redact.ts';
import type { TargetConfig } from '../config/schema.ts';
import { envelope } from '../contract/schemas/envelope.ts';
import type { Exchange, ExchangeFailureKind } from '../contract/types.ts';
import type { RepeatedRequest } from './requests.ts';

export type ShotToken = 'valid' | 'second';

export interface Shot {
  seq: number;
  token: ShotToken;
  /** Milliseconds on the sender's clock (performance.now() at its creation = 0). */
  sentAt: number;
  receivedAt: number;
  /** HTTP status; 0 when no answer arrived (see `failure`). */
  status: number;
  failure?: string;
  /** No answer because the caller's time cap ran out first (not the target's fault). */
  cut?: boolean;
  /** The rate-limit headers of the answer (and content-type), names lower-cased. */
  headers: Record<string, string>;
  /** The body was the 2.1 envelope; null without an answer. */
  envelope: boolean | null;
  /** The body's `status` and `code` when it was an envelope. */
  envelopeStatus?: boolean;
  envelopeCode?: string;
  exchange?: Exchange;
}

/** Bodies kept in an exchange are cut here. */
const MAX_KEPT_BODY = 4096;
const INTEREST = /^(retry-after|ratelimit|ratelimit-.*|x-ratelimit-.*|x-rate-limit-.*|content-type)$/;

/** autocannon's histograms are not needed per request: a no-op stand-in it knows not to encode. */
const NO_HISTOGRAM = { __custom: true, recordValue() {}, recordValueWithExpectedInterval() {}, reset() {}, destroy() {} };

export interface SenderOptions {
  target: Pick<TargetConfig, 'baseUrl' | 'token' | 'secondToken' | 'timeoutMs'>;
  request: RepeatedRequest;
}

export interface Sender {
  readonly origin: number;
  /** Milliseconds on the sender's clock. */
  now(): number;
  /** Sends the request once; `timeoutMs` bounds the wait for its answer. Never throws. */
  send(token: ShotToken, timeoutMs?: number): Promise<Shot>;
}

/** The Exchange failure kind of a sender failure text ("ECONNREFUSED: ...", "timeout: ..."). */
function failureKind(text: string): ExchangeFailureKind {
  if (/^timeout/.test(text)) return 'timeout';
  if (/^ECONNREFUSED/.test(text)) return 'connection-refused';
  if (/^(ECONNRESET|EPIPE)|closed without an answer/.test(text)) return 'connection-reset';
  return 'network';
}

function lowerHeaders(h: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h ?? {})) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
  return out;
}

export function createSender(opts: SenderOptions): Sender {
  const { target, request } = opts;
  const url = new URL(target.baseUrl);
  const redact: Redactor = redactorOf([target.token, target.secondToken]);
  const origin = performance.now();
  const seenStatus = new Set<number>();
  let seq = 0;

  function exchangeOf(shot: Shot, all: Record<string, string>, body: string, startedAt: string): Exchange {
    const headers = { ...request.headers, 'api-token': REDACTED };
    // A body that echoes a token is redacted before anything is kept, its parsed JSON included.
    const text = redact(body);
    let json: unknown;
    let jsonError: string | undefined;
    try {
      json = JSON.parse(text);
    } catch (e) {
      jsonError = text.trim() === '' ? 'not JSON: empty body' : `not JSON: ${(e as Error).message}`;
    }
    const truncated = text.length > MAX_KEPT_BODY;
    const kept = truncated ? `${text.slice(0, MAX_KEPT_BODY)}... [${text.length - MAX_KEPT_BODY} more characters not kept]` : text;
    return {
      seq: shot.seq,
      operation: request.operation,
      tokenKind: shot.token,
      request: { method: request.method, url: redact(url.origin + request.path), headers, body: redact(request.body) },
      ...(shot.status > 0
        ? { response: { status: shot.status, headers: redactHeaders(all, redact), body: kept, bytes: Buffer.byteLength(body), truncated } }
        : {}),
      ...(shot.status > 0 ? (jsonError === undefined ? { json } : { jsonError }) : {}),
      ...(shot.failure ? { failure: { kind: failureKind(shot.failure), message: redact(shot.failure) } } : {}),
      startedAt,
      durationMs: Math.round((shot.receivedAt - shot.sentAt) * 10) / 10,
    };
  }

  /** Fills in what came back (status 0: nothing), keeping the exchange where it can be evidence. */
  function record(shot: Shot, status: number, body: string, raw: Record<string, unknown> | undefined, startedAt: string, failure?: string) {
    shot.receivedAt = performance.now() - origin;
    shot.status = status;
    const all = lowerHeaders(raw);
    for (const [k, v] of Object.entries(all)) if (INTEREST.test(k)) shot.headers[k] = v;
    if (failure) shot.failure = failure;
    if (status > 0) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        parsed = undefined;
      }
      const env = envelope.safeParse(parsed);
      shot.envelope = env.success;
      if (env.success) Object.assign(shot, { envelopeStatus: env.data.status, envelopeCode: env.data.code });
    }
    const firstOfStatus = !seenStatus.has(status);
    seenStatus.add(status);
    if (status === 0 || status === 429 || status >= 500 || firstOfStatus) shot.exchange = exchangeOf(shot, all, body, startedAt);
  }

  function send(token: ShotToken, timeoutMs = target.timeoutMs): Promise<Shot> {
    const value = token === 'second' ? target.secondToken : target.token;
    if (value === undefined) throw new Error("token 'second' requested but target.secondToken is not configured");
    const startedAt = new Date().toISOString();
    const shot: Shot = { seq: ++seq, token, sentAt: performance.now() - origin, receivedAt: 0, status: 0, headers: {}, envelope: null };
    return new Promise<Shot>((resolve) => {
      let done = false;
      let instance: autocannon.Instance | undefined;
      const finish = (status: number, body: string, raw?: Record<string, unknown>, failure?: string) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        record(shot, status, body, raw, startedAt, failure);
        resolve(shot);
        instance?.stop();
      };
      const timer = setTimeout(() => {
        // Cut by the caller's time cap before the target's own timeout: not a fact about the target.
        if (timeoutMs < target.timeoutMs) shot.cut = true;
        finish(0, '', undefined, `timeout: no answer within ${Math.round(timeoutMs)} ms${shot.cut ? ' (the time cap ran out)' : ''}`);
      }, Math.max(1, timeoutMs));
      const options = {
        url: url.origin,
        connections: 1,
        amount: 1,
        bailout: 1,
        sampleInt: 50,
        timeout: Math.max(1, Math.ceil(timeoutMs / 1000)),
        skipAggregateResult: true,
        histograms: { latencies: NO_HISTOGRAM, requests: NO_HISTOGRAM, throughput: NO_HISTOGRAM },
        requests: [{
          method: request.method,
          path: request.path,
          headers: { ...request.headers, 'api-token': value },
          body: request.body,
          onResponse: (status: number, body: string, _ctx: object, headers: Record<string, unknown> | undefined) => finish(status, body ?? '', headers),
        }],
      } as autocannon.Options;
      instance = autocannon(options, (err) => finish(0, '', undefined, err ? `autocannon: ${err.message}` : 'connection closed without an answer'));
      instance.on('reqError', (e: Error) => finish(0, '', undefined, `${(e as NodeJS.ErrnoException).code ?? 'error'}: ${e.message}`));
      if (done) instance.stop();
    });
  }

  return { origin, now: () => performance.now() - origin, send };
}

/** The server handled a request somewhere between its send and its answer: the midpoint. */
export function serverTime(s: Shot): number {
  return (s.sentAt + s.receivedAt) / 2;
}

export function isRefusal(s: Shot): boolean {
  return s.status === 429;
}

/** Answered, not refused by the limiter and not a server error (a 400 of an invalid request counts). */
export function isAccepted(s: Shot): boolean {
  return s.status > 0 && s.status !== 429 && s.status < 500;
}
