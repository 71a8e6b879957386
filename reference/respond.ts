// Building the answers: the 2.1 envelope on success and on failure, with the envelope faults.
import type { Ctx, Reply } from './context.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/** A JSON answer. */
export function jsonReply(ctx: Ctx, status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  // 4: "request bodies are JSON with header Content-Type: application/json" (ENV-5: answers are labelled JSON too).
  const type = ctx.faults.has('content-type-text') ? TEXT_TYPE : JSON_TYPE;
  return { status, headers: { ...headers, 'content-type': type }, body: JSON.stringify(value) };
}

export function textReply(status: number, text: string, headers: Record<string, string> = {}): Reply {
  return { status, headers: { ...headers, 'content-type': TEXT_TYPE }, body: text };
}

/** 2.1: a success envelope: status true, a message, code "200", the payload. */
export function success(ctx: Ctx, message: string, response: unknown, headers: Record<string, string> = {}): Reply {
  const f = ctx.faults;
  // 2.1: "status | boolean | true on success".
  let status: unknown = true;
  if (f.has('envelope-status-string')) status = 'true';
  if (f.has('success-status-false')) status = false;
  // 2.1: "code | string | status code as a string, e.g. the string form of 200".
  let code: unknown = '200';
  if (f.has('envelope-code-number')) code = 200;
  if (f.has('envelope-code-ok')) code = 'OK';
  const raw = response instanceof RawJson;
  const body: Record<string, unknown> = { status, message, code, response: raw ? null : response };
  // 2.1: "message | string | human-readable outcome text".
  if (f.has('envelope-no-message')) delete body.message;
  const reply = jsonReply(ctx, 200, body, headers);
  // `response` is the last member: its `null}` makes room for the pre-written payload.
  if (raw) reply.body = `${String(reply.body).slice(0, -5)}${response.json}}`;
  return reply;
}

/** A payload already written as JSON (the report's items are written once and reused). */
export class RawJson {
  constructor(readonly json: string) {}
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
