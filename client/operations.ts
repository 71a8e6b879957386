// The three operations of the spec (4.1, 4.2, 4.3), the configurable read-back and raw
// requests. Every call yields one numbered Exchange, kept for the run's report.
import type { Exchange, Operation, TokenKind } from '../contract/types.ts';
import { stringifyJson } from './json.ts';
import { createTransport, type UnnumberedExchange } from './transport.ts';
import { redactorOf } from './redact.ts';

export interface ClientTarget {
  baseUrl: string;
  token: string;
  secondToken?: string;
  timeoutMs: number;
  maxResponseBytes?: number;
}

export interface ClientOptions {
  onExchange?: (ex: Exchange) => void;
  /** Retry 429 answers (functional suites): after Retry-After, else 500 ms doubling. */
  retry429?: { maxRetries: number; maxWaitMs: number };
}

type Id = number | bigint | string;
interface BodyArgs {
  body?: unknown;
  rawBody?: string;
  token?: TokenKind;
  /** Default application/json (spec 4: "request bodies are JSON with header Content-Type: application/json"); null sends none. */
  contentType?: string | null;
}

export interface Client {
  updateOrderStatus(a: BodyArgs & { salesId: Id; branchId?: Id | null; headers?: Record<string, string> }): Promise<Exchange>;
  createCustomer(a: BodyArgs & { branchId?: Id | null }): Promise<Exchange>;
  report(a: BodyArgs): Promise<Exchange>;
  readContact(a: { template: string; contactId: number | bigint; branchId: number; token?: TokenKind }): Promise<Exchange>;
  raw(a: { method: string; path: string; headers?: Record<string, string>; body?: string; token?: TokenKind }): Promise<Exchange>;
  exchanges(): Exchange[];
  close(): Promise<void>;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/** `?branch_id=` when given; a string is sent as is (percent-encoded) so suites can send junk. */
function branchQuery(branchId: Id | null | undefined): string {
  return branchId === null || branchId === undefined ? '' : `?branch_id=${encodeURIComponent(String(branchId))}`;
}

function lowerKeys(h: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(h ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
}

function bodyText(a: BodyArgs): string | undefined {
  if (a.rawBody !== undefined && a.body !== undefined) throw new Error('pass body or rawBody, not both');
  return a.rawBody ?? (a.body === undefined ? undefined : stringifyJson(a.body));
}

export function retryWaitMs(retryAfter: string | undefined, attempt: number): number {
  const v = retryAfter?.trim();
  if (v && /^\d+$/.test(v)) return Number(v) * 1000; // RFC 9110 10.2.3: delay-seconds
  const date = v ? Date.parse(v) : NaN; // or an HTTP-date
  if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  return 500 * 2 ** attempt;
}

export function createClient(target: ClientTarget, opts: ClientOptions = {}): Client {
  // Spec 4: "Paths are relative to {base_url}"; a base path prefix is kept.
  const baseUrl = new URL(target.baseUrl);
  const basePath = baseUrl.pathname.replace(/\/+$/, '');
  const redact = redactorOf([target.token, target.secondToken]);
  const http = createTransport({ timeoutMs: target.timeoutMs, maxResponseBytes: target.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, redact });
  const recorded: Exchange[] = [];
  let invalidCount = 0;

  function tokenValue(kind: TokenKind): string | undefined {
    switch (kind) {
      case 'valid':
        return target.token;
      case 'second':
        if (!target.secondToken) throw new Error("token 'second' requested but target.secondToken is not configured");
        return target.secondToken;
      case 'invalid': {
        // Spec 5 rule 2: "A request without a valid token": a generated non-secret value.
        let t = `invalid-token-${++invalidCount}`;
        while (t === target.token || t === target.secondToken) t += 'x';
        return t;
      }
      case 'none':
        return undefined;
    }
  }

  async function once(operation: Operation, method: string, path: string, kind: TokenKind, headers: Record<string, string>, body?: string) {
    const token = tokenValue(kind);
    const sent = { ...(token !== undefined ? { 'api-token': token } : {}), ...headers };
    return http.send({ method, origin: baseUrl.origin, path: basePath + path, headers: sent, body, operation, tokenKind: kind });
  }

  async function perform(operation: Operation, method: string, path: string, kind: TokenKind, headers: Record<string, string>, body?: string) {
    let ex: UnnumberedExchange = await once(operation, method, path, kind, headers, body);
    const retry = opts.retry429;
    if (retry) {
      let retries = 0;
      let waitedMs = 0;
      while (ex.response?.status === 429 && retries < retry.maxRetries) {
        const wait = retryWaitMs(ex.response.headers['retry-after'], retries);
        if (waitedMs + wait > retry.maxWaitMs) break;
        const t0 = performance.now();
        await new Promise((r) => setTimeout(r, wait));
        waitedMs += Math.round(performance.now() - t0);
        retries++;
        ex = await once(operation, method, path, kind, headers, body);
      }
      if (retries > 0) ex.rateLimited = { retries, waitedMs };
    }
    const numbered: Exchange = { seq: recorded.length + 1, ...ex };
    recorded.push(numbered);
    opts.onExchange?.(numbered);
    return numbered;
  }

  const jsonHeaders = (a: BodyArgs, extra?: Record<string, string>) => {
    const ct = a.contentType === undefined ? 'application/json' : a.contentType;
    return { ...(ct !== null ? { 'content-type': ct } : {}), ...lowerKeys(extra) };
  };

  return {
    // 4.1: POST /api/v1/sales/{salesId}/update-order-status?branch_id=
    updateOrderStatus: async (a) =>
      perform('order-status', 'POST', `/api/v1/sales/${encodeURIComponent(String(a.salesId))}/update-order-status${branchQuery(a.branchId)}`,
        a.token ?? 'valid', jsonHeaders(a, a.headers), bodyText(a)),
    // 4.2: POST /api/v1/customer/create?branch_id=
    createCustomer: async (a) =>
      perform('customer-create', 'POST', `/api/v1/customer/create${branchQuery(a.branchId)}`, a.token ?? 'valid', jsonHeaders(a), bodyText(a)),
    // 4.3: POST /api/v1/report/consumption-production-report
    report: async (a) =>
      perform('report', 'POST', '/api/v1/report/consumption-production-report', a.token ?? 'valid', jsonHeaders(a), bodyText(a)),
    // Read-back extension: the path of "Get Contact By Id" comes from config.readBack.
    readContact: async (a) => {
      const path = a.template
        .replaceAll('{contactId}', encodeURIComponent(String(a.contactId)))
        .replaceAll('{branchId}', encodeURIComponent(String(a.branchId)));
      return perform('contact-read', 'GET', path, a.token ?? 'valid', {});
    },
    raw: async (a) => perform('raw', a.method, a.path, a.token ?? 'valid', lowerKeys(a.headers), a.body),
    exchanges: () => [...recorded],
    close: () => http.close(),
  };
}
