// What an entry of config `operations` says about its answers and its pages, read in one place for
// the client, the suites and the preflight. The 2.1 envelope is stated for the three operations of
// section 4 only, so an index operation may answer a bare array, keep its list and count anywhere,
// page by page number and size, and refuse with a 2xx and a shape of its own (the production
// deployment's "HTTP 200 with status: false").
import { atPath } from '../core/json.ts';
import type { OperationConfig } from './operations.ts';

/** The value at a dot path from the answer's root; "$" is the whole answer. */
export function answerAt(json: unknown, path: string): unknown {
  return path === '$' ? json : atPath(json, path);
}

/** The list's path: the entry's `list`, else "response" (the 2.1 envelope's). */
export const listPath = (op: OperationConfig): string => op.list ?? 'response';

/** Whether a paged list states a count (`totalCount: null`: none). */
export const counted = (op: OperationConfig): boolean => op.totalCount !== null;

/** The count's path of a paged list: the entry's `totalCount`, else "response.totalCount". */
export const totalPath = (op: OperationConfig): string => op.totalCount ?? 'response.totalCount';

/** The list is paged (`paged: true`, or a `paging` style). */
export const isPaged = (op: OperationConfig): boolean => op.paged === true || op.paging !== undefined;

/** Paged by page number and size ({page}, {size}), with its first page's number; undefined: by limit and offset. */
export function pageStyle(op: OperationConfig): { firstPage: number } | undefined {
  return op.paging?.style === 'page' ? { firstPage: op.paging.firstPage ?? 0 } : undefined;
}

/**
 * The {page} and {size} a page-style list is asked with for the items from `offset`, `limit` at
 * a time: the page that holds `offset`. Non-numbers (a malformed check's) pass through as given.
 */
export function pageOf(op: OperationConfig, limit: unknown, offset: unknown): { page: unknown; size: unknown } | undefined {
  const style = pageStyle(op);
  if (!style) return undefined;
  if (typeof limit !== 'number' || typeof offset !== 'number' || limit <= 0 || offset < 0) return { page: offset, size: limit };
  return { page: style.firstPage + Math.floor(offset / limit), size: limit };
}

/** Paged by an opaque cursor ({cursor}, {size} or {limit}): where an answer holds the next page's cursor; undefined: not. */
export function cursorPath(op: OperationConfig): string | undefined {
  return op.paging?.style === 'cursor' ? op.paging.next : undefined;
}

/** The next page's cursor a cursor-paged answer holds (a non-empty string or a number), or undefined (the last page). */
export function nextCursor(op: OperationConfig, json: unknown): string | undefined {
  const at = cursorPath(op);
  const v = at === undefined ? undefined : answerAt(json, at);
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** Where the page asked for `offset` starts: `offset` itself, or the start of the page that holds it. */
export function pageStart(op: OperationConfig, limit: number, offset: number): number {
  return pageStyle(op) ? Math.floor(offset / limit) * limit : offset;
}

/**
 * Whether an answer of the operation is a refusal its config describes: a 2xx whose JSON holds
 * every value of the entry's `refusal` at its path (e.g. {"status": false}). A 4xx is a refusal
 * anyway; this says it of the 2xx that would otherwise be taken as a success.
 */
export function refusedByShape(op: OperationConfig, status: number | undefined, json: unknown): boolean {
  if (!op.refusal || status === undefined || status < 200 || status > 299) return false;
  const want = Object.entries(op.refusal);
  return want.length > 0 && want.every(([path, value]) => atPath(json, path) === value);
}

/** A read-back that found its record: HTTP 200 and not the read-backs' refusal shape (`readBack.refusal`, e.g. 200 with status false). */
export function readBackFound(readBack: { refusal?: Record<string, unknown> } | undefined, status: number | undefined, json: unknown): boolean {
  if (status !== 200) return false;
  const want = Object.entries(readBack?.refusal ?? {});
  return want.length === 0 || !want.every(([path, value]) => atPath(json, path) === value);
}

/** An answer the operation gave as a success: a 2xx that is not its refusal shape. */
export function acceptedBy(op: OperationConfig, status: number | undefined, json: unknown): boolean {
  return status !== undefined && status >= 200 && status < 300 && !refusedByShape(op, status, json);
}

/** The refusal shape as words for a finding or a note, e.g. `status: false`. */
export function refusalText(op: OperationConfig): string {
  return Object.entries(op.refusal ?? {})
    .map(([path, value]) => `${path}: ${JSON.stringify(value)}`)
    .join(', ');
}
