// The reference ERP server: a correct implementation of the ERP Open Interface as the spec
// describes it (plus the reference's documented choices where it says "not shown"), with fault
// switches that each break one rule, so the conformance kit can prove it detects them. Built on
// node:http: no input - bad URL encoding, huge headers, invalid JSON, odd bodies - produces a 5xx.
import { readQuota } from '../core/quota.ts';
import { createQuotaLimiters, quotaRefusal, type OperationQuotas } from './quotas.ts';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { RunConfigInput } from '../config/schema.ts';
import { branchParam, parseJson, requireJsonContentType, requireObject } from './body.ts';
import type { Ctx, Reply, Req } from './context.ts';
import { customerSchema } from './customer-rules.ts';
import { referenceData } from './data.ts';
import { startOtherWriter } from './other-writer.ts';
import { isFaultName, type FaultName } from './faults.ts';
import type { HostileMode } from './hostile.ts';
import { DEFAULT_TOKENS, VALID_BRANCHES } from './constants.ts';
import { referenceRunConfig } from './run-config.ts';
import { authorize, limit } from './guard.ts';
import { bodyToken, lateAuth } from './late-auth.ts';
import { answerClientError, MAX_BODY_BYTES, readBody, requestHeaders, write } from './http-io.ts';
import { createLimiter, type RateLimitConfig } from './limiter.ts';
import { onlyDetailed, profileOf, type Profile } from './profiles/index.ts';
import { mulberry32 } from './random.ts';
import { matchRoute, type Route } from './router.ts';
import { failure, HttpError } from './respond.ts';
import { reportSchema } from './routes/report.ts';
import { Store } from './store.ts';
import { createWorkerPool } from './worker-pool.ts';

export interface ReferenceOptions {
  /** 0 (default) = a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seed of the generated data (and of the latency jitter), default 42. */
  seed?: number;
  /** The vendor to be (reference/profiles/), by name; default "default". */
  profile?: string | Profile;
  faults?: FaultName[];
  /** A hostile mode (hostile.ts): a server that tries to exhaust the client. */
  hostile?: HostileMode;
  /** Valid api-token values, default ['reference-token-1', 'reference-token-2']. */
  tokens?: string[];
  /** The rate limit from the start; default: the profile's always-on limit (none for most). null: none. */
  rateLimit?: RateLimitConfig | null;
  /** Quotas per operation, each its own window, 429 stating the wait only in its message (`serve --quota`); default: the profile's. null: none. */
  quotas?: OperationQuotas | null;
  /** Every answer is delayed by latencyMs +- jitterMs (uniform, seeded): a far target. */
  latencyMs?: number;
  jitterMs?: number;
  /** A small server: `workers` workers, each request holding one `serviceMs` (reference/worker-pool.ts). */
  pool?: { workers: number; serviceMs: number };
  /** Serve only the three operations of section 4 and the two read-backs (none of the index's others). */
  onlyDetailed?: boolean;
}

export interface ReferenceServer {
  /** http://HOST:PORT */
  url: string;
  port: number;
  tokens: string[];
  faults: FaultName[];
  /** The name of the profile this server is. */
  profile: string;
  /** The small limit the profile's rate-limit pass switches on (setRateLimit), null for a vendor without any limit. */
  probeRateLimit: RateLimitConfig | null;
  close(): Promise<void>;
  runConfig(): RunConfigInput;
  /** Switches the rate limiter on (a fresh state), or off with null. */
  setRateLimit(config: RateLimitConfig | null): void;
  /** Vouchers and contacts back to their initial state (what a nightly run finds after a reset step). */
  reset(): void;
}

export { MAX_BODY_BYTES };
const NOT_LIMITED = { refusal: null, headers: undefined };
/** Shared by requests without a query string; routes only read it. */
const NO_QUERY = new URLSearchParams();
const CLOSE = { connection: 'close' };

/** "60/10s", "20/2s", "100/1m", "5/1h" -> { limit, windowSeconds } (core/quota.ts, the one parser). */
export function parseRateLimit(text: string): { limit: number; windowSeconds: number } {
  const q = readQuota(text);
  if (!q)
    throw new Error(`rate limit must be LIMIT/WINDOW with a positive LIMIT and a WINDOW in s, m or h (e.g. "60/10s", "100/1m"), got ${JSON.stringify(text)}`);
  return { limit: q.requests, windowSeconds: q.windowMs / 1000 };
}

/** What a request is answered: the reply and the headers to add (rate limit, Connection: close). */
interface Outcome {
  reply: Reply;
  extra?: Record<string, string>;
}

/** AUTH-4 (a profile that validates first): the request's form - Content-Type, a JSON object body,
 *  branch_id - is checked before the token. The operation checks it again, and the rest, after. */
function precheck(ctx: Ctx, req: Req, route: Route): void {
  if (route.method === 'POST') {
    requireJsonContentType(ctx, req);
    requireObject(parseJson(ctx, req));
  }
  if (route.branchQuery) branchParam(req, VALID_BRANCHES, route.branchQuery);
}

async function handle(ctx: Ctx, raw: IncomingMessage): Promise<Outcome> {
  const url = raw.url ?? '';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const { headers, apiTokens } = requestHeaders(raw);
  const req: Req = {
    method: raw.method ?? '',
    segments: path.startsWith('/') ? path.slice(1).split('/') : [],
    query: q < 0 ? NO_QUERY : new URLSearchParams(url.slice(q + 1)),
    headers,
    apiTokens,
    body: '',
  };
  const match = matchRoute(ctx.profile, req.method, req.segments);
  let bodyRead = false;
  if (match.kind === 'route' && ctx.profile.http.tokenCheck === 'after-validation') {
    if (match.route.method === 'POST') {
      const body = await readBody(raw, req.headers['content-length']);
      if (!body.ok) return { reply: failure(ctx, 413, `body larger than ${MAX_BODY_BYTES} bytes`), extra: CLOSE };
      req.body = body.text;
      bodyRead = true;
    }
    precheck(ctx, req, match.route);
  }
  // 5 rule 1: "Every operation requires the header api-token" - checked before the operation.
  const refused = authorize(ctx, req, match.kind === 'route' ? match.route.name : 'unknown');
  const late = refused && match.kind === 'route' ? lateAuth(ctx, match.route) : 'refuse';
  if (refused && late === 'refuse') return { reply: refused };
  if (refused && match.kind === 'route') {
    // The late-auth faults (late-auth.ts): the body is read although the token was refused.
    if (match.route.method === 'POST' && !bodyRead) {
      const body = await readBody(raw, req.headers['content-length']);
      if (!body.ok) return { reply: refused, extra: CLOSE };
      req.body = body.text;
      bodyRead = true;
    }
    if (late === 'write-then-refuse') {
      try {
        await match.route.handle(ctx, req, match.param);
      } catch {
        // The write's own refusal: the answer is the 403 all the same.
      }
      return { reply: refused };
    }
    if (!bodyToken(ctx, req)) return { reply: refused };
  }
  if (match.kind === 'not-found') return { reply: failure(ctx, 404, `no operation at ${path.slice(0, 100)}`) };
  if (match.kind === 'wrong-method')
    return { reply: failure(ctx, 405, `method ${req.method} is not allowed here; use ${match.allow}`), extra: { allow: match.allow } };
  // 7: the limiter counts every authenticated request to a limited operation, valid or not.
  const limited = match.route.limited || ctx.profile.rateLimit.everyRoute ? limit(ctx, req) : NOT_LIMITED;
  if (limited.refusal) return { reply: limited.refusal };
  const overQuota = quotaRefusal(ctx, req, match.route.name, match.route.operation);
  if (overQuota.refusal) return { reply: overQuota.refusal };
  const extra = Object.keys(overQuota.headers).length ? { ...limited.headers, ...overQuota.headers } : limited.headers;
  if (match.route.method === 'POST' && !bodyRead) {
    const body = await readBody(raw, req.headers['content-length']);
    if (!body.ok) return { reply: failure(ctx, 413, `body larger than ${MAX_BODY_BYTES} bytes`, extra), extra: CLOSE };
    req.body = body.text;
  }
  let reply: Reply;
  try {
    const r = match.route.handle(ctx, req, match.param);
    reply = r instanceof Promise ? await r : r;
  } catch (e) {
    // A refusal of the operation is an answer the limiter counted: it keeps the rate-limit headers.
    reply = errorReply(ctx, e);
  }
  return { reply, extra };
}

/** 7: failures are 400, 403, 429 - an unexpected exception is the request's fault, never a 5xx. */
function errorReply(ctx: Ctx, e: unknown): Reply {
  return e instanceof HttpError
    ? failure(ctx, e.status, e.message)
    : failure(ctx, 400, `request not processed: ${String((e as Error)?.message ?? e).slice(0, 200)}`);
}

/** Serves one request; an unexpected exception becomes a 400, never a 5xx. */
async function serve(ctx: Ctx, raw: IncomingMessage, res: ServerResponse, delay: (() => number) | null): Promise<void> {
  let out: Outcome;
  try {
    out = await handle(ctx, raw);
  } catch (e) {
    out = { reply: errorReply(ctx, e) };
  }
  if (delay) await new Promise((resolve) => setTimeout(resolve, delay()));
  if (ctx.profile.http.connectionClose) out.extra = { ...out.extra, ...CLOSE };
  if (res.headersSent) res.destroy();
  else write(res, out.reply, out.extra, ctx.profile.http.chunked ?? false);
}

function ignore(): void {}

/** The delay of each answer: latency +- a seeded, uniform jitter, never below 0. Null: no delay. */
export function delays(seed: number, latencyMs = 0, jitterMs = 0): (() => number) | null {
  if (!Number.isFinite(latencyMs) || latencyMs < 0 || !Number.isFinite(jitterMs) || jitterMs < 0)
    throw new Error(`latency and jitter must be non-negative milliseconds, got ${latencyMs} and ${jitterMs}`);
  if (latencyMs === 0 && jitterMs === 0) return null;
  const r = mulberry32(seed ^ 0x1a7e);
  return () => Math.max(0, latencyMs + (r.next() * 2 - 1) * jitterMs);
}

export async function startReference(opts: ReferenceOptions = {}): Promise<ReferenceServer> {
  const faults = [...new Set(opts.faults ?? [])];
  const unknown = faults.filter((f) => !isFaultName(f));
  if (unknown.length > 0) throw new Error(`unknown fault(s): ${unknown.join(', ')}`);
  const profile = opts.onlyDetailed ? onlyDetailed(opts.profile) : profileOf(opts.profile);
  const tokens = [...(opts.tokens ?? DEFAULT_TOKENS)];
  const seed = opts.seed ?? 42;
  const faultSet = new Set(faults);
  const rateLimit = opts.rateLimit === undefined ? profile.rateLimit.always : opts.rateLimit;
  const ctx: Ctx = {
    profile,
    faults: faultSet,
    ...(opts.hostile ? { hostile: opts.hostile } : {}),
    tokens: new Set(tokens),
    store: new Store(profile),
    data: referenceData(seed),
    limiter: rateLimit ? createLimiter(rateLimit) : null,
    quotas: createQuotaLimiters(opts.quotas === undefined ? profile.rateLimit.quotas : (opts.quotas ?? undefined)),
    schemas: { customer: customerSchema(profile, faultSet), report: reportSchema(profile, faultSet) },
    race: { reports: new Map(), statusSlot: null, updating: new Map() },
  };
  const delay = delays(seed, opts.latencyMs, opts.jitterMs);
  const pool = opts.pool ? createWorkerPool(opts.pool.workers, opts.pool.serviceMs) : null;
  const writer = startOtherWriter(ctx, seed);
  const server = createServer((raw, res) => {
    raw.on('error', ignore);
    writer.served();
    if (pool) void pool.run(() => serve(ctx, raw, res, delay));
    else void serve(ctx, raw, res, delay);
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => answerClientError(ctx, err, socket));
  // Idle keep-alive connections are kept 60 s (as nginx's 75 s, not Node's 5 s): a client starved
  // of CPU for a few seconds (a busy CI machine) may send on a connection it picked as alive just
  // before, and the reference must not close it under that request ("no response").
  server.keepAliveTimeout = 60_000;
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    port,
    tokens,
    faults,
    profile: profile.name,
    probeRateLimit: profile.rateLimit.probe,
    runConfig: () => referenceRunConfig(url, tokens, seed, profile),
    setRateLimit: (config) => {
      ctx.limiter = config ? createLimiter(config) : null;
    },
    reset: () => {
      ctx.store = new Store(profile);
      ctx.race = { reports: new Map(), statusSlot: null, updating: new Map() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        writer.stop();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
