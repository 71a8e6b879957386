// Building the answers: the 2.1 envelope on success; on failure the body shape the profile
// chose (7: "The body shape of error responses: not shown"); the envelope faults.
import { STATUS_CODES } from 'node:http';
import { stringify as stringifyLossless } from 'lossless-json';
import type { Ctx, Reply } from './context.ts';

const TEXT_TYPE = 'text/plain; charset=utf-8';
const PROBLEM_TYPE = 'application/problem+json';

/** JSON text of a value; integers past 2^53 (bigint) are written as their exact digits. */
export function toJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (e) {
    // JSON.stringify refuses a bigint: only then the slower lossless writer is used.
    if (e instanceof TypeError && /BigInt/i.test(e.message)) return stringifyLossless(value) ?? 'null';
    throw e;
  }
}

/** The Content-Type of JSON answers (ENV-5: any JSON media type; the profile picks the parameters). */
function contentType(ctx: Ctx, type = ctx.profile.http.jsonType): string {
  // 4: "request bodies are JSON with header Content-Type: application/json" (ENV-5: answers are labelled JSON too).
  return ctx.faults.has('content-type-text') ? TEXT_TYPE : type;
}

/** A JSON answer. */
export function jsonReply(ctx: Ctx, status: number, value: unknown, headers: Record<string, string> = {}, type?: string): Reply {
  return { status, headers: { ...headers, 'content-type': contentType(ctx, type) }, body: toJson(value) };
}

export function textReply(status: number, text: string, headers: Record<string, string> = {}): Reply {
  return { status, headers: { ...headers, 'content-type': TEXT_TYPE }, body: text };
}

/** 2.1: a success envelope: status true, a message, code "200", the payload. */
export function success(ctx: Ctx, message: string, response: unknown, headers: Record<string, string> = {}): Reply {
  if (response instanceof RawJson) {
    // The envelope around a pre-written payload depends on the faults and the message only.
    return { status: 200, headers: { ...headers, 'content-type': contentType(ctx) }, body: [envelopeHead(ctx, message), ...response.parts, CLOSE] };
  }
  return jsonReply(ctx, 200, successEnvelope(ctx, message, response), headers);
}

function successEnvelope(ctx: Ctx, message: string, response: unknown): Record<string, unknown> {
  const f = ctx.faults;
  // 2.1: "status | boolean | true on success".
  let status: unknown = true;
  if (f.has('envelope-status-string')) status = 'true';
  if (f.has('success-status-false')) status = false;
  // 2.1: "code | string | status code as a string, e.g. the string form of 200".
  let code: unknown = '200';
  if (f.has('envelope-code-number')) code = 200;
  if (f.has('envelope-code-ok')) code = 'OK';
  const body: Record<string, unknown> = { status, message, code, response };
  // 2.1: "message | string | human-readable outcome text".
  if (f.has('envelope-no-message')) delete body.message;
  return body;
}

const heads = new WeakMap<Ctx, Map<string, Buffer>>();
const CLOSE = Buffer.from('}');

/** The success envelope up to its payload: `{"status":true,...,"response":`. */
function envelopeHead(ctx: Ctx, message: string): Buffer {
  let byMessage = heads.get(ctx);
  if (!byMessage) heads.set(ctx, (byMessage = new Map()));
  let head = byMessage.get(message);
  if (!head) {
    // `response` is the last member: cutting its `null}` leaves the head.
    byMessage.set(message, (head = Buffer.from(JSON.stringify(successEnvelope(ctx, message, null)).slice(0, -5))));
  }
  return head;
}

/** A payload already written as JSON, in UTF-8 chunks (the report's items are written once and reused). */
export class RawJson {
  constructor(readonly parts: Buffer[]) {}
}

/** The error codes of the vendor-JSON error shape ({"error":{"code","message"}}). */
const VENDOR_CODES: Record<number, string> = {
  400: 'VALIDATION', 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 405: 'METHOD_NOT_ALLOWED', 408: 'TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE', 429: 'RATE_LIMITED', 431: 'HEADERS_TOO_LARGE',
};

/** An error answer in the profile's shape: the 2.1 envelope (status false, code the HTTP status as
 *  a string), RFC 9457 problem details, plain text, or the vendor's own JSON. */
export function failure(ctx: Ctx, status: number, message: string, headers: Record<string, string> = {}): Reply {
  switch (ctx.profile.http.errors) {
    case 'envelope': {
      const f = ctx.faults;
      // 2.1: "code | string | status code as a string" (ENV-4: an envelope error says its own status).
      const code = status === 400 && f.has('error-code-200') ? '200' : String(status);
      // 2.1: "status | boolean | true on success" - a 429 is no success (RL-2).
      const ok = status === 429 && f.has('rl-429-status-true');
      return jsonReply(ctx, status, envelopeOf(ok, message, code), headers);
    }
    case 'problem':
      // RFC 9457 3.1: with type about:blank, title is the status's reason phrase.
      return jsonReply(ctx, status, { type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail: message }, headers, PROBLEM_TYPE);
    case 'text':
      return textReply(status, message, headers);
    case 'vendor':
      return jsonReply(ctx, status, { error: { code: VENDOR_CODES[status] ?? `HTTP_${status}`, message } }, headers);
  }
}

export function envelopeOf(status: boolean, message: string, code: string, response: unknown = null) {
  return { status, message, code, response };
}

/** Thrown by validation helpers: becomes a 400 (or the given status) in the profile's error shape. */
export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/** Throws a 400 naming what is wrong. */
export function invalid(message: string): never {
  throw new HttpError(400, message);
}
