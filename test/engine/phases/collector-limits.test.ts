// The run's reporter and vitest's timeout of a conformance test: an error the test marked as the
// kit's time limit (KIT_LIMIT, runtime/time-limit.ts) is no crash, so the test's requirements are
// "not run" with its record's reason; an error without the mark stays a crash, whatever its message.
import { describe, expect, it } from 'vitest';
import type { TestCase } from 'vitest/node';
import { emptyRecord, type TestRecord } from '../../../core/record.ts';
import { CollectorReporter } from '../../../engine/phases/collector.ts';
import { certify } from '../../../reports/certify.ts';
import { runFacts } from '../../../reports/records/records.ts';
import { KIT_LIMIT } from '../../../runtime/protocol.ts';
import { vitestLimitReason } from '../../../runtime/time-limit.ts';
import { recordedFacts } from '../../reports/certify-kit.ts';

const TIMEOUT =
  'Test timed out in 300000ms.\nIf this is a long-running test, pass a timeout value as the last argument or configure it globally with "testTimeout".';

/** A customer test of CU-1 and CU-6 that vitest reported failed with `error`, its record `record`. */
function timedOut(error: Record<string, unknown>, record: TestRecord): TestCase {
  return {
    id: 'a',
    name: 'A customer is created [CU-1, CU-6]',
    parent: { type: 'suite', name: 'suites/customer/create.test.ts', parent: { type: 'module' } },
    module: { moduleId: '/kit/runtime/side-by-side.test.ts' },
    result: () => ({ state: 'failed', errors: [error] }),
    meta: () => ({ suiteFile: 'suites/customer/create.test.ts', erp: record }),
    diagnostic: () => ({ duration: 300_000 }),
  } as unknown as TestCase;
}

function verdicts(test: TestCase) {
  const c = new CollectorReporter('/kit');
  c.onTestCaseResult(test);
  const cert = certify(c.final(), runFacts(recordedFacts(['customer']), null));
  return { collected: c.final().tests[0]!, of: (id: string) => cert.requirements.find((r) => r.id === id)! };
}

describe("the collector, when vitest's timeout ended a conformance test", () => {
  it("takes the marked timeout for the kit's limit: no crash, its requirements not run with the reason", () => {
    const reason = vitestLimitReason(300_000);
    const record = { ...emptyRecord(['CU-1', 'CU-6']), notRun: reason, timeLimitMs: 285_000, evidence: { 'CU-1': 2 } };
    const { collected, of } = verdicts(timedOut({ name: 'Error', message: TIMEOUT, [KIT_LIMIT]: 'time-limit' }, record));
    expect(collected.errors).toEqual([]);
    for (const id of ['CU-1', 'CU-6']) expect(of(id), id).toMatchObject({ status: 'not-run', reason });
  });

  it('keeps an unmarked error a crash, even one worded as a timeout (recognised by the mark, never by the message)', () => {
    const { collected, of } = verdicts(timedOut({ name: 'Error', message: TIMEOUT }, emptyRecord(['CU-1', 'CU-6'])));
    expect(collected.errors).toEqual([TIMEOUT]);
    expect(of('CU-1')).toMatchObject({ status: 'failed', reason: TIMEOUT });
  });
});
