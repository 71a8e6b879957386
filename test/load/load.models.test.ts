// The two engines of `load`: the open model keeps its schedule (arrivals at start + i/R, the
// count exact, latency from the due instant) and the closed model returns the same records
// (statuses, HDR percentiles, redacted evidence). Loopback, a second or two each.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { loadFindings } from '../../load/checks.ts';
import { runLoad } from '../../load/load.ts';
import { buildMix } from '../../load/scenarios/mix.ts';
import { json, startServer, type TestServer } from '../support/stub-server.ts';
import { configFor, holdsToken, limitedReference, type Limited } from '../support/reference.ts';
import { closeAfterEach } from '../support/close-after-each.ts';

const CAPS = { maxRequests: 5000, maxSeconds: 30, maxConcurrency: 64 };
const OK = { status: true, message: 'ok', code: '200', response: { totalCount: 0, items: [] } };
let target: Limited | undefined;
let stub: TestServer | undefined;
closeAfterEach(() => [target?.server, stub]);

describe('the open model', () => {
  it('sends request i at start + i/R: the count is exact and the arrivals keep the schedule', async () => {
    const arrivals: number[] = [];
    stub = await startServer((_req, res) => {
      arrivals.push(performance.now());
      json(res, 200, OK);
    });
    const rate = 200;
    // How long this process was held (a busy machine's scheduler, a GC pause): the sender, the
    // stub and the timers all wait through it, and no sender can keep a schedule across it.
    const held = monitorEventLoopDelay({ resolution: 5 });
    held.enable();
    const calledAt = performance.now();
    const r = await runLoad({ config: configFor(stub.url), rate, seconds: 1, caps: CAPS });
    held.disable();
    const stallMs = held.max / 1e6;
    expect(r).toMatchObject({ model: 'open', requestsSent: rate, answered: rate, skippedAtConcurrencyCap: 0, stoppedBy: null, statusCounts: { '200': rate } });
    expect(arrivals).toHaveLength(rate);
    // None early: request i leaves at start + i/R at the soonest, and the run started after the call
    // (a sender that bunched requests ahead of their instants would show here, on any machine).
    const late = arrivals.map((t, i) => t - calledAt - (i * 1000) / rate);
    expect(Math.min(...late), JSON.stringify(late)).toBeGreaterThanOrEqual(0);
    // None much late: behind the most punctual request by a few ms on a quiet machine. After a
    // stall the sender sends what is overdue at once, so a request is late by the longest stall at
    // most; the ceiling is that and 150 ms more, not a slower pace (at 85 % of the rate the last
    // tenth of the requests would be 160 ms late and more, past any stall of a quiet machine).
    const behind = late.map((l) => l - Math.min(...late)).sort((a, b) => a - b);
    expect(behind[Math.floor(rate * 0.9)], `${JSON.stringify(behind)}, longest stall ${stallMs} ms`).toBeLessThan(150 + stallMs);
    expect(r.sendLagMs!.p50).toBeLessThan(20 + stallMs);
    expect(r.latencyMs!.p50).toBeLessThanOrEqual(r.latencyMs!.p99);
    expect(r.series.points.reduce((s, p) => s + (p.statuses['200'] ?? 0), 0)).toBe(rate);
  });

  it('measures latency from the due instant: a slow answer is counted whole, and the schedule does not wait for it', async () => {
    stub = await startServer((_req, res) => setTimeout(() => json(res, 200, OK), 80));
    const r = await runLoad({ config: configFor(stub.url), rate: 50, seconds: 1, caps: CAPS });
    expect(r.requestsSent).toBe(50);
    expect(r.latencyMs!.p50).toBeGreaterThanOrEqual(80);
    // 80 ms answers at 50/s: about four in flight at once, on as many keep-alive connections.
    expect(r.connectionsUsed).toBeGreaterThanOrEqual(4);
    // One after the other they would take 4 s: a generous ceiling below that, for busy machines.
    expect(r.durationSeconds).toBeLessThan(3);
  });

  it('sends a mix by weight, each operation held to its own status (a refused status update is no error)', async () => {
    target = await limitedReference({ limit: 10_000, windowSeconds: 1 });
    const mix = buildMix(target.config, [
      ['report', 2],
      ['status-refused', 1],
    ]);
    const r = await runLoad({ config: target.config, mix, rate: 90, seconds: 1, caps: CAPS });
    expect(r.operation).toBe('mixed');
    expect(r.byOperation.report!.sent).toBe(60);
    expect(r.byOperation['status-refused']!.sent).toBe(30);
    expect(r.byOperation['status-refused']!.statusCounts).toEqual({ '400': 30 });
    expect(r.errors).toEqual({ count: 0, share: 0 });
    // The first answer of each status per operation is kept, token redacted.
    expect(r.evidence.samples.map((e) => e.response?.status).sort()).toEqual([200, 400]);
    expect(r.evidence.samples[0]!.request.headers['api-token']).toBe('***');
    expect(holdsToken(JSON.stringify(r))).toBe(false);
  });

  it('leaves customer creations out of a mix unless the config says writes: true', () => {
    const config = configFor('http://127.0.0.1:9', (c) => (c.writes = false));
    const mix = buildMix(config, [
      ['report', 3],
      ['customer-create', 1],
    ]);
    expect(mix.requests.map((q) => q.name)).toEqual(['report']);
    expect(mix.notes[0]).toMatch(/writes: false/);
  });
});

describe('the closed model', () => {
  it('drives N keep-alive connections on the wire sender and returns the same records', async () => {
    target = await limitedReference({ limit: 50, windowSeconds: 1 });
    const r = await runLoad({ config: target.config, connections: 4, seconds: 1, caps: { ...CAPS, maxRequests: 3000 } });
    expect(r).toMatchObject({ model: 'closed', connections: 4, pipelining: 1, sendLagMs: null, fiveXx: 0 });
    expect(r.requestsSent).toBeLessThanOrEqual(3000);
    expect(r.statusCounts['200']).toBeGreaterThanOrEqual(50);
    expect(r.statusCounts['429']).toBeGreaterThan(0);
    expect(r.answered).toBe(Object.values(r.statusCounts).reduce((a, b) => a + b, 0));
    expect(r.refusals).toEqual({ count: r.statusCounts['429'], withEnvelope: r.statusCounts['429'] });
    expect(r.evidence.refusals.length).toBeGreaterThan(0);
    expect(r.evidence.refusals[0]!.response?.status).toBe(429);
    expect(r.latencyMs!.p99).toBeGreaterThan(0);
    expect(loadFindings(r).findings).toEqual([]);
    expect(holdsToken(JSON.stringify(r))).toBe(false);
  });

  it('stops at the request cap and refuses more in flight than load.maxConcurrency', async () => {
    target = await limitedReference({ limit: 100_000, windowSeconds: 1 });
    const r = await runLoad({ config: target.config, connections: 2, pipelining: 2, seconds: 5, caps: { ...CAPS, maxRequests: 300 } });
    // the cap is taken per request: every request sent is answered.
    expect(r.answered).toBe(300);
    expect(r.requestsSent).toBe(300);
    expect(r.stoppedBy).toBe('max-requests');
    expect(r.durationSeconds).toBeLessThan(4);
    await expect(runLoad({ config: target.config, connections: 40, pipelining: 2, seconds: 1, caps: CAPS })).rejects.toThrow(
      /80 requests in flight is above the cap of 64/,
    );
  });
});
