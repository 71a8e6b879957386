// The probe's sender: one request per call, sent at the caller's instant on the kit's one
// transport (client/transport.ts: recording, redaction, deadline, caps and JSON decoding as for the
// suites), its answer recorded as a small Shot. The timing is the caller's: sent when its
// scheduler says so, latency from that instant. The full exchange, tokens redacted, is kept only
// where it can be evidence (429, 5xx, no answer, the first of each status); every exchange goes to
// `onExchange` when given (the run's HAR, reports/har/), the same object as the one kept.
import { redactorOf, type Redactor } from '../client/redact.ts';
import { createTransport, type UnnumberedExchange } from '../client/transport.ts';
import type { TargetConfig } from '../config/schema.ts';
import { envelope } from '../contract/schemas/envelope.ts';
import type { Exchange } from '../core/types.ts';
import type { Operation } from '../core/types.ts';

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

/** Bodies the probe reads: its requests are small; an answer past this is cut (failure too-large). */
const MAX_PROBE_BODY = 1024 * 1024;

/** The one request a sender repeats (load/requests.ts, load/probe/operations.ts). */
export interface SentRequest {
  /** The operation its exchanges are recorded as (default `operation`). */
  exchangeOperation?: Operation;
  operation: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** None for a GET. */
  body?: string;
}

export interface SenderOptions {
  target: Pick<TargetConfig, 'baseUrl' | 'token' | 'secondToken' | 'timeoutMs'>;
  request: SentRequest;
  /** Every exchange sent, numbered, its body cut as a kept one's (the run's HAR). */
  onExchange?: (ex: Exchange) => void;
}

export interface Sender {
  readonly origin: number;
  /** Milliseconds on the sender's clock. */
  now(): number;
  /** Sends the request once; `timeoutMs` bounds the wait for its answer. Never throws. */
  send(token: ShotToken, timeoutMs?: number): Promise<Shot>;
  close(): Promise<void>;
}

export function createSender(opts: SenderOptions): Sender {
  const { target, request } = opts;
  const url = new URL(target.baseUrl);
  const redact: Redactor = redactorOf([target.token, target.secondToken]);
  // The kit's one transport: the same recording, redaction, deadline, caps and JSON decoding as the suites.
  const transport = createTransport({ timeoutMs: target.timeoutMs, maxResponseBytes: MAX_PROBE_BODY, redact });
  const origin = performance.now();
  const seenStatus = new Set<number>();
  let seq = 0;

  /** Fills in what came back (status 0: nothing), keeping the exchange where it can be evidence. */
  function record(shot: Shot, ex: UnnumberedExchange) {
    shot.receivedAt = performance.now() - origin;
    shot.status = ex.response?.status ?? 0;
    for (const [k, v] of Object.entries(ex.response?.headers ?? {})) if (INTEREST.test(k)) shot.headers[k] = v;
    if (ex.failure && !ex.response) shot.failure = `${ex.failure.kind === 'timeout' ? 'timeout' : ex.failure.kind}: ${ex.failure.message}`;
    if (shot.status > 0) {
      const env = envelope.safeParse(ex.json);
      shot.envelope = env.success;
      if (env.success) Object.assign(shot, { envelopeStatus: env.data.status, envelopeCode: env.data.code });
    }
    const firstOfStatus = !seenStatus.has(shot.status);
    seenStatus.add(shot.status);
    const kept = shot.status === 0 || shot.status === 429 || shot.status >= 500 || firstOfStatus;
    if (!kept && !opts.onExchange) return;
    const body = ex.response?.body ?? '';
    const numbered: Exchange = {
      ...ex,
      seq: shot.seq,
      ...(ex.response && body.length > MAX_KEPT_BODY
        ? { response: { ...ex.response, body: `${body.slice(0, MAX_KEPT_BODY)}... [${body.length - MAX_KEPT_BODY} more characters not kept]` } }
        : {}),
    };
    opts.onExchange?.(numbered);
    if (kept) shot.exchange = numbered;
  }

  async function send(token: ShotToken, timeoutMs = target.timeoutMs): Promise<Shot> {
    const value = token === 'second' ? target.secondToken : target.token;
    if (value === undefined) throw new Error("token 'second' requested but target.secondToken is not configured");
    const shot: Shot = { seq: ++seq, token, sentAt: performance.now() - origin, receivedAt: 0, status: 0, headers: {}, envelope: null };
    const ex = await transport.send({
      method: request.method,
      origin: url.origin,
      path: request.path,
      headers: { ...request.headers, 'api-token': value },
      ...(request.body !== undefined ? { body: request.body } : {}),
      operation: request.exchangeOperation ?? (request.operation as Operation),
      tokenKind: token,
      timeoutMs: Math.max(1, timeoutMs),
    });
    record(shot, ex);
    // Cut by the caller's time cap before the target's own timeout: not a fact about the target.
    if (ex.failure?.kind === 'timeout' && !ex.response && timeoutMs < target.timeoutMs) {
      shot.cut = true;
      shot.failure = `timeout: no answer within ${Math.round(timeoutMs)} ms (the time cap ran out)`;
    }
    return shot;
  }

  return { origin, now: () => performance.now() - origin, send, close: () => transport.close() };
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
