// The reference as a small server (reference/worker-pool.ts, `serve --workers N --service-ms MS`):
// with 2 workers of 50 ms, 8 requests sent at once are answered in turns (the last no sooner than
// 4 turns), so each answer takes longer with more in flight; one request alone takes one turn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceServer } from '../../reference/server.ts';
import { createWorkerPool } from '../../reference/worker-pool.ts';

describe('a reference with a worker pool', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReference({ port: 0, pool: { workers: 2, serviceMs: 50 } });
  });
  afterAll(() => server.close());

  const timed = async () => {
    const t = performance.now();
    const res = await fetch(`${server.url}/api/v1/branch`, { headers: { 'api-token': server.tokens[0]! } });
    await res.arrayBuffer();
    return performance.now() - t;
  };

  it('answers 8 requests at once in turns of 2, each answer later than the one before', async () => {
    await timed(); // a connection warmed
    const times = await Promise.all(Array.from({ length: 8 }, timed));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(45);
    expect(Math.max(...times)).toBeGreaterThanOrEqual(4 * 50 - 5);
  });

  it('refuses a pool without a worker', () => {
    expect(() => createWorkerPool(0, 50)).toThrow(/at least 1 worker/);
  });
});
