// What the certify and scope tests build their runs from: the facts of a run and a test that ran
// with a record, so that each test states only what differs.
import { emptyRecord, type TestRecord } from '../../core/record.ts';
import type { CollectedTest } from '../../reports/records/collected.ts';
import type { RecordedFacts } from '../../reports/records/records.ts';
import type { SuiteName } from '../../core/types.ts';

/** The facts of a run of `suites` against Acme. */
export function recordedFacts(suites: SuiteName[], more: Partial<RecordedFacts> = {}): RecordedFacts {
  return {
    target: { name: 'Acme', baseUrl: 'http://erp.test' },
    suiteVersion: '0.1.0',
    startedAt: '2026-05-01T10:00:00.000Z',
    durationMs: 1000,
    seed: 1,
    numRuns: 10,
    suites,
    selection: null,
    withLoad: false,
    ...more,
  };
}

/** A test of `ids` that ran (two requests, both answered) with `record` laid over its empty record. */
export const ran = (ids: string[], record: Partial<TestRecord> = {}, state: CollectedTest['state'] = 'passed', errors: string[] = []): CollectedTest => ({
  name: `t ${ids.join(',')}`,
  file: 'suites/x.test.ts',
  state,
  durationMs: 1,
  errors,
  record: { ...emptyRecord(ids), requests: 2, answered: 2, ...record },
});
