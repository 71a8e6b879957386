// Thresholds decide the exit code of `load` (0 pass, 1 crossed, 2 usage); the scenarios stay
// inside the caps (refused before sending when planned above them, stopped at them otherwise);
// the ramp stops at its knee. In-process commands, loopback targets, about a second each.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCommand } from '../../bin/commands/load.ts';
import { runLoad } from '../../load/load.ts';
import { createProgress } from '../../load/scenarios/progress.ts';
import { phasesOf } from '../../load/scenarios/phases.ts';
import { evaluate, parseThreshold } from '../../load/scenarios/thresholds.ts';
import { json, startServer, type TestServer } from '../support/stub-server.ts';
import { commandOutput, configFile as configFileIn, configFor, holdsToken } from '../support/reference.ts';
import { closeAfterEach } from '../support/close-after-each.ts';

const dir = mkdtempSync(join(tmpdir(), 'erp-load-thresholds-'));
const OK = { status: true, message: 'ok', code: '200', response: { totalCount: 0, items: [] } };
let stub: TestServer | undefined;
closeAfterEach(() => [stub]);

const load = (args: string[]) => commandOutput(loadCommand, args);
const configFile = (baseUrl: string) => configFileIn(dir, baseUrl);

describe('thresholds', () => {
  it('parse the k6 forms and compare in their units', () => {
    expect(parseThreshold('p99<500ms')).toMatchObject({ metric: 'p99', op: '<', value: 500 });
    expect(parseThreshold('p(95) <= 1.5s')).toMatchObject({ metric: 'p95', op: '<=', value: 1500 });
    expect(parseThreshold('errors<0.1%')).toMatchObject({ metric: 'errors', value: 0.001 });
    expect(parseThreshold('5xx<0.01')).toMatchObject({ metric: '5xx', value: 0.01 });
    expect(parseThreshold('rps>=1000')).toMatchObject({ metric: 'rps', op: '>=', value: 1000 });
    for (const bad of ['p99', 'p99<5%', 'errors<5ms', 'latency<5', 'errors<150%']) expect(() => parseThreshold(bad), bad).toThrow();
    const m = { latencyMs: { p50: 1, p90: 2, p95: 3, p99: 4, 'p99.9': 5, max: 6, mean: 1.5 }, errors: 0.002, '5xx': 0, '429': 0.5, dropped: 0, rps: 900 };
    expect(evaluate(['p99<5ms', 'p99<4ms', 'errors<0.1%', 'rps>=900', '429<=50%'].map(parseThreshold), m).map((t) => t.passed)).toEqual([
      true,
      false,
      false,
      true,
      true,
    ]);
    expect(evaluate([parseThreshold('p99<5ms')], { ...m, latencyMs: null })[0]).toMatchObject({ actual: null, passed: false });
  });

  it('decide the exit code of load: 0 when all hold, 1 when one is crossed, 2 for a bad one', async () => {
    stub = await startServer((_req, res) => json(res, 200, OK));
    const base = ['--config', configFile(stub.url), '--rate', '20', '--seconds', '0.5', '--quiet'];
    const pass = await load([...base, '--out', join(dir, 'pass'), '--threshold', 'p99<5s', '--threshold', 'errors<1%']);
    expect(pass.code, pass.stdout + pass.stderr).toBe(0);
    const crossed = await load([...base, '--out', join(dir, 'crossed'), '--threshold', 'p99<5s', '--threshold', 'rps>=100000']);
    expect(crossed.code).toBe(1);
    expect(crossed.stdout).toMatch(/thresholds crossed: rps>=100000/);
    const file = JSON.parse(readFileSync(join(dir, 'crossed', 'load.json'), 'utf8'));
    expect(file.thresholds.map((t: { passed: boolean }) => t.passed)).toEqual([true, false]);
    const html = readFileSync(join(dir, 'crossed', 'load.html'), 'utf8');
    expect(html).toMatch(/<svg[^>]+class="load-plot"[^>]+data-answers="10"/);
    expect(html).not.toMatch(/<script/i);
    expect(holdsToken(html + JSON.stringify(file))).toBe(false);
    await expect(load([...base, '--threshold', 'p99 under 5'])).rejects.toThrow(/expected METRIC<VALUE/);
    await expect(load([...base, '--connections', '2'])).rejects.toThrow(/exclude each other/);
  });
});

describe('scenarios and caps', () => {
  it('lays out ramp, spike and soak as phases of one schedule', () => {
    expect(phasesOf({ scenario: 'ramp', rate: 100, seconds: 4, steps: 4, from: 10 }).map((p) => [p.rate, p.seconds])).toEqual([
      [10, 1],
      [40, 1],
      [70, 1],
      [100, 1],
    ]);
    expect(phasesOf({ scenario: 'spike', rate: 10, seconds: 10 }).map((p) => [p.name, p.rate, p.seconds])).toEqual([
      ['before', 10, 4],
      ['spike', 50, 2],
      ['after', 10, 4],
    ]);
    expect(phasesOf({ scenario: 'soak', rate: 10, seconds: 8 })).toHaveLength(4);
  });

  it('refuses a scenario planned above the caps before sending anything (exit 2)', async () => {
    stub = await startServer((_req, res) => json(res, 200, OK));
    const file = configFile(stub.url);
    const spike = await load(['--config', file, '--rate', '150', '--seconds', '10', '--scenario', 'spike', '--quiet']);
    expect(spike.code).toBe(2);
    expect(spike.stderr).toMatch(/the spike scenario's 2700 requests is above the cap of 2000/);
    const conns = await load(['--config', file, '--connections', '65', '--seconds', '1', '--quiet']);
    expect(conns.code).toBe(2);
    expect(conns.stderr).toMatch(/65 requests in flight is above the cap of 64/);
    expect(stub.seen).toHaveLength(0);
  });

  it('stops a soak at the request cap', async () => {
    stub = await startServer((_req, res) => json(res, 200, OK));
    const r = await runLoad({
      config: configFor(stub.url),
      rate: 100,
      seconds: 2,
      scenario: 'soak',
      caps: { maxRequests: 70, maxSeconds: 10, maxConcurrency: 8 },
    });
    expect(r.requestsSent).toBe(70);
    expect(r.stoppedBy).toBe('max-requests');
    expect(stub.seen).toHaveLength(70);
  });

  it('ramps up to the knee: the first step whose error share crosses its threshold, and stops there', async () => {
    // Answers 404 (not the report's status: an error) from the 21st request on.
    stub = await startServer((_req, res, _body, n) => json(res, n > 20 ? 404 : 200, OK));
    const r = await runLoad({
      config: configFor(stub.url),
      rate: 100,
      seconds: 1,
      scenario: 'ramp',
      steps: 4,
      from: 20,
      thresholds: [parseThreshold('errors<1%')],
      caps: { maxRequests: 1000, maxSeconds: 10, maxConcurrency: 16 },
    });
    // Steps of 0.25 s at 20, 46.67, 73.33, 100/s: 5, 11, 18 and 25 requests; the 21st is in the third.
    expect(r.phases.map((p) => p.sent)).toEqual([5, 11, 18, 0]);
    expect(r.knee).toEqual({ rate: 73.33, phase: 'step 3 (73.33/s)', crossed: ['errors<1%'] });
    expect(r.stoppedBy).toBe('knee');
    expect(r.phases[1]!.crossed).toEqual([]);
  });

  it('draws a progress line on a terminal, and nothing with --quiet', () => {
    let text = '';
    const tty = { isTTY: true, write: (s: string) => ((text += s), true) } as unknown as NodeJS.WriteStream;
    const p = createProgress(tty, 10)!;
    const rec = { statusCounts: { '200': 5 }, answered: 5, latency: { totalCount: 5, getValueAtPercentile: () => 2000 } };
    p.tick(rec as never, 1000);
    p.done();
    expect(text).toMatch(/^\r1\.0\/10 s {2}5 answers \(5\/s\) p99 2\.0 ms {2}200:5\x1b\[K\n$/);
    expect(createProgress(tty, 10, true)).toBeUndefined();
  });
});
