// `report --artillery` on a declared Artillery 2 report (the shape `artillery run --output` writes,
// from one machine or merged from many): statuses judged per operation, requests without an answer,
// Artillery's percentiles kept as they are, offered against achieved per period, where 429s start,
// a ramp's knee, and the thresholds.
import { describe, expect, it } from 'vitest';
import type { ScenarioMeta } from '../../../load/artillery/meta.ts';
import { loadResultOfArtillery } from '../../../load/artillery/read.ts';
import { parseArtilleryReport } from '../../../load/artillery/report-json.ts';
import { parseThreshold } from '../../../load/scenarios/thresholds.ts';
import { loadHtml } from '../../../reports/render/html/load.ts';

const T0 = 1_795_723_910_000;

function summary(p50: number, p99: number, count: number) {
  return { min: 1, max: p99 * 2, count, mean: p50 + 1, p50, median: p50, p75: p50, p90: p99 / 2, p95: p99 / 1.5, p99, p999: p99 * 1.5 };
}

/** Three 10 s periods of a ramp 10 -> 20 -> 40/s: 429s from the second, slow and failing in the third. */
function period(k: number, o: { created: number; r200: number; r429: number; s400: number; s500: number; unanswered: number; p99: number }) {
  const answered = o.r200 + o.r429 + o.s400 + o.s500;
  const counters: Record<string, number> = {
    'vusers.created': o.created,
    'http.requests': answered + o.unanswered,
    'http.responses': answered,
    'http.codes.200': o.r200,
    'http.codes.400': o.s400,
    'plugins.metrics-by-endpoint.report.codes.200': o.r200,
    'plugins.metrics-by-endpoint.status-refused.codes.400': o.s400,
  };
  if (o.r429) ((counters['http.codes.429'] = o.r429), (counters['plugins.metrics-by-endpoint.report.codes.429'] = o.r429));
  if (o.s500) ((counters['http.codes.500'] = o.s500), (counters['plugins.metrics-by-endpoint.report.codes.500'] = o.s500));
  if (o.unanswered) counters['errors.ETIMEDOUT'] = o.unanswered;
  return {
    period: String(T0 + k * 10_000),
    counters,
    summaries: { 'http.response_time': summary(5, o.p99, answered) },
    firstCounterAt: T0 + k * 10_000,
    lastCounterAt: T0 + k * 10_000 + 9_999,
  };
}

const periods = [
  period(0, { created: 100, r200: 80, r429: 0, s400: 20, s500: 0, unanswered: 0, p99: 20 }),
  period(1, { created: 200, r200: 100, r429: 60, s400: 40, s500: 0, unanswered: 0, p99: 40 }),
  period(2, { created: 400, r200: 100, r429: 210, s400: 80, s500: 6, unanswered: 4, p99: 900 }),
];
const report = parseArtilleryReport({
  aggregate: {
    period: T0 + 20_000,
    counters: Object.fromEntries(
      [...new Set(periods.flatMap((p) => Object.keys(p.counters)))].map((k) => [k, periods.reduce((s, p) => s + (p.counters[k] ?? 0), 0)]),
    ),
    summaries: {
      'http.response_time': summary(6, 700, 1000),
      'plugins.metrics-by-endpoint.response_time.report': summary(7, 750, 800),
    },
    firstCounterAt: T0,
    lastCounterAt: T0 + 29_999,
  },
  intermediate: periods,
});

const meta: ScenarioMeta = {
  version: 1,
  target: { name: 'staging', baseUrl: 'https://erp.example' },
  scenario: 'ramp',
  rate: 40,
  seconds: 30,
  phases: [10, 20, 40].map((rate, i) => ({ name: `step ${i + 1} (${rate}/s)`, rate, seconds: 10 })),
  mix: [
    { name: 'report', weight: 4, expected: 200, writes: false, description: 'reads' },
    { name: 'status-refused', weight: 1, expected: 400, writes: false, description: 'refused' },
  ],
  thresholds: [],
  notes: [],
};

describe('report --artillery', () => {
  it("judges each status against its operation's own, keeps Artillery's percentiles and counts 429s apart", () => {
    const r = loadResultOfArtillery({ report, file: 'result.json', meta, thresholds: ['p99<800ms', 'errors<1%', '429<50%'].map(parseThreshold) });
    expect(r).toMatchObject({ model: 'open', scenario: 'ramp', operation: 'mixed', rate: 40, seconds: 30, requestsSent: 700, answered: 696, fiveXx: 6 });
    expect(r.statusCounts).toEqual({ '0': 4, '200': 280, '400': 140, '429': 270, '500': 6 });
    expect(r.refusals).toEqual({ count: 270, withEnvelope: 0 });
    // 400s of status-refused are its own status; the 5xx and the unanswered are the errors.
    expect(r.errors).toEqual({ count: 10, share: 0.01429 });
    expect(r.latencyMs).toEqual({ p50: 6, p90: 350, p95: 700 / 1.5, p99: 700, p999: 1050, max: 1400, mean: 7 });
    expect(r.byOperation.report!.latencyMs!.p99).toBe(750);
    expect(r.thresholds.map((t) => [t.threshold, t.actual, t.passed])).toEqual([
      ['p99<800ms', 700, true],
      ['errors<1%', 10 / 700, false],
      ['429<50%', 270 / 700, true],
    ]);
    expect(r.source).toEqual({ engine: 'artillery', file: 'result.json' });
    // The page says only what Artillery's report holds: no threads of the kit's, no stop of its caps.
    const page = loadHtml(r, { target: meta.target });
    expect(page).toContain('Read back from Artillery');
    expect(page).not.toMatch(/sending threads|stopped by/);
  });

  it('gives offered against achieved per period, where 429s start, and the knee of a ramp', () => {
    const r = loadResultOfArtillery({ report, file: 'result.json', meta, thresholds: [] });
    expect(r.phases.map((p) => [p.name, p.rate, p.sent, p.answered, p.refused])).toEqual([
      ['0-10 s', 10, 100, 100, 0],
      ['10-20 s', 20, 200, 200, 60],
      ['20-30 s', 40, 400, 396, 210],
    ]);
    expect(r.series.bucketSeconds).toBe(10);
    expect(r.series.points.map((p) => [p.t, p.statuses['429'] ?? 0, p.p99])).toEqual([
      [0, 0, 20],
      [10, 60, 40],
      [20, 210, 900],
    ]);
    expect(r.notes.find((n) => n.startsWith('429 share'))).toBe(
      '429 share 38.57% (270 of 700); 429s start in the period 10-20 s at an offered 20/s (30% of its requests)',
    );
    // The knee's defaults, p99<500ms and errors<1%: the third period crosses both.
    expect(r.knee).toEqual({ rate: 40, phase: '20-30 s', crossed: ['p99<500ms', 'errors<1%'] });
  });

  it('without the script: names from metrics-by-endpoint, each expected to answer 200 (status-refused 400)', () => {
    const r = loadResultOfArtillery({ report, file: 'result.json', meta: null, thresholds: [] });
    expect(r.mix.map((m) => [m.name, m.expected])).toEqual([
      ['report', 200],
      ['status-refused', 400],
    ]);
    expect(r.errors.count).toBe(10);
    expect(r.knee).toBeNull();
  });

  it('joins two entries of one period by their counts, leaving their latency out', () => {
    const twice = parseArtilleryReport({ aggregate: report.aggregate, intermediate: [...periods, periods[2]!] });
    const r = loadResultOfArtillery({ report: twice, file: 'result.json', meta, thresholds: [] });
    expect(r.phases.map((p) => p.sent)).toEqual([100, 200, 800]);
    expect(r.phases[2]!.latencyMs).toBeNull();
    expect(r.notes).toContain(
      '1 intermediate entries repeated a reporting period and were joined: their counts added, their latency left out (not recomputed)',
    );
  });

  it('refuses what is not the JSON of artillery run --output', () => {
    expect(() => parseArtilleryReport({ intermediate: [] })).toThrow(/not the JSON of artillery run --output: aggregate/);
  });
});
