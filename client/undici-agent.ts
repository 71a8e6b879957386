// undici's Agent and its request, each from its own module: the package's index also loads fetch,
// WebSocket, the cache, the mocks and the other APIs, which the suite worker would load at every
// run for nothing (~0.1 CPU-s a process). The same classes and function the index exports (the
// index only gathers them, and copies the APIs onto Dispatcher.prototype, which this module does
// not need: `request` is called on the agent). A module moved by an undici upgrade fails at import,
// in every transport test.
import type { Dispatcher } from 'undici';
import UndiciAgent from 'undici/lib/dispatcher/agent.js';
import requestOn from 'undici/lib/api/api-request.js';

export const Agent = UndiciAgent;
export type Agent = InstanceType<typeof UndiciAgent>;

/** undici's `request` sent through `agent` (the index's `agent.request(options)`). */
export const request = (agent: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> => requestOn.call(agent, options);
