// One generic call for every operation of the index (section 1) as the run config's `operations`
// describes it: its path, query and body templates filled with the run's values, sent through the
// client's `index` (one transport, one scheduler, exchanges recorded like the three of section 4).
import { cursorPath, pageOf } from '../config/answer-shape.ts';
import { indexOperationLeftOut, type OperationConfig } from '../config/operations.ts';
import type { RunConfig } from '../config/schema.ts';
import { READ_BACKS, SPEC_DETAILED } from '../core/operations.ts';
import type { Exchange, TokenKind, TokenVariant } from '../core/types.ts';

export type Values = Record<string, string | number | bigint>;

/** The values the fixtures give to the templates' {placeholders}. */
export function fixtureValues(config: RunConfig): Values {
  const f = config.fixtures;
  const [cityCode, stateCode] = Object.entries(f.customer.cities)[0] ?? ['', ''];
  return {
    branchId: f.branchId,
    otherBranchId: f.otherBranchId,
    // A voucher only refused requests touch: reading it changes nothing.
    salesId: f.sales.refusals[f.sales.refusals.length - 1]!,
    countriesCode: f.customer.countriesCode,
    stateCode,
    cityCode,
    branchList: f.report.branchList,
    dateFrom: f.report.dateFrom,
    dateTo: f.report.dateTo,
    limit: 10,
    offset: 0,
  };
}

const WHOLE = /^\{(\w+)\}$/;

/** A template with its {placeholders} filled: a string that is exactly one placeholder takes the value's type. */
export function fill(template: unknown, values: Values): unknown {
  if (typeof template === 'string') {
    const whole = WHOLE.exec(template);
    if (whole && whole[1]! in values) return values[whole[1]!];
    return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
  }
  if (Array.isArray(template)) return template.map((x) => fill(x, values));
  if (template && typeof template === 'object') return Object.fromEntries(Object.entries(template).map(([k, x]) => [k, fill(x, values)]));
  return template;
}

/**
 * `all` with the {page} and {size} of a page-style list (config/answer-shape.ts) the page of its
 * limit and offset, unless set; a cursor-style list's {size} is its limit.
 */
function paging(op: OperationConfig, all: Values): Values {
  if (cursorPath(op) !== undefined) return all.limit === undefined ? all : { size: all.limit, ...all };
  const p = pageOf(op, all.limit, all.offset);
  if (!p) return all;
  return { page: p.page as Values[string], size: p.size as Values[string], ...all };
}

const CURSOR = '{cursor}';

/** A cursor-style list's first page: its query or body entries that are exactly "{cursor}" left out. */
function withoutCursor<T>(template: T): T {
  if (Array.isArray(template)) return template.map(withoutCursor) as T;
  if (!template || typeof template !== 'object') return template;
  return Object.fromEntries(Object.entries(template).flatMap(([k, v]) => (v === CURSOR ? [] : [[k, withoutCursor(v)]]))) as T;
}

/** Placeholders a template holds that `values` does not fill (a config problem, said before sending). */
export function unfilled(op: OperationConfig, values: Values): string[] {
  const text = JSON.stringify([op.path, op.query ?? {}, op.body ?? null]);
  const all = { ...paging(op, values), ...(cursorPath(op) !== undefined ? { cursor: '' } : {}) };
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].filter((k) => !(k in all));
}

export interface OperationRequest {
  method: string;
  /** Path and query, percent-encoded. */
  path: string;
  /** The JSON body of a POST (undefined for a GET). */
  body?: unknown;
}

/** The request of an operation: its templates filled with the fixtures' values, the entry's params and `extra`. */
export function operationRequest(op: OperationConfig, values: Values, extra: Values = {}): OperationRequest {
  const all: Values = paging(op, { ...values, ...(op.params ?? {}), ...extra });
  // A cursor-style list's first page is asked without its cursor.
  const first = cursorPath(op) !== undefined && !('cursor' in all);
  const [queryTemplate, bodyTemplate] = first ? [withoutCursor(op.query ?? {}), withoutCursor(op.body ?? {})] : [op.query ?? {}, op.body ?? {}];
  const path = op.path.replace(/\{(\w+)\}/g, (m, k: string) => (k in all ? encodeURIComponent(String(all[k])) : m));
  const query = new URLSearchParams(Object.entries(queryTemplate).map(([k, v]): [string, string] => [k, String(fill(v, all))])).toString();
  const body = op.method === 'POST' ? fill(bodyTemplate, all) : undefined;
  return { method: op.method, path: query ? `${path}?${query}` : path, ...(body !== undefined ? { body } : {}) };
}

export interface IndexSender {
  index(a: { method: string; path: string; body?: unknown; rawBody?: string; token?: TokenKind; variant?: TokenVariant }): Promise<Exchange>;
}

/** Sends one configured operation; `token` a kind or a variant of the valid token. */
export function sendOperation(client: IndexSender, req: OperationRequest, token: TokenKind | TokenVariant = 'valid', rawBody?: string): Promise<Exchange> {
  const auth = typeof token === 'string' ? { token } : { variant: token };
  const body = rawBody !== undefined ? { rawBody } : req.body !== undefined ? { body: req.body } : {};
  return client.index({ method: req.method, path: req.path, ...body, ...auth });
}

export interface Sendable {
  name: string;
  op: OperationConfig;
  /** The configured request, with the fixtures' values. */
  request: OperationRequest;
}

export interface SendableOperations {
  list: Sendable[];
  /** Configured operations left out, and why (a write under writes: false, a placeholder without a value). */
  left: Record<string, string>;
  /** Of `left`, those left out for a placeholder without a value: configured, so still owed evidence. */
  unfilled: Record<string, string>;
}

/**
 * The operations of config `operations` a run sends (the index's, not the three section 4
 * details nor the read-backs, whose place is `readBack`), each with its configured request, and why the others are left out. One rule for the
 * preflight that sends each once and the index suite that checks them.
 */
export function sendableOperations(config: RunConfig): SendableOperations {
  const values = fixtureValues(config);
  const out: SendableOperations = { list: [], left: {}, unfilled: {} };
  for (const [name, op] of Object.entries(config.operations ?? {}) as Array<[string, OperationConfig]>) {
    if (SPEC_DETAILED.has(name) || READ_BACKS.has(name)) continue;
    const missing = unfilled(op, { ...values, ...(op.params ?? {}) });
    if (indexOperationLeftOut(config, name) === 'writes') out.left[name] = 'a write operation, and writes is false';
    else if (missing.length > 0)
      out.left[name] = out.unfilled[name] = `config: operations.${name} holds {${missing.join('}, {')}} without a value (add it to its params)`;
    else out.list.push({ name, op, request: operationRequest(op, values) });
  }
  return out;
}

/**
 * The request with `text` at `field` of its JSON body (a dot path; missing objects on the way are
 * made): how a creation carries the run's marker (config `marker`). A request without an object
 * body is returned as it is.
 */
export function withBodyText(req: OperationRequest, field: string, text: string): OperationRequest {
  if (req.body === null || typeof req.body !== 'object' || Array.isArray(req.body)) return req;
  const body = structuredClone(req.body) as Record<string, unknown>;
  const keys = field.split('.');
  let at = body;
  for (const k of keys.slice(0, -1)) {
    const next = at[k];
    at = (at[k] = next !== null && typeof next === 'object' && !Array.isArray(next) ? next : {}) as Record<string, unknown>;
  }
  at[keys[keys.length - 1]!] = text;
  return { ...req, body };
}
