// Building the answers: the 2.1 envelope on success and on failure, with the envelope faults.
import type { Ctx, Reply } from './context.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/** The Content-Type of JSON answers. */
function contentType(ctx: Ctx): string {
  // 4: "request bodies are JSON with header Content-Type: application/json" (ENV-5: answers are labelled JSON too).
  return ctx.faults.has('content-type-text') ? TEXT_TYPE : JSON_TYPE;
}

/** A JSON answer. */
export function jsonReply(ctx: Ctx, status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers: { ...headers, 'content-type': contentType(ctx) }, body: JSON.stringify(value) };
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

/** An error envelope (2.1 shape, status false, code = the HTTP status as a string). */
export function failure(ctx: Ctx, status: number, message: string, headers: Record<string, string> = {}): Reply {
  if (status === 400) {
    // 7: "400 | validation error" (ENV-4: the body shape of errors is the envelope).
    if (ctx.faults.has('error-plain-text')) return textReply(400, message, headers);
    // 2.1: "code | string | status code as a string".
    if (ctx.faults.has('error-code-200')) return jsonReply(ctx, 400, envelopeOf(false, message, '200'), headers);
  }
  return jsonReply(ctx, status, envelopeOf(false, message, String(status)), headers);
}

export function envelopeOf(status: boolean, message: string, code: string, response: unknown = null) {
  return { status, message, code, response };
}

/** Thrown by validation helpers: becomes a 400 (or the given status) envelope. */
export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/** Throws a 400 naming what is wrong. */
export function invalid(message: string): never {
  throw new HttpError(400, message);
}
