import { describe, expect, it } from 'vitest';
import { certify } from '../../reports/certification.ts';
import { mergeRecords, parseShard, RECORDS_FORMAT, runFacts, type RecordedFacts, type RunRecords, type Shard } from '../../reports/records.ts';
import { sampleCollected } from './sample.ts';

const FACTS: RecordedFacts = {
  target: { name: 'Acme staging', baseUrl: 'http://erp.test' }, suiteVersion: '0.1.0', startedAt: '2026-05-01T10:00:00.000Z',
  durationMs: 10_000, seed: 42, numRuns: 10, suites: ['envelope-auth', 'order-status', 'customer', 'report'], selection: null, withLoad: false,
};

/** The sample's tests split in two shards: the first two tests in shard 1, the others in shard 2. */
function shards(f: Partial<RecordedFacts>[] = [{}, {}]): { dir: string; records: RunRecords }[] {
  const all = sampleCollected().tests;
  return [all.slice(0, 2), all.slice(2)].map((tests, i) => ({
    dir: `shard-${i + 1}`,
    records: { format: RECORDS_FORMAT, shard: { index: i + 1, count: 2 }, facts: { ...FACTS, ...f[i] }, collected: { tests, errors: [] } },
  }));
}

describe('merging the records of shards', () => {
  it('certifies the joined records exactly like the records of one unsharded run', () => {
    const merged = mergeRecords(shards([{}, { startedAt: '2026-05-01T10:00:05.000Z', durationMs: 8000 }]));
    const whole = certify(sampleCollected(), runFacts(FACTS, null));
    const joined = certify(merged.collected, runFacts(merged.facts, merged.shard));
    expect(joined.verdict).toBe(whole.verdict);
    expect(joined.requirements.map((r) => [r.id, r.status, r.reason])).toEqual(whole.requirements.map((r) => [r.id, r.status, r.reason]));
    expect(joined.shard).toBeUndefined();
    // From the first start to the last end.
    expect([merged.facts.startedAt, merged.facts.durationMs]).toEqual(['2026-05-01T10:00:00.000Z', 13_000]);
  });

  it('marks the certificate of one shard partial, and says which requirements other shards verify', () => {
    const [one] = shards();
    const partial = certify(one!.records.collected, runFacts(FACTS, one!.records.shard));
    expect(partial.shard).toBe('1/2');
    expect(partial.requirements.find((r) => r.id === 'ST-2')!.reason).toMatch(/^no test of shard 1\/2 verifies it \(merge the shards/);
    expect(partial.requirements.find((r) => r.id === 'OS-4')!.status).toBe('failed');
  });

  it('refuses a missing shard, a shard given twice, and shards of different runs', () => {
    const [one, two] = shards();
    expect(() => mergeRecords([one!])).toThrow('shard(s) 2/2 missing');
    expect(() => mergeRecords([one!, { ...one!, dir: 'copy' }])).toThrow('shard 1/2 is given twice (shard-1 and copy)');
    expect(() => mergeRecords(shards([{}, { seed: 7 }]))).toThrow('shard-2 and shard-1 differ in seed: not shards of the same run');
    expect(() => mergeRecords(shards([{}, { target: { name: 'Acme staging', baseUrl: 'http://other.test' } }]))).toThrow(/differ in target.baseUrl/);
    const three = { ...two!, records: { ...two!.records, shard: { index: 2, count: 3 } as Shard } };
    expect(() => mergeRecords([one!, three])).toThrow('not the same split');
    const unsharded = { dir: 'whole', records: { ...one!.records, shard: null } };
    expect(() => mergeRecords([one!, unsharded])).toThrow('whole holds an unsharded run');
    expect(mergeRecords([unsharded])).toBe(unsharded.records);
  });

  it('reads --shard as I/N with 1 <= I <= N', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    for (const bad of ['0/2', '3/2', '1/0', '1', 'a/b', '1/2/3', '-1/2']) expect(parseShard(bad)).toBeUndefined();
  });
});
