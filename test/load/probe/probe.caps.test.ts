// The probe's hard caps: it never sends more than maxRequests, and it stops by maxSeconds even
// when the target is slow or the limiter's window is longer than the cap (bounds with slack, not
// speeds).
import { describe, expect, it } from 'vitest';
import { probeFindings } from '../../../load/checks.ts';
import { probeRateLimit } from '../../../load/probe/probe.ts';
import { startServer, type TestServer } from '../../support/stub-server.ts';
import { configFor, limitedReference, type Limited } from '../../support/reference.ts';
import { closeAfterEach } from '../../support/close-after-each.ts';

const OK = JSON.stringify({ status: true, message: 'ok', code: '200', response: { totalCount: 0, items: [] } });
let target: Limited | undefined;
let stub: TestServer | undefined;
closeAfterEach(() => [target?.server, stub]);

describe('the probe caps', () => {
  it('sends no more than maxRequests to a target that never limits, and says no limit was found within the caps', async () => {
    stub = await startServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(OK));
    const r = await probeRateLimit({ config: configFor(stub.url), operation: 'report', maxRequests: 30, maxSeconds: 60 });
    expect(stub.seen).toHaveLength(30);
    expect(r).toMatchObject({ limited: false, requestsSent: 30, stoppedBy: 'max-requests', statusCounts: { 200: 30 }, limit: null });
    expect(r.notes.join('\n')).toMatch(/no rate limit found within the caps/);
    expect(probeFindings(r).findings).toEqual([]);
  });

  it('sends no more than maxRequests to a limiter whose measurement needs more', async () => {
    target = await limitedReference({ limit: 20, windowSeconds: 2, algorithm: 'fixed' });
    const r = await probeRateLimit({ config: target.config, operation: 'report', maxRequests: 30, maxSeconds: 60 });
    expect(r.requestsSent).toBeLessThanOrEqual(30);
    expect(r.timeline.length).toBe(r.requestsSent);
    expect(r.stoppedBy).toBe('max-requests');
    expect(r.limited).toBe(true);
  });

  it('stops by maxSeconds when the window is longer than the cap', async () => {
    target = await limitedReference({ limit: 20, windowSeconds: 30, algorithm: 'sliding' });
    const started = performance.now();
    const r = await probeRateLimit({ config: target.config, operation: 'report', maxRequests: 2000, maxSeconds: 3 });
    const wall = (performance.now() - started) / 1000;
    expect(r.stoppedBy).toBe('max-seconds');
    // The cap, give or take a busy machine's timer lag: far from the 30 s window it would otherwise wait.
    expect(r.durationSeconds).toBeLessThanOrEqual(3 + 2);
    expect(wall).toBeLessThan(3 + 5);
    expect(r).toMatchObject({ limited: true, limit: 20 });
  });

  it('stops by maxSeconds while a slow target has not answered, without blaming the target for the cut request', async () => {
    const pending = new Set<() => void>();
    stub = await startServer((_req, res) => {
      const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end(OK);
      pending.add(answer);
      setTimeout(() => pending.delete(answer) && answer(), 8000).unref();
    });
    const started = performance.now();
    const r = await probeRateLimit({ config: configFor(stub.url), operation: 'report', maxRequests: 100, maxSeconds: 2 });
    const wall = (performance.now() - started) / 1000;
    // Answered once: out of the set, so that its 8 s timer does not answer again (the worker
    // outlives this file: isolate: false in vitest.config.ts).
    for (const answer of pending) pending.delete(answer) && answer();
    expect(r.stoppedBy).toBe('max-seconds');
    expect(r.requestsSent).toBe(1);
    expect(wall).toBeLessThan(2 + 5);
    expect(r.evidence.failures).toEqual([]);
    expect(probeFindings(r).findings).toEqual([]);
  });
});
