// undici's Agent and its request, each from its own module: the package's index also loads fetch,
// WebSocket, the cache, the mocks and the other APIs, which the suite worker would load at every
// run for nothing (~0.25 CPU-s a run). They are the same class and function the index exports (the
// index only gathers them, and copies the APIs onto Dispatcher.prototype, which this module does
// not need: `request` is called on the agent). Where an undici release has moved either module,
// both are taken from the index, as before.
import { createRequire } from 'node:module';
import type { Dispatcher } from 'undici';
import type UndiciAgent from 'undici/lib/dispatcher/agent.js';
import type requestOf from 'undici/lib/api/api-request.js';

/** The two modules, through `load` (node's require from here), or the index's where either is missing. */
export function undiciModules(load: (id: string) => unknown = createRequire(import.meta.url)): { Agent: typeof UndiciAgent; requestOn: typeof requestOf } {
  try {
    return { Agent: load('undici/lib/dispatcher/agent.js') as typeof UndiciAgent, requestOn: load('undici/lib/api/api-request.js') as typeof requestOf };
  } catch {
    const undici = load('undici') as typeof import('undici');
    return { Agent: undici.Agent, requestOn: undici.Dispatcher.prototype.request as typeof requestOf };
  }
}

const { Agent, requestOn } = undiciModules();
export { Agent };

/** undici's `request` sent through `agent` (the index's `agent.request(options)`). */
export const request = (agent: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> => requestOn.call(agent, options);
