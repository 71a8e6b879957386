// What the index's list operations share (section 1 lists them; "Paths, parameters and payloads of
// every operation other than the three below: not shown"). The reference's choices, not the
// spec's: limit and offset as in 4.3 (query parameters on GET, body fields on POST), a page cap
// per operation (as the production deployment has: 1000, 500, 100, about 50), the list under a
// key of the operation's own (the deployment's keys differ per endpoint), and a malformed limit,
// offset or id answered 400 (7), but at the limit of a stack-shaped profile's parser (stack-int.ts).
import { parseIntegerText, parseJson, queryParam, requireJsonContentType, requireObject } from '../body.ts';
import type { Ctx, Reply, Req } from '../context.ts';
import { VALID_BRANCHES } from '../constants.ts';
import { listKeyOf, totalKeyOf } from '../index-style.ts';
import type { IntParser } from '../profiles/types.ts';
import { HttpError, invalid, success } from '../respond.ts';
import { stackInt } from '../stack-int.ts';

/** A non-negative integer parameter (query text or JSON number), or `fallback` when absent; digits
 *  read by the stack's parser when the profile names one (a 500 at its limit: stack-int.ts). */
export function count(value: unknown, name: string, fallback: number, stack?: IntParser): number {
  if (value === undefined || value === null || value === '') return fallback;
  const digits = stack && typeof value === 'string' && /^-?[0-9]+$/.test(value);
  const n = typeof value === 'number' ? value : digits ? Number(stackInt(stack!, value)) : typeof value === 'string' ? parseIntegerText(value) : null;
  if (n === null || !Number.isSafeInteger(n) || n < 0) invalid(`${name} must be a non-negative integer`);
  return n;
}

/** The JSON object body of a POST index operation (4: "request bodies are JSON"). */
export function jsonBody(ctx: Ctx, req: Req): Record<string, unknown> {
  requireJsonContentType(ctx, req);
  return requireObject(parseJson(ctx, req));
}

/** A valid branch id given as query text or a body value. */
export function branchOf(value: unknown, name: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? parseIntegerText(value) : null;
  if (n === null) invalid(`${name} is required and must be an integer`);
  if (!VALID_BRANCHES.includes(n)) invalid(`${name} ${n} is not a valid branch`);
  return n;
}

/** Comma-separated valid branch ids (as 4.3's branchList). */
export function branchListOf(value: unknown, name: string): number[] {
  if (typeof value !== 'string' || !/^\d+(,\s*\d+)*$/.test(value)) invalid(`${name} must be comma-separated branch ids`);
  return value.split(',').map((b) => branchOf(b.trim(), name));
}

export interface ListShape {
  /** The key of the list inside `response` (null: `response` is the list itself, unpaged). */
  key: string | null;
  /** Largest page answered (limit above it is capped); absent: unpaged. */
  cap?: number;
  /** What the count says when a fault makes it other than the list's length. */
  total?: number;
}

/**
 * The answer of a list operation: the page `limit`/`offset` asks for, under the shape's key. `row`, when given, makes the
 * answer's row of an item: only the items answered are made into rows (a list of thousands answered 500 at a time).
 */
export function listReply<T>(
  ctx: Ctx,
  message: string,
  items: readonly T[],
  shape: ListShape,
  page?: { limit: unknown; offset: unknown },
  row?: (item: T) => unknown,
): Reply {
  const rows = (list: readonly T[]): readonly unknown[] => (row ? list.map(row) : list);
  // The profile may keep every list under a key of its own, its count too (index-style.ts).
  if (shape.cap === undefined && ctx.profile.index?.bareLists) return success(ctx, message, rows(items));
  const key = listKeyOf(ctx.profile, shape.key);
  if (key === null || shape.cap === undefined) return success(ctx, message, key === null ? rows(items) : { [key]: rows(items) });
  // 7: a malformed limit or offset is a 400 (IX-5); a stack's parser may answer 500 at its limit (ENV-6).
  const guarded = (value: unknown, name: string, fallback: number) => {
    try {
      return count(value, name, fallback, ctx.profile.stack);
    } catch (e) {
      throw ctx.faults.has('ix-limit-500') ? new HttpError(500, 'Internal Server Error') : e;
    }
  };
  const limit = Math.min(guarded(page?.limit, 'limit', shape.cap), shape.cap);
  const offset = guarded(page?.offset, 'offset', 0);
  // Fault ix-total-lies: the count says three more than the list holds.
  const totalCount = (shape.total ?? items.length) + (ctx.faults.has('ix-total-lies') ? 3 : 0);
  return success(ctx, message, { [totalKeyOf(ctx.profile)]: totalCount, [key]: rows(items.slice(offset, offset + limit)) });
}

/** The page of a GET list: limit and offset from the query. */
export const queryPage = (req: Req) => ({ limit: queryParam(req, 'limit'), offset: queryParam(req, 'offset') });

/** One index operation the reference serves: its stable name (config `operations`), method, path
 *  (one {placeholder} at most), and what its config entry says about it. */
export interface IndexRoute {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  handle: (ctx: Ctx, req: Req, param: string) => Reply;
  /** Query template of its config entry ({placeholders} filled by the run). */
  query?: Record<string, string>;
  /** Body template of its config entry. */
  body?: unknown;
  /** Where the answer keeps its list (a dot path), for list operations. */
  list?: string;
  /** Paged with limit/offset, totalCount at response.totalCount. */
  paged?: boolean;
  /** Changes state. */
  writes?: boolean;
  /** Where the answer of a creation holds the new id. */
  created?: string;
  /** Values of its own placeholders (an existing product, contact ...). */
  params?: Record<string, string | number>;
}
