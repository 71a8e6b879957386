// The transport's own tests: one transport against a stub server (tokens not redacted, a 10 s
// deadline), a GET request builder for it, and one close for both.
import { createTransport, type HttpRequest, type Transport } from '../../client/transport.ts';
import { startServer, type Handler } from './stub-server.ts';

export interface StubTransport {
  t: Transport;
  /** A GET of `path` on the stub, with its own deadline when `timeoutMs` is given. */
  get(path: string, timeoutMs?: number): HttpRequest;
  close(): Promise<void>;
}

/** A transport of `maxResponseBytes` (and `inFlightBytes` when given) against a stub server answering with `handler`. */
export async function stubTransport(handler: Handler, maxResponseBytes: number, inFlightBytes?: number): Promise<StubTransport> {
  const server = await startServer(handler);
  const t = createTransport({ timeoutMs: 10_000, maxResponseBytes, redact: (s) => s, ...(inFlightBytes ? { inFlightBytes } : {}) });
  const origin = server.url.replace(/\/$/, '');
  const get = (path: string, timeoutMs?: number): HttpRequest =>
    ({ method: 'GET', origin, path, headers: {}, operation: 'raw', tokenKind: 'valid', ...(timeoutMs ? { timeoutMs } : {}) }) as HttpRequest;
  return {
    t,
    get,
    close: async () => {
      await t.close();
      await server.close();
    },
  };
}
