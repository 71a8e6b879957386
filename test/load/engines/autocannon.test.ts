// The closed model sent by autocannon (`load --engine autocannon`): the same result as the wire
// engine's (the same fields, the requests counted and answered), the same caps (the request cap
// exact, requests in flight, the seconds), the same stops (a 5xx burst, a dead target), the same
// findings; the flag checked before anything is sent; and the real CLI on the embedded reference,
// both engines, their load.json alike. Loopback, bounded in requests and seconds.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCommand } from '../../../bin/commands/load.ts';
import { parseLoadFlags } from '../../../bin/cli/load-flags.ts';
import { loadFindings } from '../../../load/checks.ts';
import { runLoad, type LoadResult } from '../../../load/load.ts';
import { buildMix } from '../../../load/scenarios/mix.ts';
import { startServer, type TestServer } from '../../support/stub-server.ts';
import { cli } from '../../e2e/cli/spawn.ts';
import { configFor, holdsToken, limitedReference, type Limited, expectStoppedBy5xxBurst } from '../../support/reference.ts';
import { WHOLE_FILE } from '../../tiers.ts';
import { closeAfterEach } from '../../support/close-after-each.ts';

const CAPS = { maxRequests: 5000, maxSeconds: 30, maxConcurrency: 64 };
let target: Limited | undefined;
let stub: TestServer | undefined;
closeAfterEach(() => [target?.server, stub]);

/** Every key path of a value (array items as [], the series' points and evidence lists by their first). */
function shape(v: unknown, at = ''): string[] {
  if (Array.isArray(v)) return v.length ? shape(v[0], `${at}[]`) : [`${at}[]`];
  if (v === null || typeof v !== 'object') return [at];
  // Records keyed by status or operation: their keys are data, not shape.
  if (/(statusCounts|statuses|byOperation)$/.test(at)) return [`${at}{}`];
  return Object.entries(v as Record<string, unknown>).flatMap(([k, x]) => shape(x, at ? `${at}.${k}` : k));
}

describe('the closed model on autocannon', () => {
  it('sends exactly the request cap, each answered, in the same result as the wire engine', async () => {
    target = await limitedReference({ limit: 100_000, windowSeconds: 1 });
    const mix = buildMix(target.config, [
      ['report', 3],
      ['status-refused', 1],
    ]);
    const run = (engine: 'wire' | 'autocannon') =>
      runLoad({ config: target!.config, mix, connections: 2, pipelining: 2, seconds: 10, caps: { ...CAPS, maxRequests: 300 }, engine });
    const wire = await run('wire');
    const ac = await run('autocannon');
    for (const r of [wire, ac]) {
      expect(r).toMatchObject({ model: 'closed', connections: 2, pipelining: 2, requestsSent: 300, answered: 300, stoppedBy: 'max-requests', fiveXx: 0 });
      expect(r.errors.count).toBe(0);
      expect(r.byOperation['report']!.statusCounts).toEqual({ '200': r.byOperation['report']!.sent });
      expect(r.byOperation['status-refused']!.statusCounts).toEqual({ '400': r.byOperation['status-refused']!.sent });
      // The mix's shares: a quarter, each connection cycling through the mix.
      expect(r.byOperation['status-refused']!.sent).toBeGreaterThanOrEqual(70);
      expect(r.byOperation['status-refused']!.sent).toBeLessThanOrEqual(80);
      expect(r.series.points.reduce((s, p) => s + (p.statuses['200'] ?? 0) + (p.statuses['400'] ?? 0), 0)).toBe(300);
      expect(r.evidence.samples.map((x) => x.response?.status).sort()).toEqual([200, 400]);
      expect(r.latencyMs!.p50).toBeGreaterThan(0);
      expect(loadFindings(r).findings).toEqual([]);
      expect(holdsToken(JSON.stringify(r))).toBe(false);
    }
    expect(wire.engine).toBeUndefined();
    expect(ac.engine).toBe('autocannon');
    expect(ac.notes.at(-1)).toMatch(/^sent by autocannon/);
    const { engine: _, ...same } = ac;
    expect(shape(same).sort()).toEqual(shape(wire).sort());
  });

  it('counts 429s and their envelopes, and keeps the refusals as evidence', async () => {
    target = await limitedReference({ limit: 50, windowSeconds: 1 });
    const r = await runLoad({ config: target.config, connections: 4, seconds: 1, caps: { ...CAPS, maxRequests: 3000 }, engine: 'autocannon' });
    expect(r.requestsSent).toBeLessThanOrEqual(3000);
    expect(r.statusCounts['200']).toBeGreaterThanOrEqual(50);
    expect(r.statusCounts['429']).toBeGreaterThan(0);
    expect(r.answered).toBe(Object.values(r.statusCounts).reduce((a, b) => a + b, 0));
    expect(r.refusals).toEqual({ count: r.statusCounts['429'], withEnvelope: r.statusCounts['429'] });
    expect(r.evidence.refusals[0]!.response?.status).toBe(429);
    expect(r.evidence.refusals[0]!.response?.headers['retry-after']).toBeDefined();
    expect(loadFindings(r).findings).toEqual([]);
    expect(holdsToken(JSON.stringify(r))).toBe(false);
  });

  it('stops at the first burst of 5xx and files them under RL-5', async () => {
    target = await limitedReference({ limit: 10, windowSeconds: 2, algorithm: 'fixed' }, ['rl-503']);
    const r = await runLoad({ config: target.config, connections: 2, seconds: 5, caps: { ...CAPS, maxRequests: 1000 }, engine: 'autocannon' });
    expectStoppedBy5xxBurst(r, 100);
  });

  it('stops at a dead target, each request recorded unanswered with its cause', async () => {
    stub = await startServer((_req, res) => res.end());
    const url = stub.url;
    await stub.close();
    stub = undefined;
    const r = await runLoad({ config: configFor(url), connections: 2, seconds: 10, caps: { ...CAPS, maxRequests: 1000 }, engine: 'autocannon' });
    expect(r.stoppedBy).toBe('no-answers');
    expect(r.answered).toBe(0);
    expect(r.requestsSent).toBeGreaterThanOrEqual(200);
    expect(r.statusCounts['0']).toBe(r.requestsSent);
    expect(r.evidence.failures[0]!.failure?.kind).toBe('connection-refused');
    expect(new Set(loadFindings(r).findings.map((f) => f.requirementId))).toEqual(new Set(['RL-1']));
  });

  it('records a request the target never answers as a timeout, every request sent counted', async () => {
    stub = await startServer(() => {});
    const config = configFor(stub.url, (c) => (c.target.timeoutMs = 1000));
    const r = await runLoad({ config, connections: 2, seconds: 2, caps: { ...CAPS, maxRequests: 100 }, engine: 'autocannon' });
    expect(r.answered).toBe(0);
    expect(r.requestsSent).toBeGreaterThanOrEqual(2);
    expect(r.statusCounts).toEqual({ '0': r.requestsSent });
    expect(r.evidence.failures.map((x) => x.failure?.kind)).toContain('timeout');
  });

  it('refuses more in flight than load.maxConcurrency, and the open model', async () => {
    const config = configFor('http://127.0.0.1:9');
    await expect(runLoad({ config, connections: 40, pipelining: 2, seconds: 1, caps: CAPS, engine: 'autocannon' })).rejects.toThrow(
      /80 requests in flight is above the cap of 64/,
    );
    await expect(runLoad({ config, rate: 10, seconds: 1, caps: CAPS, engine: 'autocannon' })).rejects.toThrow(/closed model/);
  });
});

describe('load --engine', WHOLE_FILE, () => {
  it('takes wire (the default) or autocannon, with the closed model and one thread, before anything is sent', async () => {
    const base = { connections: '2', seconds: '1' };
    expect((await parseLoadFlags(loadCommand, base)).engine).toBe('wire');
    expect(await parseLoadFlags(loadCommand, { ...base, engine: 'autocannon' })).toMatchObject({ engine: 'autocannon', workers: 1 });
    await expect(parseLoadFlags(loadCommand, { ...base, engine: 'autocanon' })).rejects.toThrow(
      /--engine must be one of wire, autocannon.*did you mean autocannon/,
    );
    await expect(parseLoadFlags(loadCommand, { rate: '5', seconds: '1', engine: 'autocannon' })).rejects.toThrow(/goes with --connections/);
    await expect(parseLoadFlags(loadCommand, { ...base, engine: 'autocannon', workers: '2' })).rejects.toThrow(/one thread/);
    expect(loadCommand.usage).toMatch(/--engine NAME +closed model: wire \(default/);
  });

  it('runs the real CLI on the embedded reference with either engine: the same load.json', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'erp-load-engine-'));
    const runs: Record<string, LoadResult> = {};
    for (const [engine, extra] of [
      ['autocannon', []],
      ['wire', ['--workers', '1']],
    ] as const) {
      const out = join(dir, engine);
      const r = await cli(['load', '--engine', engine, '--connections', '2', '--seconds', '5', '--max-requests', '60', '--quiet', '--out', out, ...extra], {
        cwd: dir,
        timeoutMs: 90_000,
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^load on .*: 2 connections x 1 for 5 s/m);
      runs[engine] = JSON.parse(readFileSync(join(out, 'load.json'), 'utf8')) as LoadResult;
      expect(runs[engine]).toMatchObject({ model: 'closed', requestsSent: 60, answered: 60, stoppedBy: 'max-requests', fiveXx: 0, workers: 1 });
    }
    expect(runs['autocannon']!.engine).toBe('autocannon');
    expect(runs['wire']!.engine).toBeUndefined();
    const { engine: _, ...same } = runs['autocannon']!;
    expect(shape(same).sort()).toEqual(shape(runs['wire']).sort());
  }, 120_000);
});
