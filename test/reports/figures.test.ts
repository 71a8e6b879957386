// The run's figures are computed once (reports/figures.ts): from what the worker counted, added up
// over the parts of a resumed run and the shards of a sharded one, or else from the tests' records;
// the certificate's requests are the figures' requests.
import { describe, expect, it } from 'vitest';
import { emptyRecord, type TestRecord } from '../../core/record.ts';
import { certify } from '../../reports/certify.ts';
import { recordsFigures, runFigures, sumFigures, workerFigures, type Figures } from '../../reports/figures.ts';
import type { CollectedTest } from '../../reports/records/collected.ts';
import { joinParts, partsOf } from '../../reports/records/parts.ts';
import { RECORDS_FORMAT, mergeRecords, runFacts, type RunRecords } from '../../reports/records/records.ts';
import { sampleCollected, sampleFacts } from './sample.ts';

const record = (rateLimited: TestRecord['rateLimited'], requests = 10): TestRecord => ({ ...emptyRecord(['ENV-1']), requests, rateLimited });
const F = (requests: number, waitedOut: number, stillRefused: number, waitedMs: number): Figures => ({
  requests,
  answers429: waitedOut + stillRefused,
  waitedOut,
  stillRefused,
  waitedMs,
});

describe('the run figures', () => {
  it("are the worker's counters: the 429s met split into waited out and still refused", () => {
    expect(workerFigures({ requests: 120, responses429: 7, retries429: 5, refused429: 2, waitedMs: 8500 })).toEqual(F(120, 5, 2, 8500));
    // A worker that told no split: the 429s not waited out were answered to the tests.
    expect(workerFigures({ requests: 10, responses429: 3, waitedMs: 0 })).toEqual(F(10, 0, 3, 0));
  });

  it('add up over parts', () => {
    expect(sumFigures([F(100, 4, 1, 1000), F(50, 1, 0, 500)])).toEqual(F(150, 5, 1, 1500));
    expect(sumFigures([])).toEqual(F(0, 0, 0, 0));
  });

  it("without the worker's count, come from the tests' records, their waits summed over the requests", () => {
    const f = recordsFigures([record({ exchanges: 2, retries: 3, waitedMs: 700, refused: 1 }), undefined, record({ exchanges: 0, retries: 0, waitedMs: 0 })]);
    expect(f).toEqual({ ...F(20, 3, 1, 700), waited: 'summed over the requests' });
    expect(runFigures({ ...F(99, 1, 0, 10), waited: 'wall time' }, [record({ exchanges: 1, retries: 9, waitedMs: 9 })]).requests).toBe(99);
  });

  it("are the certificate's, and its requests are theirs", () => {
    const counted = { ...F(61, 6, 1, 4200), waited: 'wall time' as const };
    const c = certify(sampleCollected(), runFacts({ ...sampleFacts(), figures: counted }, null));
    expect(c.figures).toEqual(counted);
    expect(c.requests).toBe(61);
    // Records of an older run: the tests' records (58 requests, 6 retries of 250 ms).
    const old = certify(sampleCollected(), runFacts(sampleFacts(), null));
    expect(old.figures).toEqual({ ...F(58, 6, 0, 1500), waited: 'summed over the requests' });
    expect(old.requests).toBe(58);
  });
});

const test = (name: string): CollectedTest => ({ name, file: 'suites/x.test.ts', state: 'passed', durationMs: 1, errors: [], record: emptyRecord(['ENV-1']) });
const run = (figures: Figures, extra: Partial<RunRecords> = {}): RunRecords => ({
  format: RECORDS_FORMAT,
  shard: null,
  facts: {
    ...sampleFacts(),
    preflight: undefined,
    pacing: '4 requests in flight; none needed',
    figures: { ...figures, waited: 'wall time' },
    stoppedBy: 'budget',
  },
  collected: { tests: [test('a [ENV-1]')], errors: [] },
  ...extra,
});

describe('the figures of a run in parts and of shards', () => {
  it("of a resumed run are its parts' added up, each part keeping its own, its pacing said as the last part's", () => {
    const first = run(F(100, 4, 1, 3000));
    expect(partsOf(first)[0]!.figures).toEqual(F(100, 4, 1, 3000));
    const second = run(F(40, 0, 0, 0));
    const joined = joinParts(first, second, () => true, { index: 2, startedAt: first.facts.startedAt, durationMs: 5, requests: 40, figures: F(40, 0, 0, 0) });
    expect(joined.facts.figures).toEqual({ ...F(140, 4, 1, 3000), waited: 'wall time' });
    expect(joined.parts!.map((p) => p.figures)).toEqual([F(100, 4, 1, 3000), F(40, 0, 0, 0)]);
    expect(joined.facts.pacing).toBe('part 2: 4 requests in flight; none needed');
    // A part that counted nothing (an older worker): the run falls back on the records.
    const { figures: _f, ...withoutFigures } = joined.parts![1]!;
    const third = joinParts(joined, second, () => true, { ...withoutFigures, index: 3 });
    expect(third.facts.figures).toBeUndefined();
  });

  it('of shards add up, their wall times said to be summed over the shards', () => {
    const shard = (index: number, f: Figures) => ({ dir: `/tmp/s${index}`, records: run(f, { shard: { index, count: 2 } }) });
    const merged = mergeRecords([shard(1, F(10, 1, 0, 100)), shard(2, F(20, 2, 1, 200))]);
    expect(merged.facts.figures).toEqual({ ...F(30, 3, 1, 300), waited: 'wall time, summed over the shards' });
  });
});
