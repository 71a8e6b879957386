// The operations of config `operations` the index suite checks (section 1), their requests, and
// what each showed, kept for the certificate's table "operations x requirements"
// (observations "ix:<requirement id>": operation -> what it showed).
import {
  fixtureValues,
  operationRequest,
  sendableOperations,
  sendOperation,
  type OperationRequest,
  type Sendable,
  type Values,
} from '../../client/index-operation.ts';
import type { Exchange, TokenKind, TokenVariant } from '../../core/types.ts';
import type { Harness } from '../../runtime/harness.ts';
import { suiteSays } from '../../core/words/suites.ts';

export type Configured = Sendable;

export interface Found {
  list: Configured[];
  /** Configured operations left out, and why (a write under writes: false, a placeholder without a value, not served). */
  left: Record<string, string>;
  /** Of `left`, those left out for a placeholder without a value: configured, so still owed evidence. */
  unfilled: Record<string, string>;
  /** Of `left`, those the target does not serve (the preflight's 404/405): out of scope. */
  notServed: Record<string, string>;
}

/** Why an operation the preflight found not served is left out. */

/** The configured operations this suite sends, and why the others are left out. */
export function configured(h: Harness): Found {
  // h.config holds only what the target serves (engine/run.ts); ctx.notServed says what it left out.
  const found = sendableOperations(h.config);
  const notServed: Record<string, string> = {};
  for (const [name, status] of Object.entries(h.ctx.notServed ?? {})) found.left[name] = notServed[name] = suiteSays('ixNotServed', { what: status });
  return { ...found, notServed };
}

/**
 * Section 1 lists the operations; the config says which of them this run covers. With none to
 * send, `ids` are out of scope when that is the config's choice (no index operation configured, or
 * every one a write under writes: false) or the target's (none served): a vendor configured for
 * the three detailed operations did nothing wrong, and "no verdict without evidence" is about
 * operations the run was given. An operation configured without the values its path needs stays
 * inconclusive, with that reason.
 */
export function scopeOf(h: Harness, found: Found, ids: string[], what = suiteSays('ixNoIndexOperation')): void {
  for (const why of Object.values(found.unfilled)) h.inconclusive(ids, why);
  if (found.list.length > 0 || Object.keys(found.unfilled).length > 0) return;
  const served = Object.keys(found.left).filter((name) => !found.notServed[name]);
  const gone = Object.keys(found.notServed);
  const writes = served.length > 0 ? suiteSays('ixAllWrites') : '';
  if (gone.length === 0) return h.outOfScope(ids, writes || what);
  const others = writes ? [suiteSays('ixOthersWrites', { served: served.join(', ') })] : [];
  h.outOfScope(ids, [suiteSays('ixNotServed', { what: gone.join(', ') }), ...others].join('; '));
}

/** The request of `c` with some placeholders set otherwise (a page, a malformed id). */
export function withValues(h: Harness, c: Configured, extra: Values): OperationRequest {
  return operationRequest(c.op, fixtureValues(h.config), extra);
}

export function send(h: Harness, req: OperationRequest, token: TokenKind | TokenVariant = 'valid', rawBody?: string): Promise<Exchange> {
  return sendOperation(h.client, req, token, rawBody);
}

/** Why an answer to the valid request leaves the operation's other checks without evidence, or null. */
export function notServed(name: string, ex: Exchange): string | null {
  const s = ex.response?.status;
  if (s === undefined) return suiteSays('ixNoAnswer', { name, kind: ex.failure?.kind ?? 'not sent' });
  if (s === 401 || s === 403) return suiteSays('ixTokenRefused', { name, status: s });
  if (s === 404 || s === 405) return suiteSays('ixNotAtPath', { name, status: s });
  if (s === 429) return suiteSays('ixStill429', { name });
  return null;
}

/** One table row per requirement: what each operation showed. */
export class Cells {
  private readonly rows: Record<string, Record<string, string>> = {};
  constructor(private readonly h: Harness) {}
  set(id: string, operation: string, cell: string): void {
    (this.rows[id] ??= {})[operation] = cell;
  }
  /** Left-out operations get their reason in every row. */
  left(ids: string[], left: Record<string, string>): void {
    for (const id of ids) for (const [name, why] of Object.entries(left)) this.set(id, name, `not checked: ${why}`);
  }
  save(): void {
    for (const [id, row] of Object.entries(this.rows)) this.h.observe(`ix:${id}`, Object.fromEntries(Object.entries(row).sort()));
  }
}
