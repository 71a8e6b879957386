// The kit's own limits are never the target's failure: a test its time limit stopped leaves its
// requirements "not run" with the reason, and the run is not failed for it; a finding it made about
// what the target answered before the stop still fails that requirement, and only that one.
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../core/exit-codes.ts';
import { certify } from '../../reports/certify.ts';
import { exitCodeOf } from '../../reports/verdict.ts';
import type { CollectedTest } from '../../reports/records/collected.ts';
import { runFacts } from '../../reports/records/records.ts';
import { ownLimitReason } from '../../runtime/time-limit.ts';
import { ran, recordedFacts } from './certify-kit.ts';

const FACTS = recordedFacts(['customer']);
const LIMIT = ownLimitReason(285_000);

/** The customer tests: one that ended with evidence, and one of CU-1 and CU-6 that the kit's time limit stopped. */
function run(stopped: CollectedTest) {
  const tests = [ran(['CU-4'], { evidence: { 'CU-4': 2 } }), stopped];
  return certify({ tests, errors: [] }, runFacts(FACTS, null));
}

const of = (cert: ReturnType<typeof certify>, id: string) => cert.requirements.find((r) => r.id === id)!;
const finding = {
  checkId: 'customer.created',
  requirementId: 'CU-1',
  title: 'the customer was not created',
  received: 'HTTP 200 status false',
  expected: 'status true',
};

describe("a test the kit's time limit stopped", () => {
  it('leaves its requirements not run with the reason, never failed, and the run not failed for it', () => {
    const cert = run(ran(['CU-1', 'CU-6'], { notRun: LIMIT, timeLimitMs: 285_000, evidence: { 'CU-1': 3 } }, 'skipped'));
    for (const id of ['CU-1', 'CU-6']) expect(of(cert, id), id).toMatchObject({ status: 'not-run', reason: LIMIT });
    expect(of(cert, 'CU-4').status).toBe('passed');
    expect(cert.summary.MUST.failed).toBe(0);
    expect([cert.verdict, exitCodeOf(cert.verdict)]).toEqual(['inconclusive', EXIT.inconclusive]);
    expect(cert.verdictReason).toMatch(/^No MUST failed, but \d+ were inconclusive and 2 not run/);
  });

  it('still fails a requirement on a finding about what the target answered before the stop, and only that one', () => {
    const cert = run(
      ran(['CU-1', 'CU-6'], { notRun: LIMIT, timeLimitMs: 285_000, findings: [finding], findingCounts: { 'CU-1': 1 }, evidence: { 'CU-1': 3 } }, 'failed'),
    );
    expect(of(cert, 'CU-1')).toMatchObject({ status: 'failed', findingCount: 1, findings: [finding] });
    expect(of(cert, 'CU-6')).toMatchObject({ status: 'not-run', reason: LIMIT });
    expect(cert.verdict).toBe('not-certified');
    expect(cert.verdictReason).toMatch(/^1 MUST requirement\(s\) failed\./);
  });
});
