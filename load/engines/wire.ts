// The open model's sender: one keep-alive TCP connection carrying one request at a time, written
// as pre-serialized bytes (load/scenarios/mix.ts wireBytes), and a minimal HTTP/1.1 response reader: the
// status line, Content-Length or chunked transfer coding (or, without either, the body up to the
// close), 1xx answers skipped. Headers and body are kept only when the caller asks (evidence);
// otherwise the bytes are counted and dropped. A body over maxResponseBytes ends the connection:
// nothing the server sends can make the sender buffer without bound.
import { connect, type Socket } from 'node:net';
import type { Failure } from './kept-requests.ts';

export interface InFlight {
  op: number;
  /** Run clock, milliseconds: when the schedule wanted it sent, and when it was written. */
  due: number;
  sentAt: number;
  /** Phase of the schedule it belongs to. */
  phase: number;
}

export interface Answer {
  status: number;
  /** Present when `keep` said so: names lower-cased. */
  headers?: Record<string, string>;
  body?: string;
}

export interface WireEvents {
  /** Keep the headers and body of an answer with this status? */
  keep(req: InFlight, status: number): boolean;
  answer(conn: WireConnection, req: InFlight, a: Answer): void;
  /** The connection ended; `lost` were written and got no answer. */
  closed(conn: WireConnection, lost: InFlight[], failure: Failure): void;
}

const CRLF2 = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);
type State = 'head' | 'length' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailers' | 'until-close';

export class WireConnection {
  readonly socket: Socket;
  readonly queue: InFlight[] = [];
  private buf: Buffer | null = null;
  private state: State = 'head';
  private status = 0;
  private remaining = 0;
  private keepIt = false;
  private headText = '';
  private parts: Buffer[] = [];
  private bodyBytes = 0;
  private closeAfter = false;
  private ended = false;
  connected = false;

  constructor(
    host: string,
    port: number,
    private readonly ev: WireEvents,
    private readonly maxBody: number,
  ) {
    // Reads go into one buffer shared by every connection (parsed at once, copied only where kept):
    // no buffer per read, so the garbage collector does not interrupt the schedule for them.
    this.socket = connect({
      host,
      port,
      noDelay: true,
      onread: {
        buffer: READ_BUFFER,
        callback: (n: number, buf: Uint8Array) => {
          this.data(Buffer.from(buf.buffer, buf.byteOffset, n));
          return true;
        },
      },
    });
    this.socket.on('connect', () => (this.connected = true));
    this.socket.on('error', (e: NodeJS.ErrnoException) => this.end(failureOf(e, this.connected)));
    this.socket.on('close', () => this.end({ kind: 'connection-reset', message: 'connection closed without an answer' }));
  }

  get busy(): boolean {
    return this.queue.length > 0;
  }

  get open(): boolean {
    return !this.ended;
  }

  send(bytes: Buffer, req: InFlight): void {
    this.queue.push(req);
    this.socket.write(bytes);
  }

  /** Ends the connection: what is in flight gets `failure`. */
  destroy(failure: Failure): void {
    this.end(failure);
  }

  private end(failure: Failure): void {
    if (this.ended) return;
    // A body delimited by the close is complete now.
    if (this.state === 'until-close' && this.queue.length > 0) this.complete();
    this.ended = true;
    this.socket.destroy();
    const lost = this.queue.splice(0);
    this.ev.closed(this, lost, failure);
  }

  private data(chunk: Buffer): void {
    let b = this.buf ? Buffer.concat([this.buf, chunk]) : chunk;
    this.buf = null;
    let i = 0;
    while (i < b.length && !this.ended) {
      if (this.state === 'head') {
        const at = b.indexOf(CRLF2, i);
        if (at < 0) {
          if (b.length - i > 64 * 1024) return this.end({ kind: 'too-large', message: 'response head longer than 64 KiB' });
          this.buf = Buffer.from(b.subarray(i));
          return;
        }
        this.head(b.toString('latin1', i, at));
        i = at + 4;
      } else if (this.state === 'length' || this.state === 'chunk-data') {
        const n = Math.min(this.remaining, b.length - i);
        this.body(b, i, i + n);
        i += n;
        this.remaining -= n;
        if (this.remaining === 0) {
          if (this.state === 'length') this.complete();
          else this.state = 'chunk-end';
        }
      } else if (this.state === 'until-close') {
        this.body(b, i, b.length);
        i = b.length;
      } else {
        // chunk-size, chunk-end and trailers are lines
        const at = b.indexOf(CRLF, i);
        if (at < 0) {
          if (b.length - i > 4096) return this.end({ kind: 'network', message: 'malformed chunked body' });
          this.buf = Buffer.from(b.subarray(i));
          return;
        }
        const line = b.toString('latin1', i, at);
        i = at + 2;
        if (this.state === 'chunk-size') {
          const size = parseInt(line, 16);
          if (!Number.isFinite(size) || size < 0) return this.end({ kind: 'network', message: `malformed chunk size ${JSON.stringify(line.slice(0, 40))}` });
          if (size === 0) this.state = 'trailers';
          else {
            this.remaining = size;
            this.state = 'chunk-data';
          }
        } else if (this.state === 'chunk-end') this.state = 'chunk-size';
        else if (line === '') this.complete();
      }
    }
  }

  private head(text: string): void {
    const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
    if (!m) return this.end({ kind: 'network', message: `not an HTTP/1.1 answer: ${JSON.stringify(text.slice(0, 60))}` });
    const status = Number(m[1]);
    if (status >= 100 && status < 200) return; // 100 Continue and the like: the answer follows
    const req = this.queue[0];
    if (!req) return this.end({ kind: 'network', message: `an answer (${status}) to no request` });
    this.status = status;
    this.keepIt = this.ev.keep(req, status);
    this.headText = this.keepIt ? text : '';
    this.parts = [];
    this.bodyBytes = 0;
    this.closeAfter = /\r\nconnection:[ \t]*close/i.test(text);
    const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(text);
    if (status === 204 || status === 304) this.complete();
    else if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(text)) this.state = 'chunk-size';
    else if (length) {
      this.remaining = Number(length[1]);
      if (this.remaining > this.maxBody)
        return this.end({ kind: 'too-large', message: `Content-Length ${this.remaining} is above the cap of ${this.maxBody} bytes (maxResponseBytes)` });
      if (this.remaining === 0) this.complete();
      else this.state = 'length';
    } else this.state = 'until-close';
  }

  private body(b: Buffer, from: number, to: number): void {
    this.bodyBytes += to - from;
    if (this.bodyBytes > this.maxBody)
      return this.end({ kind: 'too-large', message: `response body above the cap of ${this.maxBody} bytes (maxResponseBytes)` });
    if (this.keepIt && to > from) this.parts.push(Buffer.from(b.subarray(from, to)));
  }

  private complete(): void {
    const req = this.queue.shift()!;
    this.state = 'head';
    const a: Answer = { status: this.status };
    if (this.keepIt) {
      a.headers = parseHeaders(this.headText);
      a.body = Buffer.concat(this.parts).toString('utf8');
      this.parts = [];
    }
    this.ev.answer(this, req, a);
    if (this.closeAfter) this.end({ kind: 'connection-reset', message: 'the server closed the connection (Connection: close)' });
  }
}

/** Resolves once each of `conns` is connected or closed, or after `ms`: a pool warmed before the clock starts. */
export function connectedOrClosed(conns: WireConnection[], ms: number): Promise<void> {
  return Promise.race([
    Promise.all(conns.map((c) => new Promise<void>((r) => (c.connected || !c.open ? r() : c.socket.once('connect', () => r()).once('close', () => r()))))),
    new Promise<void>((r) => setTimeout(r, ms)),
  ]).then(() => {});
}

/**
 * Answers that never come: every busy connection of `all` whose oldest request was written more
 * than `timeoutMs` ago (on `clock`) is ended as a timeout, checked ten times a second. Returns the stop.
 */
export function sweepTimeouts(all: Set<WireConnection>, clock: () => number, timeoutMs: number): () => void {
  const sweeper = setInterval(() => {
    const now = clock();
    for (const c of all) if (c.busy && now - c.queue[0]!.sentAt > timeoutMs) c.destroy({ kind: 'timeout', message: `no answer within ${timeoutMs} ms` });
  }, 100);
  return () => clearInterval(sweeper);
}

/** The answers still due on `all`, awaited up to the target's timeout (and 200 ms), looked at every `pollMs`. */
export function answersDue(all: Set<WireConnection>, clock: () => number, timeoutMs: number, pollMs: number): Promise<void> {
  const from = clock();
  return new Promise<void>((resolve) => {
    const check = () => ([...all].some((c) => c.busy) && clock() - from < timeoutMs + 200 ? setTimeout(check, pollMs) : resolve());
    check();
  });
}

function parseHeaders(head: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of head.split('\r\n').slice(1)) {
    const c = line.indexOf(':');
    if (c <= 0) continue;
    const k = line.slice(0, c).trim().toLowerCase();
    const v = line.slice(c + 1).trim();
    out[k] = k in out ? `${out[k]}, ${v}` : v;
  }
  return out;
}

function failureOf(e: NodeJS.ErrnoException, connected: boolean): Failure {
  const code = e.code ?? 'error';
  if (code === 'ECONNREFUSED') return { kind: 'connection-refused', message: `${code}: ${e.message}` };
  if (code === 'ECONNRESET' || code === 'EPIPE') return { kind: 'connection-reset', message: `${code}: ${e.message}` };
  if (code === 'ETIMEDOUT') return { kind: 'timeout', message: `${code}: ${e.message}` };
  return { kind: 'network', message: `${connected ? '' : 'connect: '}${code}: ${e.message}` };
}
