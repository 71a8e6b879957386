// What a kept suite worker lets go of when its run ends (runtime/run-client.ts releaseRuns): a flow's
// test is reachable from the connection its first request opened and from undici's clock timer
// (each carries the flow's AsyncLocalStorage store, client/scheduler/slots.ts) until the run's
// client is closed and the clock made anew; the signal handlers then stop no earlier run. Proven by
// a weak reference to what the flow holds, before and after, with a full GC between.
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunConfig } from '../../config/schema.ts';
import { inFlow } from '../../client/scheduler.ts';
import type { SuiteContext } from '../../runtime/protocol.ts';
import { releaseRuns, runClient } from '../../runtime/run-client.ts';
import { startServer, type TestServer } from '../support/stub-server.ts';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let server: TestServer | undefined;
afterEach(async () => {
  await releaseRuns();
  await server?.close();
  server = undefined;
});

/** A flow that sends one report request, holding `held` the way a test's flow holds its test (its `raised`). */
async function sendHolding(ctx: SuiteContext, held: object): Promise<number | undefined> {
  const client = runClient(ctx);
  const ex = await inFlow('a test', () => client.report({ body: { dateFrom: 'x' } }), { must: true, raised: () => held !== undefined });
  return ex.response?.status;
}

describe('a kept worker at the end of its run', () => {
  it('keeps nothing of a flow reachable once releaseRuns has closed the run (and held it before)', async () => {
    server = await startServer((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":true,"message":"ok","code":"200","response":{"items":[],"totalCount":0}}');
    });
    const config = { run: {}, target: { name: 't', baseUrl: server.url, token: 'tok-1', timeoutMs: 5000, maxResponseBytes: 1 << 20 } } as unknown as RunConfig;
    const ctx = { config, seed: 7, nonce: `release-${Date.now()}`, numRuns: 2, concurrency: 2, deadline: Date.now() + 60_000 } as SuiteContext;
    const refs: Array<WeakRef<object>> = [];
    // The flow's test: made and dropped inside this function, reachable afterwards only through what the flow left behind.
    const send = async () => {
      const test = { name: 'a test', payload: new Array(1000).fill('x') };
      refs.push(new WeakRef(test));
      return sendHolding(ctx, test);
    };
    expect(await send()).toBe(200);
    gc();
    // The connection kept alive and the clock hold the flow, and so its test.
    expect(refs[0]!.deref()).toBeDefined();
    await releaseRuns();
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(refs[0]!.deref()).toBeUndefined();
  });
});
