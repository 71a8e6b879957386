// Servers that break HTTP itself, for the self-test: the run must still end, write its
// certificate and exit 1, with no unhandled rejection.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type BrokenKind =
  | 'html-502'
  | 'truncated-json'
  | 'never-answers'
  | 'resets'
  | 'huge-body'
  | 'echoes-token'
  | 'trickles'
  | 'deep-json'
  | 'redirects'
  | 'hostile-text'
  | 'retry-after-a-day';

/** Markup and terminal escape sequences a hostile server puts in every text it sends. */
export const HOSTILE =
  '<script>alert(1)</script><img src=x onerror=alert(2)>\u001b[2J\u001b]8;;http://evil.example\u0007click\u001b]8;;\u0007\u0007\u202etxt.exe ]]> --> "quoted" \u0000';

/** Where the redirecting server sends clients: another loopback host; it counts who came. */
export const redirectTarget = { host: '127.0.0.2', port: 0, contacted: 0 };

const HUGE_BYTES = 64 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

function handler(kind: BrokenKind): http.RequestListener {
  return (req, res) => {
    switch (kind) {
      case 'html-502':
        res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body><h1>502 Bad Gateway</h1></body></html>');
        return;
      case 'truncated-json':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' });
        res.write('{"status":true,"message":"Order status upd');
        setTimeout(() => res.socket?.destroy(), 5);
        return;
      case 'never-answers':
        return; // the request is held until the server closes
      case 'resets':
        req.socket.destroy();
        return;
      case 'huge-body': {
        // Every answer an envelope whose message is 64 MB long, chunked: no Content-Length says so before it streams.
        const head = Buffer.from('{"status":true,"message":"');
        const tail = Buffer.from('","code":"200","response":null}');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(head);
        let sent = 0;
        const pump = () => {
          while (sent < HUGE_BYTES) {
            sent += CHUNK.length;
            if (!res.write(CHUNK)) return void res.once('drain', pump);
          }
          res.end(tail);
        };
        res.on('close', () => (sent = HUGE_BYTES));
        pump();
        return;
      }
      case 'trickles': {
        // A body that never ends: one byte every 100 ms, for ever.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"status":true,');
        const t = setInterval(() => res.write(' '), 100);
        res.on('close', () => clearInterval(t));
        return;
      }
      case 'deep-json': {
        // 200 times the client's MAX_JSON_DEPTH (512), 20 times what a recursive parser survives;
        // 200 KB an answer (at 400,000 levels, 800 KB an answer took this run 12 s of npm test).
        const depth = 100_000;
        res.writeHead(200, { 'content-type': 'application/json' }).end('['.repeat(depth) + ']'.repeat(depth));
        return;
      }
      case 'redirects':
        res.writeHead(307, { location: `http://${redirectTarget.host}:${redirectTarget.port}/api/v1/report/consumption-production-report` }).end();
        return;
      case 'hostile-text': {
        const text = `${HOSTILE} ${req.url}`;
        res.writeHead(400, { 'content-type': 'application/json', 'x-hostile': HOSTILE.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/[^\x20-\x7e]/g, '?') });
        res.end(JSON.stringify({ status: true, message: text, code: '200', response: { [HOSTILE]: text } }));
        return;
      }
      case 'retry-after-a-day':
        res
          .writeHead(429, { 'content-type': 'application/json', 'retry-after': '86400' })
          .end(JSON.stringify({ status: false, message: 'Too Many Request', code: '429', response: null }));
        return;
      case 'echoes-token': {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          const echo = JSON.stringify({
            status: false,
            message: `token ${req.headers['api-token']} refused`,
            code: '400',
            response: { headers: req.headers, body, url: req.url },
          });
          res.writeHead(400, { 'content-type': 'application/json', 'x-echo-token': String(req.headers['api-token']) }).end(echo);
        });
        return;
      }
    }
  };
}

/** The other loopback host a redirect points to: it counts every connection it gets. */
export async function startRedirectTarget(): Promise<{ close(): Promise<void> }> {
  redirectTarget.contacted = 0;
  const other = http.createServer((_q, res) => res.end('{}'));
  other.on('connection', () => redirectTarget.contacted++);
  await new Promise<void>((resolve) => other.listen(0, redirectTarget.host, resolve));
  redirectTarget.port = (other.address() as AddressInfo).port;
  return { close: () => new Promise<void>((resolve) => other.close(() => resolve())) };
}

export async function startBroken(kind: BrokenKind): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handler(kind));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
