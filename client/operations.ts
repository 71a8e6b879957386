// The three operations of the spec (4.1, 4.2, 4.3), the configurable read-backs and raw
// requests, on the one transport and through the one scheduler. Every call yields one numbered
// Exchange, kept for the run's report. Safe to share between tests running at the same time: no
// per-test state here (a test sees its own exchanges through its harness's facade).
import { customerCreatePath, fillPath, orderStatusPath, reportPath } from '../contract/endpoints.ts';
import type { Exchange, NotSentReason, Operation, TokenKind, TokenVariant } from '../core/types.ts';
import { quotaOperationOf, type QuotaOperation } from '../core/quota.ts';
import type { OperationConfig } from '../config/operations.ts';
import { indexQuotaOf, operationMatcher } from './operation-of.ts';
import { parseExact, stringifyJson } from '../core/json.ts';
import { redactorOf } from './redact.ts';
import { createScheduler, type Scheduler } from './scheduler.ts';
import { createTransport, type HttpRequest } from './transport.ts';

export interface ClientTarget {
  baseUrl: string;
  token: string;
  secondToken?: string;
  /** The environment variables the tokens came from (config/load.ts): recorded on the exchange for its curl line. */
  variables?: { token?: string; secondToken?: string };
  timeoutMs: number;
  maxResponseBytes?: number;
}

export interface ClientOptions {
  onExchange?: (ex: Exchange) => void;
  /** The run's scheduler; without one, requests go one after another as they come, 429s retried per retry429. */
  scheduler?: Scheduler;
  /** Retry 429 answers (functional suites): after Retry-After, else 500 ms doubling. */
  retry429?: { maxRetries: number; maxWaitMs: number };
  /** Keep every exchange for `exchanges()` (default true); a run's client keeps none: memory stays bounded however long it runs. */
  keep?: boolean;
  /** The config's `operations`: a request of `index` counts against the quota of the operation it is (its stable name). */
  operations?: Partial<Record<string, OperationConfig>>;
}

type Id = number | bigint | string;
interface AuthArgs {
  token?: TokenKind;
  /** A near miss of the valid token, or the valid token in the wrong place (token is then 'variant'). */
  variant?: TokenVariant;
}
interface BodyArgs extends AuthArgs {
  body?: unknown;
  rawBody?: string;
  /** Default application/json (spec 4: "request bodies are JSON with header Content-Type: application/json"); null sends none. */
  contentType?: string | null;
}

export interface Client {
  updateOrderStatus(a: BodyArgs & { salesId: Id; branchId?: Id | null; headers?: Record<string, string> }): Promise<Exchange>;
  createCustomer(a: BodyArgs & { branchId?: Id | null }): Promise<Exchange>;
  report(a: BodyArgs): Promise<Exchange>;
  readContact(a: AuthArgs & { template: string; contactId: Id; branchId: Id }): Promise<Exchange>;
  /** An operation of the index as the config describes it (client/index-operation.ts builds the request). */
  index(a: BodyArgs & { method: string; path: string }): Promise<Exchange>;
  /** Any request; `quota`: the operation whose quota it counts against (default: the operation of its path, else "other"). */
  raw(a: AuthArgs & { method: string; path: string; headers?: Record<string, string>; body?: string; quota?: QuotaOperation }): Promise<Exchange>;
  /** The exchanges made so far (none kept with `keep: false`). */
  exchanges(): Exchange[];
  /** How many exchanges were made. */
  count(): number;
  close(): Promise<void>;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

function lowerKeys(h: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(h ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
}

function bodyText(a: BodyArgs): string | undefined {
  if (a.rawBody !== undefined && a.body !== undefined) throw new Error('pass body or rawBody, not both');
  return a.rawBody ?? (a.body === undefined ? undefined : stringifyJson(a.body));
}

/** The valid token as a variant sends it (suffix, cut, case ...); undefined where it is not in api-token. */
export function variantValue(token: string, v: TokenVariant): string | undefined {
  switch (v.kind) {
    case 'suffix':
      return token + v.text;
    case 'prefix':
      return v.text + token;
    case 'cut':
      return token.slice(0, Math.max(0, token.length - v.chars));
    case 'case':
      return v.to === 'upper' ? token.toUpperCase() : token.toLowerCase();
    case 'pad':
      return v.left + token + v.right;
    case 'empty':
      return '';
    default:
      return undefined;
  }
}

/** A JSON object body with the token as one more field (AUTH-12: the token in the body, not the header). */
function withBodyToken(body: string | undefined, name: string, token: string): string {
  let parsed: unknown = {};
  try {
    parsed = body === undefined || body === '' ? {} : parseExact(body);
  } catch {
    // Not JSON: sent as it is; the header is left out all the same.
    return body ?? '';
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return body ?? '';
  return stringifyJson({ ...(parsed as Record<string, unknown>), [name]: token });
}

export function createClient(target: ClientTarget, opts: ClientOptions = {}): Client {
  // Spec 4: "Paths are relative to {base_url}"; a base path prefix is kept.
  const baseUrl = new URL(target.baseUrl);
  const basePath = baseUrl.pathname.replace(/\/+$/, '');
  const redact = redactorOf([target.token, target.secondToken]);
  const http = createTransport({ timeoutMs: target.timeoutMs, maxResponseBytes: target.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, redact });
  const scheduler =
    opts.scheduler ?? createScheduler({ concurrency: Number.MAX_SAFE_INTEGER, pacing: false, ...(opts.retry429 ? { retry429: opts.retry429 } : {}) });
  const recorded: Exchange[] = [];
  const operationOf = operationMatcher(opts.operations);
  let made = 0;
  let invalidCount = 0;

  const invalid = () => {
    // Spec 5 rule 2: "A request without a valid token": a generated non-secret value.
    let t = `invalid-token-${++invalidCount}`;
    while (t === target.token || t === target.secondToken) t += 'x';
    return t;
  };

  /** The variable a valid token of `kind` came from, when it is not the kit's own (its curl line names it). */
  function tokenEnvOf(kind: TokenKind): string | undefined {
    const v = kind === 'second' ? target.variables?.secondToken : kind === 'valid' || kind === 'variant' ? target.variables?.token : undefined;
    return v === undefined || v === (kind === 'second' ? 'ERP_API_TOKEN_2' : 'ERP_API_TOKEN') ? undefined : v;
  }

  /** The api-token header(s) and the path of a request, by how its token is sent. */
  function authorize(kind: TokenKind, variant: TokenVariant | undefined, path: string): { headers: Record<string, string | string[]>; path: string } {
    switch (kind) {
      case 'valid':
        return { headers: { 'api-token': target.token }, path };
      case 'second':
        if (!target.secondToken) throw new Error("token 'second' requested but target.secondToken is not configured");
        return { headers: { 'api-token': target.secondToken }, path };
      case 'invalid':
        return { headers: { 'api-token': invalid() }, path };
      case 'none':
        return { headers: {}, path };
      case 'variant': {
        if (!variant) throw new Error("token 'variant' needs a variant");
        if (variant.kind === 'twice') {
          const value = (w: 'valid' | 'invalid') => (w === 'valid' ? target.token : invalid());
          return { headers: { 'api-token': [value(variant.first), value(variant.second)] }, path };
        }
        if (variant.kind === 'query')
          return { headers: {}, path: `${path}${path.includes('?') ? '&' : '?'}${encodeURIComponent(variant.name)}=${encodeURIComponent(target.token)}` };
        if (variant.kind === 'body') return { headers: {}, path };
        if (variant.kind === 'header')
          return { headers: { [variant.name.toLowerCase()]: `${variant.scheme ? `${variant.scheme} ` : ''}${target.token}` }, path };
        return { headers: { 'api-token': variantValue(target.token, variant)! }, path };
      }
    }
  }

  async function perform(
    operation: Operation,
    method: string,
    path: string,
    auth: AuthArgs,
    headers: Record<string, string>,
    body?: string,
    quota: QuotaOperation = quotaOperationOf(operation, path),
  ) {
    const kind: TokenKind = auth.variant ? 'variant' : (auth.token ?? 'valid');
    const sent = auth.variant?.kind === 'body' ? withBodyToken(body, auth.variant.name, target.token) : body;
    const request = (): HttpRequest => {
      const a = authorize(kind, auth.variant, path);
      return { method, origin: baseUrl.origin, path: basePath + a.path, headers: { ...a.headers, ...headers }, body: sent, operation, tokenKind: kind };
    };
    const ex = await scheduler.run(
      () => http.send(request()),
      (reason: NotSentReason, message: string) => http.unsent(request(), { reason, message }),
      quota,
    );
    const env = tokenEnvOf(kind);
    const numbered: Exchange = { seq: ++made, ...ex, quota, ...(auth.variant ? { tokenVariant: auth.variant } : {}), ...(env ? { tokenEnv: env } : {}) };
    if (opts.keep !== false) recorded.push(numbered);
    opts.onExchange?.(numbered);
    return numbered;
  }

  const jsonHeaders = (a: BodyArgs, extra?: Record<string, string>) => {
    const ct = a.contentType === undefined ? 'application/json' : a.contentType;
    return { ...(ct !== null ? { 'content-type': ct } : {}), ...lowerKeys(extra) };
  };

  return {
    updateOrderStatus: async (a) => perform('order-status', 'POST', orderStatusPath(a.salesId, a.branchId), a, jsonHeaders(a, a.headers), bodyText(a)),
    createCustomer: async (a) => perform('customer-create', 'POST', customerCreatePath(a.branchId), a, jsonHeaders(a), bodyText(a)),
    report: async (a) => perform('report', 'POST', reportPath(), a, jsonHeaders(a), bodyText(a)),
    // Read-back extension: the path of "Get Contact By Id" comes from config.readBack.
    readContact: async (a) => perform('contact-read', 'GET', fillPath(a.template, { contactId: a.contactId, branchId: a.branchId }), a, {}),
    index: async (a) =>
      perform(
        'index',
        a.method,
        a.path,
        a,
        a.method === 'GET' && a.body === undefined && a.rawBody === undefined ? {} : jsonHeaders(a),
        bodyText(a),
        indexQuotaOf(operationOf, a.method, a.path),
      ),
    raw: async (a) => perform('raw', a.method, a.path, a, lowerKeys(a.headers), a.body, a.quota),
    exchanges: () => [...recorded],
    count: () => made,
    close: () => http.close(),
  };
}
