// The workers' histograms merge exactly: the sum of encoded parts reads the same count, mean and
// percentiles as one histogram that recorded every value; counts and the series add up.
import { describe, expect, it } from 'vitest';
import { histogram, Recorder } from '../../../load/engines/kept-requests.ts';
import { encodeHistogram, mergeHistograms, mergeRecorders, recorderPart } from '../../../load/engines/merge.ts';
import { configFor } from '../../support/reference.ts';
import { buildMix } from '../../../load/scenarios/mix.ts';

describe('merging worker parts', () => {
  it('adds histograms exactly, not from their percentiles', () => {
    const all = histogram();
    const parts = [histogram(), histogram(), histogram()];
    // A skewed spread of microsecond latencies, one part far slower than the others.
    for (let i = 1; i <= 30_000; i++) {
      const v = i % 3 === 2 ? 50_000 + ((i * 7919) % 900_000) : 100 + ((i * 104_729) % 5_000);
      all.recordValue(v);
      parts[i % 3]!.recordValue(v);
    }
    const merged = mergeHistograms(parts.map(encodeHistogram));
    expect(merged.totalCount).toBe(all.totalCount);
    for (const p of [50, 90, 99, 99.9, 100]) expect(merged.getValueAtPercentile(p)).toBe(all.getValueAtPercentile(p));
    expect(merged.mean).toBe(all.mean);
  });

  it('adds counts per status and per operation, and the series bucket by bucket', () => {
    const config = configFor('http://127.0.0.1:9');
    const mix = buildMix(config, [['report', 1]]);
    const make = (values: Array<[number, number]>) => {
      const r = new Recorder(mix.requests, config.target, 100, true);
      for (const [at, micros] of values) r.record(0, 200, micros, at);
      r.record(0, 429, 10, 250);
      r.finish();
      return recorderPart(r);
    };
    const merged = mergeRecorders(mix.requests, config.target, [
      make([
        [10, 1000],
        [150, 2000],
      ]),
      make([
        [20, 3000],
        [30, 4000],
      ]),
    ]);
    expect(merged.answered).toBe(6);
    expect(merged.statusCounts).toEqual({ '200': 4, '429': 2 });
    expect(merged.byOperation[0]!.latency.totalCount).toBe(6);
    expect(merged.series.map((p) => [p.t, p.statuses])).toEqual([
      [0, { '200': 3 }],
      [0.1, { '200': 1 }],
      [0.2, { '429': 2 }],
    ]);
    // The first bucket's p99 is that of 1, 3 and 4 ms together: the slowest of them.
    expect(merged.series[0]!.max).toBeCloseTo(4, 1);
  });
});
