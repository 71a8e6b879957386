// The reference ERP server: a correct implementation of the ERP Open Interface as the spec
// describes it (plus the reference's documented choices where it says "not shown"), with fault
// switches that each break one rule, so the conformance kit can prove it detects them.
//
// Why node:http and not a framework: full control over every byte of every answer, so that no
// input - bad URL encoding, huge headers, invalid JSON, odd bodies - can produce a 5xx (a
// framework answers some of those itself, with its own status and body shape); no dependency;
// and the bench goal is >= 0.7x the throughput of a bare node:http server, which a framework's
// per-request overhead makes harder to reach.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { RunConfigInput } from '../config/schema.ts';
import type { Ctx, Reply, Req } from './context.ts';
import { referenceData } from './data.ts';
import { isFaultName, type FaultName } from './faults.ts';
import { DEFAULT_TOKENS, referenceRunConfig } from './fixtures.ts';
import { authorize, limit } from './guard.ts';
import { answerClientError, MAX_BODY_BYTES, readBody, requestHeaders, write } from './http-io.ts';
import { createLimiter, type RateLimitConfig } from './limiter.ts';
import { matchRoute } from './router.ts';
import { failure, HttpError } from './respond.ts';
import { Store } from './store.ts';

export interface ReferenceOptions {
  /** 0 (default) = a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seed of the generated data, default 42. */
  seed?: number;
  faults?: FaultName[];
  /** Valid api-token values, default ['reference-token-1', 'reference-token-2']. */
  tokens?: string[];
  /** Default null: no rate limit. */
  rateLimit?: RateLimitConfig | null;
}

export interface ReferenceServer {
  /** http://HOST:PORT */
  url: string;
  port: number;
  tokens: string[];
  faults: FaultName[];
  close(): Promise<void>;
  runConfig(): RunConfigInput;
  /** Switches the rate limiter on (a fresh state), or off with null. */
  setRateLimit(config: RateLimitConfig | null): void;
}

export { MAX_BODY_BYTES };
const NOT_LIMITED = { refusal: null, headers: undefined };
/** Shared by requests without a query string; routes only read it. */
const NO_QUERY = new URLSearchParams();

/** "60/10s", "20/2s", "100/1m", "5/1h" -> { limit, windowSeconds }. */
export function parseRateLimit(text: string): { limit: number; windowSeconds: number } {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*(s|m|h)\s*$/.exec(text);
  const limitValue = m ? Number(m[1]) : 0;
  const amount = m ? Number(m[2]) : 0;
  if (!m || limitValue < 1 || amount < 1 || !Number.isSafeInteger(limitValue) || !Number.isSafeInteger(amount))
    throw new Error(`rate limit must be LIMIT/WINDOW with a positive LIMIT and a WINDOW in s, m or h (e.g. "60/10s", "100/1m"), got ${JSON.stringify(text)}`);
  return { limit: limitValue, windowSeconds: amount * { s: 1, m: 60, h: 3600 }[m[3] as 's' | 'm' | 'h'] };
}

async function handle(ctx: Ctx, raw: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = raw.url ?? '';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const req: Req = {
    method: raw.method ?? '',
    segments: path.startsWith('/') ? path.slice(1).split('/') : [],
    query: q < 0 ? NO_QUERY : new URLSearchParams(url.slice(q + 1)),
    headers: requestHeaders(raw),
    body: '',
  };
  const match = matchRoute(req.method, req.segments);
  // 5 rule 1: "Every operation requires the header api-token" - checked before anything else.
  const refused = authorize(ctx, req, match.kind === 'route' ? match.route.name : 'unknown');
  if (refused) return write(res, refused);
  if (match.kind === 'not-found') return write(res, failure(ctx, 404, `no operation at ${path.slice(0, 100)}`));
  if (match.kind === 'wrong-method')
    return write(res, failure(ctx, 405, `method ${req.method} is not allowed here; use ${match.allow}`), { allow: match.allow });
  // 7: the limiter counts every authenticated request to a limited operation, valid or not.
  const limited = match.route.limited ? limit(ctx, req) : NOT_LIMITED;
  if (limited.refusal) return write(res, limited.refusal);
  if (match.route.method === 'POST') {
    const body = await readBody(raw, req.headers['content-length'] as string | undefined);
    if (!body.ok) return write(res, failure(ctx, 413, `body larger than ${MAX_BODY_BYTES} bytes`, limited.headers), { connection: 'close' });
    req.body = body.text;
  }
  write(res, match.route.handle(ctx, req, match.param), limited.headers);
}

/** Serves one request; an unexpected exception becomes a 400, never a 5xx. */
async function serve(ctx: Ctx, raw: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    await handle(ctx, raw, res);
  } catch (e) {
    // 7: failures are 400, 403, 429 - an unexpected exception is the request's fault, never a 5xx.
    const reply = e instanceof HttpError ? failure(ctx, e.status, e.message) : failure(ctx, 400, `request not processed: ${String((e as Error)?.message ?? e).slice(0, 200)}`);
    if (res.headersSent) res.destroy();
    else write(res, reply);
  }
}

function ignore(): void {}

export async function startReference(opts: ReferenceOptions = {}): Promise<ReferenceServer> {
  const faults = [...new Set(opts.faults ?? [])];
  const unknown = faults.filter((f) => !isFaultName(f));
  if (unknown.length > 0) throw new Error(`unknown fault(s): ${unknown.join(', ')}`);
  const tokens = [...(opts.tokens ?? DEFAULT_TOKENS)];
  const seed = opts.seed ?? 42;
  const ctx: Ctx = {
    faults: new Set(faults),
    tokens: new Set(tokens),
    store: new Store(),
    data: referenceData(seed),
    limiter: opts.rateLimit ? createLimiter(opts.rateLimit) : null,
  };
  const server = createServer((raw, res) => {
    raw.on('error', ignore);
    void serve(ctx, raw, res);
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => answerClientError(ctx, err, socket));
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
    runConfig: () => referenceRunConfig(url, tokens, seed),
    setRateLimit: (config) => {
      ctx.limiter = config ? createLimiter(config) : null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
