// Building the answers: the 2.1 envelope on success; on failure the body shape the profile
// chose (7: "The body shape of error responses: not shown"); the envelope faults.
import { stringify as stringifyLossless } from 'lossless-json';
import type { Ctx, Reply } from './context.ts';
import { errorBody } from './profiles/strategies.ts';

const TEXT_TYPE = 'text/plain; charset=utf-8';

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

/** An error answer in the profile's shape (ENV-8); an envelope says status false and code the
 *  HTTP status as a string (ENV-4, RL-2), unless an envelope fault changes them. */
export function failure(ctx: Ctx, status: number, message: string, headers: Record<string, string> = {}): Reply {
  const f = ctx.faults;
  // 2.1: "code | string | status code as a string"; "status | boolean | true on success" - a 429 is no success.
  const envelope = { ok: status === 429 && f.has('rl-429-status-true'), code: status === 400 && f.has('error-code-200') ? '200' : String(status) };
  const http = ctx.profile.http;
  const style = (status === 403 || status === 429) && http.refusalErrors ? http.refusalErrors : http.errors;
  const body = errorBody(style, status, message, envelope);
  return body.kind === 'text' ? textReply(status, body.text, headers) : jsonReply(ctx, status, body.value, headers, body.mediaType);
}

export function envelopeOf(status: boolean, message: string, code: string, response: unknown = null) {
  return { status, message, code, response };
}

/** Thrown by validation helpers: becomes a 400 (or the given status) in the profile's error shape. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Throws a 400 naming what is wrong. */
export function invalid(message: string): never {
  throw new HttpError(400, message);
}
