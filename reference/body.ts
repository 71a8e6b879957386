// Request body rules shared by the POST operations (4: "request bodies are JSON with header
// Content-Type: application/json").
import { isSafeNumber, parse as parseLossless } from 'lossless-json';
import type { z } from 'zod';
import type { Ctx, Req } from './context.ts';
import { HttpError, invalid } from './respond.ts';

/** 4.1: "Content-Type | string | yes | must be application/json" (a charset=utf-8 parameter is allowed). */
export function requireJsonContentType(ctx: Ctx, req: Req): void {
  // 4: "request bodies are JSON with header Content-Type: application/json" (ENV-7).
  if (ctx.faults.has('content-type-ignored')) return;
  const raw = req.headers['content-type'];
  if (raw === 'application/json') return;
  if (typeof raw !== 'string' || raw.trim() === '') refuseType(ctx, 'Content-Type must be application/json (header missing)');
  const [type, ...params] = raw.split(';');
  if (type!.trim().toLowerCase() !== 'application/json') refuseType(ctx, 'Content-Type must be application/json');
  for (const p of params) {
    const [name, value = ''] = p.split('=');
    const charset = value
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    if (name!.trim().toLowerCase() !== 'charset' || (charset !== 'utf-8' && charset !== 'utf8'))
      refuseType(ctx, 'Content-Type must be application/json, with at most a charset=utf-8 parameter');
  }
}

/** ENV-7: any 4xx; the profile answers 400 (a validation error) or 415 (Unsupported Media Type). */
function refuseType(ctx: Ctx, message: string): never {
  throw new HttpError(ctx.profile.http.contentTypeStatus, message);
}

/** An integer literal of 16 or more digits: JSON.parse would round it past 2^53. */
const LONG_INTEGER = /(?:^|[^\d."\w])-?\d{16,}(?![\d.eE])/;
/** Integers past 2^53 become bigint (exact); every other number is what JSON.parse makes of it. */
const exactNumber = (digits: string): number | bigint => (/^-?\d+$/.test(digits) && !isSafeNumber(digits) ? BigInt(digits) : Number(digits));

/** Parses the body as JSON; 400 when it is empty or not JSON (4.1 rule 5: "the body is JSON").
 *  `exact`: integers past 2^53 (ids of a 64-bit vendor) are read as bigint, never rounded. */
export function parseJson(ctx: Ctx, req: Req, exact = false): unknown {
  let value: unknown;
  try {
    value = JSON.parse(req.body);
  } catch (e) {
    // 7: only 400, 403 and 429 are failures (ENV-6: no request is answered with a 5xx).
    if (ctx.faults.has('crash-on-bad-json')) throw new HttpError(500, 'Internal Server Error');
    invalid(req.body.trim() === '' ? 'body must be JSON: the body is empty' : `body must be JSON: ${(e as Error).message}`);
  }
  if (!exact || !LONG_INTEGER.test(req.body)) return value;
  try {
    return parseLossless(req.body, null, exactNumber);
  } catch (e) {
    // The exact reader refuses what JSON.parse takes silently: a key given twice with two values.
    invalid(`body must be JSON without repeated keys: ${(e as Error).message.slice(0, 100)}`);
  }
}

/** The body must be a JSON object (not null, an array or a scalar). */
export function requireObject(value: unknown, what = 'body'): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) invalid(`${what} must be a JSON object`);
  return value as Record<string, unknown>;
}

/** One query parameter, given exactly once. */
export function queryParam(req: Req, name: string): string | undefined {
  const all = req.query.getAll(name);
  if (all.length > 1) invalid(`${name} must be given once`);
  return all[0];
}

/** A decimal integer written in a path or query parameter. */
export function parseIntegerText(text: string | undefined): number | null {
  if (text === undefined || !/^-?\d{1,15}$/.test(text)) return null;
  return Number(text);
}

/** The canonical digits of a positive id written in a path or query (ids may be past 2^53), or null. */
export function idKey(text: string | undefined | null): string | null {
  if (text == null || !/^\d{1,20}$/.test(text)) return null;
  const id = BigInt(text);
  return id > 0n ? String(id) : null;
}

/** A valid branch_id query parameter (4.1, 4.2: "branch_id | integer | yes"; 4.2 "must be valid"). */
export function branchParam(req: Req, valid: readonly number[], name = 'branch_id'): number {
  const text = queryParam(req, name);
  if (text === undefined) invalid(`${name} is required`);
  const id = parseIntegerText(text);
  if (id === null) invalid(`${name} must be an integer, got ${JSON.stringify(text.slice(0, 40))}`);
  if (!valid.includes(id)) invalid(`${name} ${id} is not a valid branch`);
  return id;
}

/** "path.to[0].field: message" of the first zod issue. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  let path = '';
  for (const p of issue.path) path += typeof p === 'number' ? `[${p}]` : path === '' ? String(p) : `.${String(p)}`;
  return `${path || 'body'}: ${issue.message}`;
}
