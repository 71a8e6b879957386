// Reading requests and writing answers on node:http, and the answer to HTTP the parser refuses.
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Ctx, Reply } from './context.ts';
import { failure } from './respond.ts';

/** Body larger than this: 413 (the reference's limit; the spec gives none). */
export const MAX_BODY_BYTES = 1024 * 1024;

export type BodyResult = { ok: true; text: string } | { ok: false };
const TOO_LARGE: BodyResult = { ok: false };

/** The request headers the reference reads, names lower-cased, taken from the raw header list
 *  (node builds `req.headers` on first use, for every header). As node does: a repeated api-token
 *  is joined with ", " (and every value is kept in `apiTokens`), a repeated Content-Type,
 *  Content-Length or Authorization keeps its first value. */
export function requestHeaders(req: IncomingMessage): { headers: Record<string, string>; apiTokens: string[] } {
  const headers: Record<string, string> = {};
  const apiTokens: string[] = [];
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (name === 'api-token') {
      apiTokens.push(raw[i + 1]!);
      headers[name] = name in headers ? `${headers[name]}, ${raw[i + 1]}` : raw[i + 1]!;
    } else if ((name === 'content-type' || name === 'content-length' || name === 'authorization') && !(name in headers)) headers[name] = raw[i + 1]!;
  }
  return { headers, apiTokens };
}

/** Reads the body up to MAX_BODY_BYTES; resolves { ok: false } and stops reading once it is
 *  larger. (A request aborted mid-body never resolves: there is no one left to answer.) */
export function readBody(req: IncomingMessage, contentLength: string | undefined): Promise<BodyResult> {
  if (Number(contentLength) > MAX_BODY_BYTES) return Promise.resolve(TOO_LARGE);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (size > MAX_BODY_BYTES) return;
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      req.pause();
      resolve(TOO_LARGE);
    });
    req.on('end', () => {
      if (size <= MAX_BODY_BYTES) resolve({ ok: true, text: (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8') });
    });
  });
}

/** Writes a reply, with Content-Length (or, `chunked`, with Transfer-Encoding: chunked and the
 *  body in two chunks at least); `extra` headers are added to the reply's own. */
export function write(res: ServerResponse, reply: Reply, extra?: Record<string, string>, chunked = false): void {
  if (res.headersSent || res.destroyed) return;
  const body = reply.body;
  let length = 0;
  if (typeof body === 'string') length = Buffer.byteLength(body);
  else if (Buffer.isBuffer(body)) length = body.length;
  else for (const chunk of body) length += chunk.length;
  const headers = reply.headers;
  if (extra) for (const name in extra) headers[name] ??= extra[name]!;
  if (chunked) return writeChunked(res, reply.status, headers, body);
  headers['content-length'] = String(length);
  res.writeHead(reply.status, headers);
  if (typeof body === 'string' || Buffer.isBuffer(body)) return void res.end(body);
  // Several chunks go out in one write: the response stays corked until end().
  for (const chunk of body) res.write(chunk);
  res.end();
}

/** A vendor whose stack streams its answers: no Content-Length, the body cut into chunks. */
function writeChunked(res: ServerResponse, status: number, headers: Record<string, string>, body: Reply['body']): void {
  res.writeHead(status, { ...headers, 'transfer-encoding': 'chunked' });
  const bytes = typeof body === 'string' ? Buffer.from(body) : Buffer.isBuffer(body) ? body : Buffer.concat(body);
  const half = Math.ceil(bytes.length / 2);
  if (half > 0) res.write(bytes.subarray(0, half));
  res.end(bytes.subarray(half));
}

/** The answer to a request node's HTTP parser refused (bad request line, header too large ...). */
export function answerClientError(ctx: Ctx, err: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || err.code === 'ECONNRESET') return void socket.destroy();
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const reply = failure(ctx, status, `malformed HTTP request (${err.code ?? 'parse error'})`);
  const body = Buffer.from(reply.body as string);
  const head = Object.entries({ ...reply.headers, 'content-length': String(body.length), connection: 'close' })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n`), body]));
}
