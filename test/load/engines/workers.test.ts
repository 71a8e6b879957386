// `load --workers N`: the same run on two worker threads as on this one - the same requests, each
// operation as often, every answer in the merged histograms once (the overall, per-operation,
// per-phase and sender-lag histograms and the series), the open model's global schedule split by
// arrival index (two phases of odd counts), the closed model's request cap split exactly.
// Loopback, bounded by counts: nothing here depends on how fast the machine is.
import { describe, expect, it } from 'vitest';
import { runClosed } from '../../../load/engines/closed.ts';
import { runOpen, type OpenRun } from '../../../load/engines/open.ts';
import { runClosedWorkers, runOpenWorkers, shareOf } from '../../../load/engines/workers.ts';
import type { EngineRun } from '../../../load/engines/closed.ts';
import { buildMix } from '../../../load/scenarios/mix.ts';
import { runLoad } from '../../../load/load.ts';
import { json, startServer, type TestServer } from '../../support/stub-server.ts';
import { configFor, holdsToken, limitedReference, type Limited } from '../../support/reference.ts';
import { itWhole } from '../../tiers.ts';
import { closeAfterEach } from '../../support/close-after-each.ts';

const CAPS = { maxRequests: 5000, maxSeconds: 60, maxConcurrency: 64 };
const OK = { status: true, message: 'ok', code: '200', response: { totalCount: 0, items: [] } };
let target: Limited | undefined;
let stub: TestServer | undefined;
closeAfterEach(() => [target?.server, stub]);

/** What must not depend on the number of workers. */
function totals(r: EngineRun) {
  const rec = r.recorder;
  return {
    requestsSent: r.requestsSent,
    answered: rec.answered,
    statusCounts: rec.statusCounts,
    latencyCount: rec.latency.totalCount,
    byOperation: rec.byOperation.map((o) => ({ sent: o.sent, statusCounts: o.statusCounts, latencyCount: o.latency.totalCount })),
    seriesAnswers: rec.series.reduce((s, p) => s + Object.values(p.statuses).reduce((a, b) => a + b, 0), 0),
    seriesPoints: rec.series.every((p, i) => i === 0 || p.t > rec.series[i - 1]!.t),
    errors: rec.errors,
  };
}

const openTotals = (r: OpenRun) => ({
  ...totals(r),
  lagCount: r.lag.totalCount,
  dropped: r.dropped,
  phases: r.phases.map((p) => ({ scheduled: p.scheduled, sent: p.sent, answered: p.answered, latencyCount: p.latency.totalCount })),
});

describe('load on worker threads', () => {
  it('splits N into shares that add up to N', () => {
    for (const [n, of] of [
      [301, 2],
      [5, 3],
      [64, 2],
      [1, 2],
    ] as const)
      expect(Array.from({ length: of }, (_, i) => shareOf(n, i, of)).reduce((a, b) => a + b, 0)).toBe(n);
  });

  itWhole('open model: two workers send the whole schedule once, each operation as often as one worker, all of it in the merged histograms', async () => {
    target = await limitedReference({ limit: 100_000, windowSeconds: 1 });
    const mix = buildMix(target.config, [
      ['report', 2],
      ['status-refused', 1],
    ]);
    const phases = [
      { name: 'a', rate: 75, seconds: 1 },
      { name: 'b', rate: 51, seconds: 1 },
    ];
    const one = await runOpen({ config: target.config, mix, phases, caps: CAPS });
    const two = await runOpenWorkers({ config: target.config, mix, phases, caps: CAPS, workers: 2 });
    const expected = {
      requestsSent: 126,
      answered: 126,
      latencyCount: 126,
      seriesAnswers: 126,
      seriesPoints: true,
      errors: 0,
      lagCount: 126,
      dropped: 0,
      byOperation: [
        { sent: 84, statusCounts: { '200': 84 }, latencyCount: 84 },
        { sent: 42, statusCounts: { '400': 42 }, latencyCount: 42 },
      ],
      statusCounts: { '200': 84, '400': 42 },
      phases: [
        { scheduled: 75, sent: 75, answered: 75, latencyCount: 75 },
        { scheduled: 51, sent: 51, answered: 51, latencyCount: 51 },
      ],
    };
    expect(openTotals(one)).toEqual(expected);
    expect(openTotals(two)).toEqual(expected);
    expect(two.stoppedBy).toBeNull();
    // The merged evidence keeps the first answer of each status per operation once, token redacted.
    expect(two.recorder.evidence.samples.map((e) => e.response?.status).sort()).toEqual([200, 400]);
    expect(holdsToken(JSON.stringify(two.recorder.evidence))).toBe(false);
  });

  it('open model: no request leaves before its planned instant on either worker, each arrives once', async () => {
    const arrivals: number[] = [];
    stub = await startServer((_req, res) => {
      arrivals.push(performance.timeOrigin + performance.now());
      json(res, 200, OK);
    });
    const rate = 100;
    const calledAt = performance.timeOrigin + performance.now();
    const r = await runLoad({ config: configFor(stub.url), rate, seconds: 1, caps: CAPS, workers: 2 });
    expect(r).toMatchObject({ workers: 2, requestsSent: rate, answered: rate, skippedAtConcurrencyCap: 0, statusCounts: { '200': rate } });
    expect(arrivals).toHaveLength(rate);
    // Request g is due at start + g/R (start after the call) and the k-th arrival can be no earlier
    // than the k-th due instant: a worker that ran ahead of the one schedule would show here.
    const early = [...arrivals].sort((a, b) => a - b).map((t, k) => t - calledAt - (k * 1000) / rate);
    expect(Math.min(...early), JSON.stringify(early)).toBeGreaterThanOrEqual(0);
  });

  itWhole('closed model: two workers share the request cap exactly as one worker reaches it', async () => {
    target = await limitedReference({ limit: 100_000, windowSeconds: 1 });
    const mix = buildMix(target.config, [['report', 1]]);
    const caps = { ...CAPS, maxRequests: 301 };
    const o = { config: target.config, mix, connections: 3, pipelining: 1, seconds: 60, caps };
    const one = await runClosed(o);
    const two = await runClosedWorkers({ ...o, workers: 2 });
    const expected = {
      requestsSent: 301,
      answered: 301,
      latencyCount: 301,
      seriesAnswers: 301,
      seriesPoints: true,
      errors: 0,
      byOperation: [{ sent: 301, statusCounts: { '200': 301 }, latencyCount: 301 }],
      statusCounts: { '200': 301 },
    };
    expect(totals(one)).toEqual(expected);
    expect(totals(two)).toEqual(expected);
    expect([one.stoppedBy, two.stoppedBy]).toEqual(['max-requests', 'max-requests']);
  });
});
