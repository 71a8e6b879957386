import { describe, expect, it } from 'vitest';
import { requirements } from '../../../contract/requirements.ts';
import { certify } from '../../../reports/certify.ts';
import type { CollectedTest } from '../../../reports/records/collected.ts';
import { mergeRecords, parseShard, RECORDS_FORMAT, runFacts, type RecordedFacts, type RunRecords, type Shard } from '../../../reports/records/records.ts';
import { emptyRecord, type TestRecord } from '../../../core/record.ts';
import { sampleCollected } from '../sample.ts';

const FACTS: RecordedFacts = {
  target: { name: 'Acme staging', baseUrl: 'http://erp.test' },
  suiteVersion: '0.1.0',
  startedAt: '2026-05-01T10:00:00.000Z',
  durationMs: 10_000,
  seed: 42,
  numRuns: 10,
  suites: ['envelope-auth', 'order-status', 'customer', 'report'],
  selection: null,
  withLoad: false,
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
    expect(() => mergeRecords(shards([{}, { seed: 7 }]))).toThrow(
      /^shard-2 and shard-1 differ in seed \(7 and \d+\): not shards of the same run; run every shard with the same --config/,
    );
    expect(() => mergeRecords(shards([{}, { target: { name: 'Acme staging', baseUrl: 'http://other.test' } }]))).toThrow(/differ in target.baseUrl/);
    const three = { ...two!, records: { ...two!.records, shard: { index: 2, count: 3 } as Shard } };
    expect(() => mergeRecords([one!, three])).toThrow('not the same split');
    const unsharded = { dir: 'whole', records: { ...one!.records, shard: null } };
    expect(() => mergeRecords([one!, unsharded])).toThrow('whole holds an unsharded run');
    expect(mergeRecords([unsharded])).toBe(unsharded.records);
  });

  it('recomputes the verdict over the whole catalogue: each shard alone passes its selection, the merge is certified only when every test of a requirement saw evidence', () => {
    // Every MUST a test verifies passes on evidence, in one shard or the other (RP-1 in both).
    const musts = requirements.filter((r) => r.level === 'MUST' && !r.notTested).map((r) => r.id);
    const half = Math.ceil(musts.length / 2);
    const passing = (name: string, ids: string[], record: Partial<TestRecord> = {}): CollectedTest => ({
      name,
      file: `suites/${name}.test.ts`,
      state: 'passed',
      durationMs: 1,
      errors: [],
      record: { ...emptyRecord(ids), evidence: Object.fromEntries(ids.map((id) => [id, 2])), requests: 10, exchanges: 10, answered: 10, ...record },
    });
    const list = [
      [
        passing('first', musts.slice(0, half)),
        passing('rp-a', ['RP-1'], { evidence: {}, inconclusive: { 'RP-1': ['no transaction on page 2'] }, requests: 3 }),
      ],
      [passing('second', musts.slice(half)), passing('rp-b', ['RP-1'], { evidence: { 'RP-1': 5 }, requests: 4 })],
    ].map((tests, i) => ({
      dir: `shard-${i + 1}`,
      records: {
        format: RECORDS_FORMAT,
        shard: { index: i + 1, count: 2 },
        facts: { ...FACTS, pacing: '4 requests in flight', preflight: { problems: [], notes: ['range holds 3 pages', `note of shard ${i + 1}`], requests: 5 } },
        collected: { tests, errors: [] },
      } as RunRecords,
    }));
    const alone = list.map(({ records }) => certify(records.collected, runFacts(records.facts, records.shard)));
    expect(alone.map((c) => c.verdict)).toEqual(['inconclusive', 'selection-passed']); // shard 1's RP-1 test saw no transaction
    expect(alone[1]!.verdictReason).toMatch(/^Every MUST of shard 2\/2 passed \(\d+\); the rest of the catalogue did not run, so this is no certificate/);
    const first = list[0]!.records;
    const withoutRp = certify({ ...first.collected, tests: first.collected.tests.slice(0, 1) }, runFacts(first.facts, first.shard));
    expect(withoutRp.verdict).toBe('selection-passed');
    const merged = mergeRecords(list);
    const cert = certify(merged.collected, runFacts(merged.facts, merged.shard));
    // Shard 1's RP-1 test saw nothing: RP-1 is partly verified, so the merge is not certified.
    expect(cert.verdict).toBe('inconclusive');
    const rp1 = cert.requirements.find((r) => r.id === 'RP-1')!;
    expect([rp1.status, rp1.evidence, rp1.requests]).toEqual(['inconclusive', 2 + 5, 10 + 3 + 4]); // three tests verify it
    expect(rp1.reason).toBe('partly verified: 1 of its 3 tests saw nothing it applies to: no transaction on page 2');
    // With evidence in every test that verifies it, the merged run is certified.
    const seen = list.map(({ dir, records }) => ({
      dir,
      records: {
        ...records,
        collected: {
          ...records.collected,
          tests: records.collected.tests.map((t) => ({
            ...t,
            record: { ...t.record!, evidence: { ...t.record!.evidence, 'RP-1': t.record!.evidence['RP-1'] ?? 1 } },
          })),
        },
      },
    }));
    const all = mergeRecords(seen);
    expect(certify(all.collected, runFacts(all.facts, all.shard)).verdict).toBe('certified');
    expect(merged.facts.preflight).toEqual({ problems: [], notes: ['range holds 3 pages', 'note of shard 1', 'note of shard 2'], requests: 10 });
    expect(merged.facts.pacing).toBe('4 requests in flight');
  });

  it("carries a shard's stop, preflight problems, findings counts and reasons into the merged certificate", () => {
    const [one, two] = shards([
      { stoppedBy: 'budget', pacing: '4 requests in flight' },
      {
        stoppedBy: 'interrupted',
        pacing: '8 requests in flight',
        preflight: { problems: [{ key: 'fixtures.report', problem: 'empty' }], notes: [], requests: 2 },
      },
    ]);
    const merged = mergeRecords([one!, two!]);
    expect(merged.facts.stoppedBy).toBe('interrupted');
    expect(merged.facts.pacing).toBe('shard 1: 4 requests in flight; shard 2: 8 requests in flight');
    expect(merged.facts.preflight).toEqual({ problems: [{ key: 'fixtures.report', problem: 'empty' }], notes: [], requests: 2 });
    const cert = certify(merged.collected, runFacts(merged.facts, null));
    expect(cert.verdict).toBe('preflight-failed');
    expect(cert.stoppedBy).toBe('interrupted');
    const byId = (id: string) => cert.requirements.find((r) => r.id === id)!;
    expect([byId('OS-4').status, byId('OS-4').findingCount]).toEqual(['failed', 3]);
    expect([byId('RP-1').status, byId('AUTH-1').status, byId('CU-12').status]).toEqual(['inconclusive', 'not-run', 'observed']);
    expect(byId('RP-1').reason).toBe('the report range held no transactions: see fixtures.report');
  });

  it('reads --shard as I/N with 1 <= I <= N', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    for (const bad of ['0/2', '3/2', '1/0', '1', 'a/b', '1/2/3', '-1/2']) expect(parseShard(bad)).toBeUndefined();
  });
});
