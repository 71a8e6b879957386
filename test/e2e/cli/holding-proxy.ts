// A loopback proxy in front of a target that passes every request on until told to hold: from
// then on no request gets an answer (the connections stay open), as a target that stopped
// answering mid-run. A run then has requests in flight for their whole timeout: what a signal
// meets while the run waits for them, or a budget that must cut the run whatever the machine's speed.
import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HoldingProxy {
  url: string;
  /** From now on requests are held, never answered. */
  hold(): void;
  /** Passes `n` more requests on, then holds every later one. */
  holdAfter(n: number): void;
  /** Passes every request on again (those held so far are dropped). */
  pass(): void;
  /** Resolves once a request is held: the run then waits on an answer that does not come. */
  holdsOne(): Promise<void>;
  close(): Promise<void>;
}

export async function holdingProxy(target: string): Promise<HoldingProxy> {
  // Requests still passed on before holding (Infinity: all).
  let passes = Infinity;
  const held = new Set<ServerResponse>();
  let heldOne: () => void = () => {};
  const first = new Promise<void>((resolve) => (heldOne = resolve));
  const server = createServer((req, res) => {
    if (passes <= 0) {
      held.add(res);
      return heldOne();
    }
    passes--;
    const upstream = request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold: () => void (passes = 0),
    holdAfter: (n) => void (passes = n),
    pass: () => {
      passes = Infinity;
      for (const res of held) res.destroy();
      held.clear();
    },
    holdsOne: () => first,
    close: () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
