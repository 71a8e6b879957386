// A proxy in front of a reference server, for self-tests that count what reaches the target:
// each request is forwarded whole (its body read first) with its headers but Host, and its
// answer piped back. `heard` sees each request with its body; `gaveUp` each one whose client
// closed before the answer was written. Idle connections are kept 60 s, as long as the reference
// keeps them (Node's 5 s would close one a quota wait left idle, under the next request).
import http from 'node:http';

export interface ForwardingProxy {
  url: string;
  close(): Promise<void>;
}

export async function forwardingProxy(
  target: string,
  hooks: { heard?(req: http.IncomingMessage, body: Buffer): void; gaveUp?(req: http.IncomingMessage): void } = {},
): Promise<ForwardingProxy> {
  const server = http.createServer((req, res) => {
    res.on('close', () => void (res.writableFinished ? undefined : hooks.gaveUp?.(req)));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      hooks.heard?.(req, body);
      const headers = { ...req.headers };
      delete headers.host;
      const out = http.request(`${target}${req.url}`, { method: req.method, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on('error', () => res.destroy());
      out.end(body);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
