// The load scenario: an open-model paced load against the reference's limiter, bounded to a few
// seconds; counts and classifications are asserted, not speeds.
import { describe, expect, it } from 'vitest';
import { loadFindings } from '../../load/checks.ts';
import { runLoad } from '../../load/load.ts';
import { startServer, type TestServer } from '../support/stub-server.ts';
import { configFor, holdsToken, limitedReference, type Limited, expectStoppedBy5xxBurst } from '../support/reference.ts';
import { closeAfterEach } from '../support/close-after-each.ts';

const CAPS = { maxRequests: 2000, maxSeconds: 30, maxConcurrency: 64 };
let target: Limited | undefined;
let stub: TestServer | undefined;
closeAfterEach(() => [target?.server, stub]);

describe('the load scenario', () => {
  it('sends rate x seconds requests, answered 200 or 429, no 5xx, every 429 with the envelope', async () => {
    target = await limitedReference({ limit: 20, windowSeconds: 2, algorithm: 'fixed' });
    const r = await runLoad({ config: target.config, operation: 'report', rate: 25, seconds: 2, caps: CAPS });
    expect(r).toMatchObject({ requestsSent: 50, answered: 50, fiveXx: 0, stoppedBy: null, skippedAtConcurrencyCap: 0 });
    expect(Object.keys(r.statusCounts).sort()).toEqual(['200', '429']);
    expect(r.statusCounts['200']).toBeGreaterThanOrEqual(20);
    expect(r.refusals).toEqual({ count: r.statusCounts['429'], withEnvelope: r.statusCounts['429'] });
    expect(r.latencyMs!.p50).toBeLessThanOrEqual(r.latencyMs!.p99);
    expect(r.latencyMs!.p99).toBeLessThanOrEqual(r.latencyMs!.max);
    const points = r.series.points;
    expect(points.reduce((s, p) => s + Object.values(p.statuses).reduce((a, b) => a + b, 0), 0)).toBe(50);
    expect(points.every((p, i) => i === 0 || p.t > points[i - 1]!.t)).toBe(true);
    expect(loadFindings(r).findings).toEqual([]);
    expect(holdsToken(JSON.stringify(r))).toBe(false);
  });

  it('stops at the first burst of 5xx and files them under RL-5', async () => {
    target = await limitedReference({ limit: 10, windowSeconds: 2, algorithm: 'fixed' }, ['rl-503']);
    const r = await runLoad({ config: target.config, operation: 'report', rate: 40, seconds: 2, caps: CAPS });
    expectStoppedBy5xxBurst(r, 80);
  });

  it('sends no more than maxRequests', async () => {
    target = await limitedReference({ limit: 1000, windowSeconds: 2, algorithm: 'fixed' });
    const r = await runLoad({ config: target.config, operation: 'report', rate: 50, seconds: 2, caps: { ...CAPS, maxRequests: 30 } });
    expect(r.requestsSent).toBe(30);
    expect(r.stoppedBy).toBe('max-requests');
  });

  it('keeps at most maxConcurrency requests in flight and counts the ones it could not send', async () => {
    let active = 0;
    let most = 0;
    stub = await startServer((_req, res) => {
      most = Math.max(most, ++active);
      setTimeout(() => {
        active--;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":true,"message":"ok","code":"200","response":{}}');
      }, 300);
    });
    const r = await runLoad({ config: configFor(stub.url), operation: 'report', rate: 20, seconds: 1, caps: { ...CAPS, maxConcurrency: 2 } });
    expect(most).toBeLessThanOrEqual(2);
    expect(r.skippedAtConcurrencyCap).toBeGreaterThan(0);
    expect(r.requestsSent + r.skippedAtConcurrencyCap).toBe(20);
    expect(stub.seen).toHaveLength(r.requestsSent);
  });
});
