// No verdict without evidence: how certify turns test records into requirement verdicts, and the
// summary into the run's verdict and exit code.
import { describe, expect, it } from 'vitest';
import { requirements } from '../../contract/requirements.ts';
import type { RunVerdict } from '../../core/types.ts';
import { certify } from '../../reports/certify.ts';
import { emptySummary, exitCodeOf, runVerdict } from '../../reports/verdict.ts';
import type { CollectedTest } from '../../reports/records/collected.ts';
import { runFacts, type RecordedFacts } from '../../reports/records/records.ts';
import { ran, recordedFacts } from './certify-kit.ts';

const FACTS = recordedFacts(['envelope-auth', 'order-status', 'customer', 'report']);

function verdictOf(id: string, tests: CollectedTest[], facts: Partial<RecordedFacts> = {}) {
  return certify({ tests, errors: [] }, runFacts({ ...FACTS, ...facts }, null)).requirements.find((r) => r.id === id)!;
}

describe('a requirement verdict', () => {
  it("passes only on evidence; without any it is inconclusive with the test's reason, or a default one", () => {
    expect(verdictOf('ENV-1', [ran(['ENV-1'], { evidence: { 'ENV-1': 3 } })]).status).toBe('passed');
    const none = verdictOf('RP-1', [ran(['RP-1'])]);
    expect([none.status, none.reason]).toEqual(['inconclusive', 'its tests ran, but their checks saw no exchange or item it applies to']);
    const why = verdictOf('RP-1', [ran(['RP-1'], { inconclusive: { 'RP-1': ['the report range held no transactions: see fixtures.report'] } })]);
    expect([why.status, why.reason]).toEqual(['inconclusive', 'the report range held no transactions: see fixtures.report']);
  });

  it("fails a MUST or SHOULD on a finding or a crash; an INFO requirement's findings make it observed", () => {
    const finding = { checkId: 'c', requirementId: 'OS-4', title: 't', received: 'm', expected: 'e' };
    expect(verdictOf('OS-4', [ran(['OS-4'], { findings: [finding], findingCounts: { 'OS-4': 4 } }, 'failed')])).toMatchObject({
      status: 'failed',
      findingCount: 4,
    });
    expect(verdictOf('OS-4', [ran(['OS-4'], { evidence: { 'OS-4': 1 } }, 'failed', ['TypeError: boom'])])).toMatchObject({
      status: 'failed',
      reason: 'TypeError: boom',
    });
    expect(verdictOf('CU-12', [ran(['CU-12'], { findings: [{ ...finding, requirementId: 'CU-12' }] })]).status).toBe('observed');
    expect(verdictOf('ST-2', [ran(['ST-2'], { evidence: { 'ST-2': 1 } })]).status).toBe('observed');
  });

  it('is not-run when its test was stopped, or the run stopped before it; skipped with the reason otherwise', () => {
    expect(verdictOf('AUTH-1', [ran(['AUTH-1'], { notRun: 'budget spent' }, 'skipped')])).toMatchObject({ status: 'not-run', reason: 'budget spent' });
    expect(verdictOf('AUTH-1', [], { stoppedBy: 'budget' })).toMatchObject({ status: 'not-run', reason: expect.stringMatching(/run budget/) });
    // A test the plan gave no requests that the stopped run never reached: the plan's reason, not the stop's,
    // whichever came first on this machine; a test the plan did give its requests: the stop's.
    const unplanned = 'not run by the plan (run --plan): report: its 59 requests at 50/6s come after the 81 ...';
    const never = (testId: string, ids: string[]): CollectedTest => ({
      name: testId,
      file: 'suites/report/x.test.ts',
      state: 'pending',
      durationMs: 0,
      errors: [],
      declared: ids,
      declaredTestId: testId,
    });
    const stopped = { stoppedBy: 'budget' as const, notPlanned: { 'rp-19b': unplanned } };
    expect(verdictOf('RP-19b', [never('rp-19b', ['RP-19b'])], stopped)).toMatchObject({ status: 'not-run', reason: unplanned });
    expect(verdictOf('RP-1', [never('rp-1', ['RP-1'])], stopped)).toMatchObject({ status: 'not-run', reason: expect.stringMatching(/run budget/) });
    expect(verdictOf('CU-8', [ran(['CU-8'], { skipReason: 'no readBack in the config' }, 'skipped')])).toMatchObject({
      status: 'skipped',
      reason: 'no readBack in the config',
    });
    expect(verdictOf('RL-1', [])).toMatchObject({ status: 'skipped', reason: 'rate limits are measured by the probe: run with --with-load' });
    expect(verdictOf('ENV-1', [], { preflight: { problems: [{ key: 'target.baseUrl', problem: 'refused' }], notes: [], requests: 1 } }).status).toBe('not-run');
  });

  it('is inconclusive, finding or not, when the target answered none of the requests the run sent', () => {
    const finding = { checkId: 'c', requirementId: 'CU-4', title: 'no response', received: 'm', expected: 'e' };
    const silent = [
      ran(['CU-4'], { findings: [finding], evidence: { 'CU-4': 1 }, answered: 0, firstFailure: 'connection-reset: other side closed' }, 'failed'),
      ran(['ENV-1'], { evidence: { 'ENV-1': 1 }, answered: 0 }),
    ];
    expect(verdictOf('CU-4', silent)).toMatchObject({
      status: 'inconclusive',
      reason: expect.stringMatching(/answered none of the 4 requests .*connection-reset/),
    });
    expect(verdictOf('ENV-1', silent).status).toBe('inconclusive');
    const run = certify({ tests: silent, errors: [] }, runFacts(FACTS, null));
    expect([run.verdict, run.verdictReason]).toEqual(['inconclusive', expect.stringMatching(/^No verdict: the target answered none of the 4 requests/)]);
    // One answer anywhere in the run: the dropped request is the target's failure on that input.
    expect(verdictOf('CU-4', [silent[0]!, ran(['ENV-1'], { evidence: { 'ENV-1': 1 }, answered: 1 })]).status).toBe('failed');
  });

  it('counts the requests of every test that verifies it', () => {
    expect(
      verdictOf('OS-3', [ran(['OS-3'], { evidence: { 'OS-3': 1 }, requests: 7 }), ran(['OS-3', 'ST-1'], { evidence: { 'OS-3': 1 }, requests: 5 })]).requests,
    ).toBe(12);
  });
});

describe('the run verdict', () => {
  const summary = (must: Partial<Record<'passed' | 'failed' | 'inconclusive' | 'not-run', number>>) => {
    const s = emptySummary();
    Object.assign(s.MUST, { passed: 10, ...must });
    return s;
  };
  const plain = { selection: null };

  it('names each verdict with a reason, in order of precedence', () => {
    const cases: [RunVerdict, ReturnType<typeof runVerdict>][] = [
      ['certified', runVerdict(summary({}), [], plain)],
      ['selection-passed', runVerdict(summary({}), [], { selection: ['OS'] })],
      ['selection-passed', runVerdict(summary({}), [], { selection: null, shard: { index: 1, count: 2 } })],
      ['not-certified', runVerdict(summary({ failed: 1, inconclusive: 2 }), [], plain)],
      ['not-certified', runVerdict(summary({}), ['suites/x.test.ts: crash'], plain)],
      ['inconclusive', runVerdict(summary({ inconclusive: 1 }), [], { selection: ['OS'] })],
      ['inconclusive', runVerdict(summary({ 'not-run': 1 }), [], plain)],
      ['interrupted', runVerdict(summary({ failed: 1 }), [], { ...plain, stoppedBy: 'interrupted' })],
      [
        'preflight-failed',
        runVerdict(summary({}), [], {
          ...plain,
          stoppedBy: 'interrupted',
          preflight: { problems: [{ key: 'fixtures.report', problem: 'empty' }], notes: [], requests: 3 },
        }),
      ],
    ];
    for (const [expected, got] of cases) {
      expect(got.verdict).toBe(expected);
      expect(got.reason.length).toBeGreaterThan(20);
    }
    expect(cases[5]![1].reason).toBe('No MUST failed, but 1 were inconclusive and 0 not run: the target is neither certified nor failed (see each reason).');
    expect(cases[8]![1].reason).toMatch(/first fixtures\.report\.$/);
  });

  it('gives each verdict its exit code', () => {
    expect(
      (['certified', 'selection-passed', 'not-certified', 'preflight-failed', 'inconclusive', 'interrupted'] as RunVerdict[]).map((v) => exitCodeOf(v)),
    ).toEqual([0, 0, 1, 2, 3, 130]);
    expect(exitCodeOf('interrupted', 'SIGTERM')).toBe(143);
  });

  it('certifies no run in which a MUST of the catalogue saw no evidence', () => {
    const musts = requirements.filter((r) => r.level === 'MUST' && !r.notTested && r.suite !== 'rate-limit').map((r) => r.id);
    const all = certify({ tests: [ran(musts, { evidence: Object.fromEntries(musts.map((id) => [id, 1])) })], errors: [] }, runFacts(FACTS, null));
    expect(all.verdict).toBe('certified');
    const oneShort = certify({ tests: [ran(musts, { evidence: Object.fromEntries(musts.slice(1).map((id) => [id, 1])) })], errors: [] }, runFacts(FACTS, null));
    expect([oneShort.verdict, oneShort.summary.MUST.inconclusive]).toEqual(['inconclusive', 1]);
  });
});

describe('a requirement made of parts', () => {
  const parts = (p: Record<string, { judged: number; why?: string; outOfScope?: boolean }>) => ({ evidence: { 'AUTH-11': 3 }, parts: { 'AUTH-11': p } });

  it('lists its parts; one the config allows left unjudged makes it inconclusive with that part named, never passed', () => {
    const open = verdictOf('AUTH-11', [
      ran(['AUTH-11'], parts({ 'Order Create': { judged: 3 }, 'order status update': { judged: 0, why: 'no voucher free' } })),
    ]);
    expect(open.status).toBe('inconclusive');
    expect(open.reason).toBe('partly verified: 1 of its 2 parts judged nothing: order status update: no voucher free');
    expect(open.parts).toEqual([
      { name: 'Order Create', judged: 3 },
      { name: 'order status update', judged: 0, why: 'no voucher free' },
    ]);
  });

  it('passes when every part judged something or the config gives it nothing; parts of two tests add up', () => {
    const scoped = verdictOf('AUTH-11', [ran(['AUTH-11'], parts({ a: { judged: 3 }, b: { judged: 0, why: 'not configured', outOfScope: true } }))]);
    expect(scoped.status).toBe('passed');
    const two = verdictOf('AUTH-11', [ran(['AUTH-11'], parts({ a: { judged: 0, why: 'busy' } })), ran(['AUTH-11'], parts({ a: { judged: 2 } }))]);
    expect([two.status, two.parts]).toEqual(['passed', [{ name: 'a', judged: 2 }]]);
  });
});
