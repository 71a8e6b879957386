// The one transport: one request, one Exchange record. Transport failures (timeout, reset,
// refused, a body over the size cap) are facts about the target, so they are recorded in
// `failure`, never thrown. The deadline covers the whole exchange, body included (a body that
// trickles a byte a second ends at timeoutMs); redirects are never followed (a 3xx is recorded
// as it came, and nothing is sent to another host); the body is decoded bounded and exact
// (core/json.ts). Memory is bounded whatever the target sends: a body is cut at maxResponseBytes
// while it streams, and a cut body keeps only its first KEPT_OF_CUT_BODY bytes (it is not JSON,
// so nothing judges more of it). The bodies of one transport's requests in flight share a room
// (inFlightBytes, client/transport-room.ts): a body under the cap is never cut for want of it, its
// request waits for room instead, and that wait counts neither against its deadline nor in its
// durationMs (the kit's time, not the target's). Used by the suites' client, the preflight and the probe.
import { Agent, request } from './undici-agent.ts';
import type { Exchange, ExchangeFailureKind, Operation, TokenKind } from '../core/types.ts';
import { decodeJson } from '../core/json.ts';
import { REDACTED, redactHeaders, type Redactor } from './redact.ts';
import { createRoom, startDeadline, type Share } from './transport-room.ts';

export type UnnumberedExchange = Omit<Exchange, 'seq'>;

export interface HttpRequest {
  method: string;
  /** scheme://host[:port] of the target. */
  origin: string;
  /** Path and query sent as they are (no URL normalization, so junk reaches the server). */
  path: string;
  /** Headers to send, names lower-cased, the real api-token included; a list sends the header once per value. */
  headers: Record<string, string | string[]>;
  body?: string;
  operation: Operation;
  tokenKind: TokenKind;
  /** A shorter deadline for this exchange than the transport's (the probe's time cap). */
  timeoutMs?: number;
}

export interface HttpOptions {
  timeoutMs: number;
  maxResponseBytes: number;
  redact: Redactor;
  /**
   * The bytes of body this transport's requests in flight hold together before any but the oldest waits for room (default
   * IN_FLIGHT_BYTES; never under the cap). They hold at most this plus maxResponseBytes.
   */
  inFlightBytes?: number;
}

/** The room of a transport's requests in flight for their bodies: 8 bodies of the default cap (and the oldest's cap over it). */
export const IN_FLIGHT_BYTES = 32 * 1024 * 1024;
/**
 * What an exchange keeps of a body it cut: evidence of what came (its first bytes; `bytes` and `truncated` say the rest),
 * never the cap's megabytes held all run long. More than a finding prints (300 characters) or the HAR keeps (1,536): every
 * finding, record and certificate that names the exchange holds it again.
 */
export const KEPT_OF_CUT_BODY = 4 * 1024;

export interface Transport {
  send(req: HttpRequest): Promise<UnnumberedExchange>;
  /** The exchange of a request the scheduler did not send. */
  unsent(req: HttpRequest, notSent: NonNullable<Exchange['notSent']>): UnnumberedExchange;
  close(): Promise<void>;
  /** The bytes of body the requests in flight hold now (at most the budget plus the cap). */
  heldBytes(): number;
  /** The requests in flight waiting now for room to read their bodies on. */
  waitingForRoom(): number;
}

export function createTransport(opts: HttpOptions): Transport {
  // One keep-alive agent per client: connections are reused across the run.
  const agent = new Agent({
    keepAliveTimeout: 10_000,
    connect: { timeout: opts.timeoutMs },
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
  });
  const { redact, maxResponseBytes: cap } = opts;
  const budget = Math.max(opts.inFlightBytes ?? IN_FLIGHT_BYTES, cap);
  // What the requests in flight hold: each adds what it keeps, waits when it does not fit, gives it back when done.
  const room = createRoom(budget);

  /** The exchange as recorded before any answer: the request, tokens redacted. */
  function record(req: HttpRequest): UnnumberedExchange {
    const flat = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));
    const recordedHeaders = redactHeaders(flat, redact);
    // The api-token of a valid or second token is recorded as *** whatever its value.
    if ('api-token' in recordedHeaders && (req.tokenKind === 'valid' || req.tokenKind === 'second')) recordedHeaders['api-token'] = REDACTED;
    return {
      operation: req.operation,
      tokenKind: req.tokenKind,
      request: {
        method: req.method,
        url: redact(req.origin + req.path),
        headers: recordedHeaders,
        ...(req.body !== undefined ? { body: redact(req.body) } : {}),
      },
      startedAt: new Date().toISOString(),
      durationMs: 0,
    };
  }

  async function send(req: HttpRequest): Promise<UnnumberedExchange> {
    // Only a request that goes out has a send time: a not-sent exchange (`unsent`) claims none.
    const ex: UnnumberedExchange = { ...record(req), sentAtMs: performance.now() };
    const timeoutMs = Math.min(req.timeoutMs ?? opts.timeoutMs, opts.timeoutMs);
    // One deadline for the whole exchange: connect, headers and every byte of the body.
    const controller = new AbortController();
    const signal = controller.signal;
    let phase: 'headers' | 'body' = 'headers';
    let body: { destroy(err?: Error): void } | undefined;
    const deadline = startDeadline(timeoutMs, () => {
      controller.abort(new DeadlineError(timeoutMs));
      body?.destroy(new DeadlineError(timeoutMs));
    });
    let share: Share | undefined;
    const chunks: Buffer[] = [];
    let kept = 0;
    let bytes = 0;
    let truncated = false;
    let cutBy = '';
    let status: number | undefined;
    let headers: Record<string, string> = {};
    try {
      const res = await request(agent, {
        origin: req.origin,
        path: req.path,
        method: req.method as 'GET',
        headers: req.headers,
        body: req.body,
        signal,
      });
      status = res.statusCode;
      headers = flattenHeaders(res.headers);
      phase = 'body';
      body = res.body;
      share = room.open();
      if (signal.aborted) res.body.destroy(new DeadlineError(timeoutMs));
      // A body announced over the cap is read only as far as what a cut body keeps.
      const declared = Number(headers['content-length']);
      const announcedOver = Number.isFinite(declared) && declared > cap;
      const limit = announcedOver ? Math.min(cap, KEPT_OF_CUT_BODY) : cap;
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        const over = kept + chunk.length > limit;
        const taken = over ? chunk.subarray(0, limit - kept) : chunk;
        if (share.fits(taken.length)) share.add(taken.length);
        else {
          // No room: stop reading (the server's socket holds the rest) on the kit's time, not the target's.
          deadline.pause();
          await share.take(taken.length);
          deadline.resume();
        }
        chunks.push(taken);
        kept += taken.length;
        if (over) {
          // Stop reading: the rest is never buffered, the connection is dropped.
          truncated = true;
          cutBy = announcedOver
            ? `Content-Length ${declared} exceeds the cap of ${cap} bytes (maxResponseBytes)`
            : `response body exceeds the cap of ${cap} bytes (maxResponseBytes)`;
          res.body.destroy();
          break;
        }
      }
      if (truncated) ex.failure = { kind: 'too-large', message: cutBy };
    } catch (e) {
      ex.failure = classify(e, signal, phase, timeoutMs, redact);
    } finally {
      deadline.clear();
      share?.close();
    }
    const cutAt = kept;
    if (truncated) {
      // A cut body is not JSON: its first bytes are what evidence needs.
      // Only those bytes are copied (Buffer.concat stops at its length), never the whole cut body again.
      const first = Buffer.concat(chunks, Math.min(kept, KEPT_OF_CUT_BODY));
      chunks.length = 0;
      chunks.push(first);
      kept = first.length;
    }
    ex.durationMs = Math.round(deadline.ran() * 10) / 10;
    if (status !== undefined) {
      const body = redact(Buffer.concat(chunks, kept).toString('utf8'), ex.failure !== undefined);
      ex.response = { status, headers: redactHeaders(headers, redact), body, bytes, truncated };
      Object.assign(ex, truncated ? { jsonError: `truncated at ${cutAt} bytes` } : decodeJson(body));
    }
    return ex;
  }

  return {
    send,
    unsent: (req, notSent) => ({ ...record(req), notSent }),
    heldBytes: room.held,
    waitingForRoom: room.waiting,
    close: async () => {
      await agent.close();
    },
  };
}

function flattenHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** The whole exchange took longer than the target's timeoutMs. */
class DeadlineError extends Error {
  override name = 'TimeoutError';
  constructor(ms: number) {
    super(`no complete answer within ${ms} ms`);
  }
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH', 'ECONNABORTED']);

/** Maps a transport error to the kinds of core/types.ts. */
export function classify(
  e: unknown,
  signal: AbortSignal,
  phase: 'headers' | 'body',
  timeoutMs: number,
  redact: Redactor,
): { kind: ExchangeFailureKind; message: string } {
  const err = e as { name?: string; code?: unknown; message?: string; cause?: { code?: unknown }; errors?: { code?: unknown }[] };
  const codes = [err?.code, err?.cause?.code, ...(err?.errors ?? []).map((x) => x?.code)].filter((c): c is string => typeof c === 'string' && c !== '');
  const label = codes[0] ?? (err?.name && err.name !== 'Error' ? err.name : undefined);
  const detail = redact(`${label ? `${label}: ` : ''}${err?.message ?? String(e)}`);
  if (signal.aborted || err?.name === 'TimeoutError' || codes.some((c) => TIMEOUT_CODES.has(c))) {
    const what = phase === 'headers' ? 'no response headers' : 'response body not complete';
    return { kind: 'timeout', message: `${what} within ${timeoutMs} ms (${detail})` };
  }
  if (codes.includes('ECONNREFUSED')) return { kind: 'connection-refused', message: detail };
  if (codes.some((c) => RESET_CODES.has(c))) {
    const when = phase === 'headers' ? 'before the response' : 'during the response body';
    return { kind: 'connection-reset', message: `connection closed ${when} (${detail})` };
  }
  return { kind: 'network', message: detail };
}
