// A suite worker that died under the run (out of memory, a signal, an exit): the certificate is
// not certified with a run error naming the cause, and every requirement whose tests had not
// finished is "not run" with that cause, never "no test of the selected suites verifies it".
import { describe, expect, it } from 'vitest';
import { certify } from '../../reports/certify.ts';
import { exitCodeOf } from '../../reports/verdict.ts';
import type { CollectedTest, WorkerCrash } from '../../reports/records/collected.ts';
import { joinParts } from '../../reports/records/parts.ts';
import { mergeRecords, RECORDS_FORMAT, runFacts, type RecordedFacts, type RunRecords } from '../../reports/records/records.ts';
import { ran, recordedFacts } from './certify-kit.ts';

const FACTS = recordedFacts(['envelope-auth', 'order-status', 'customer', 'report']);
const PAGING = 'suites/report/paging.test.ts';

/** A test the worker died under (or before it started): it left no record, only its name. */
/** A test the crash cut before it reported: no record, the ids it declared. */
const cut = (name: string, declared: string[], file = PAGING): CollectedTest => ({ name, file, state: 'pending', durationMs: 0, declared, errors: [] });

/** A run whose envelope test ended, and whose report tests the worker died under. */
function crashedRun(crash: WorkerCrash, more: Partial<RecordedFacts> = {}) {
  const tests = [
    ran(['ENV-1'], { evidence: { 'ENV-1': 2 } }),
    cut('Every page of the report walk holds at most limit items [RP-8, RP-9]', ['RP-8', 'RP-9']),
    cut('The walk meets totalCount [RP-19]', ['RP-19'], 'suites/report/walk.test.ts'),
  ];
  return certify({ tests, errors: [], crashes: [crash] }, runFacts({ ...FACTS, ...more }, null));
}

const OOM: WorkerCrash = { cause: 'out-of-memory', heapLimitMb: 256, running: [PAGING] };

describe('a run whose suite worker died', () => {
  it('is not certified (exit 1), its run error and its verdict naming the cause and the file', () => {
    const cert = crashedRun(OOM);
    expect([cert.verdict, exitCodeOf(cert.verdict)]).toEqual(['not-certified', 1]);
    expect(cert.errors).toEqual([
      expect.stringMatching(/^the suite worker ran out of memory \(heap limit 256 MB\) while running suites\/report\/paging\.test\.ts: /),
    ]);
    expect(cert.verdictReason).toMatch(
      /The suite worker ran out of memory \(heap limit 256 MB\) while running suites\/report\/paging\.test\.ts: \d+ MUST requirement\(s\) not run\./,
    );
  });

  it('leaves every requirement its tests had not finished not run with the cause, and keeps what ended', () => {
    const cert = crashedRun(OOM);
    const of = (id: string) => cert.requirements.find((r) => r.id === id)!;
    for (const id of ['RP-8', 'RP-9', 'RP-19']) {
      expect(of(id).status, id).toBe('not-run');
      expect(of(id).reason, id).toMatch(/^not run: the suite worker ran out of memory \(heap limit 256 MB\) while running suites\/report\/paging\.test\.ts/);
    }
    expect(of('ENV-1').status).toBe('passed');
    // No requirement of a selected suite is said to have no test: the tests exist, the worker died under them.
    expect(cert.requirements.filter((r) => /no test of the selected suites/.test(r.reason ?? ''))).toEqual([]);
    // The unselected suite keeps its own reason.
    expect(of('RL-1')).toMatchObject({ status: 'skipped', reason: expect.stringMatching(/--with-load/) });
  });

  it('names a signal with what it usually means, and an exit by its code', () => {
    const killed = crashedRun({ cause: 'signal', signal: 'SIGKILL', running: [PAGING, 'suites/customer/create.test.ts'] });
    expect(killed.errors[0]).toMatch(
      /^the suite worker was killed by SIGKILL \(sent from outside the run: .*\) while running suites\/report\/paging\.test\.ts, suites\/customer\/create\.test\.ts: /,
    );
    expect(crashedRun({ cause: 'signal', signal: 'SIGSEGV', running: [PAGING] }).errors[0]).toMatch(/killed by SIGSEGV \(a memory fault/);
    const exited = crashedRun({ cause: 'exit', code: 7, running: [PAGING] });
    expect(exited.errors[0]).toMatch(/^the suite worker exited with code 7 while running/);
    expect(exited.requirements.find((r) => r.id === 'RP-19')!.reason).toMatch(/exited with code 7/);
  });

  it('names no file where the worker had told no running test (it died between its tests)', () => {
    expect(crashedRun({ cause: 'exit', code: 1, running: [], declared: 40 }).errors[0]).toMatch(
      /^the suite worker exited with code 1 while running its tests: /,
    );
  });

  it('counts the files beyond the third instead of naming them', () => {
    const running = ['a', 'b', 'c', 'd', 'e'].map((x) => `suites/report/${x}.test.ts`);
    expect(crashedRun({ cause: 'exit', code: 1, running }).errors[0]).toMatch(/running suites\/report\/a\.test\.ts, .*c\.test\.ts and 2 more suite file\(s\):/);
  });

  it('dead before any test was declared: the selected suites are not run, not untested', () => {
    const cert = certify({ tests: [], errors: [], crashes: [{ cause: 'signal', signal: 'SIGKILL', running: [], declared: 0 }] }, runFacts(FACTS, null));
    expect(cert.verdict).toBe('not-certified');
    const rp1 = cert.requirements.find((r) => r.id === 'RP-1')!;
    expect(rp1).toMatchObject({
      status: 'not-run',
      reason: expect.stringMatching(/killed by SIGKILL .* while it loaded the suites, before any test was declared/),
    });
    expect(cert.summary.MUST.passed).toBe(0);
    expect(cert.requirements.filter((r) => /no test of the selected suites/.test(r.reason ?? ''))).toEqual([]);
  });

  it('is an interrupted run when the run was interrupted: a worker the signal ended is no crash', () => {
    const cert = crashedRun({ cause: 'exit', code: 130, running: [PAGING] }, { stoppedBy: 'interrupted' });
    expect(cert.verdict).toBe('interrupted');
    expect(cert.errors).toEqual([]);
    expect(cert.requirements.find((r) => r.id === 'RP-8')).toMatchObject({ status: 'not-run', reason: expect.stringMatching(/interrupted/) });
  });
});

describe('the records of a run whose worker died', () => {
  const records = (crashes: WorkerCrash[], shard: RunRecords['shard'] = null): RunRecords => ({
    format: RECORDS_FORMAT,
    shard,
    facts: FACTS,
    collected: {
      tests: [ran(['ENV-1'], { evidence: { 'ENV-1': 2 } }), cut('The walk meets totalCount [RP-19]', ['RP-19'])],
      errors: [],
      ...(crashes.length ? { crashes } : {}),
    },
  });

  it('keep the crash when shards are merged: one shard that died is a crash of the run', () => {
    const merged = mergeRecords([
      { dir: 'shard-1', records: records([], { index: 1, count: 2 }) },
      { dir: 'shard-2', records: records([OOM], { index: 2, count: 2 }) },
    ]);
    const cert = certify(merged.collected, runFacts(merged.facts, null));
    expect([cert.verdict, cert.errors.length]).toEqual(['not-certified', 1]);
    expect(cert.requirements.find((r) => r.id === 'RP-19')!.reason).toMatch(/ran out of memory/);
  });

  it('keep the crash of an earlier part when a run is resumed, as its other run errors', () => {
    const joined = joinParts(records([OOM]), records([]), () => false, { index: 2, startedAt: FACTS.startedAt, durationMs: 1, requests: 0 });
    expect(joined.collected.crashes).toEqual([OOM]);
    expect(certify(joined.collected, runFacts(joined.facts, null)).verdict).toBe('not-certified');
  });
});
