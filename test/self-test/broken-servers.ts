// Servers that break HTTP itself, for the self-test: the run must still end, write its
// certificate and exit 1, with no unhandled rejection.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type BrokenKind = 'html-502' | 'truncated-json' | 'never-answers' | 'resets' | 'huge-body' | 'echoes-token';

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
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(HUGE_BYTES + 2) });
        res.write('"');
        let sent = 0;
        const pump = () => {
          while (sent < HUGE_BYTES) {
            sent += CHUNK.length;
            if (!res.write(CHUNK)) return void res.once('drain', pump);
          }
          res.end('"');
        };
        res.on('close', () => (sent = HUGE_BYTES));
        pump();
        return;
      }
      case 'echoes-token': {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          const echo = JSON.stringify({ status: false, message: `token ${req.headers['api-token']} refused`, code: '400', response: { headers: req.headers, body, url: req.url } });
          res.writeHead(400, { 'content-type': 'application/json', 'x-echo-token': String(req.headers['api-token']) }).end(echo);
        });
        return;
      }
    }
  };
}

export async function startBroken(kind: BrokenKind): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handler(kind));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
