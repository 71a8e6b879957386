// No vacuous verdicts: a report range that holds no transaction (a fixture mistake any user can
// make) verifies nothing that needs transactions. The report suites run against the reference with
// fixtures.report moved to a range before its data (and without the preflight, which would stop
// such a run with exit 2): every requirement that needs transactions is inconclusive with the
// reason, none of them passes, and the run is not certified. The whole set's (test/tiers.ts); the
// gate proves the reason (test/suites/report/query.test.ts) and the verdict (test/reports/certify.test.ts).
import { describe, expect, it } from 'vitest';
import { requirements } from '../../../contract/requirements.ts';
import { WHOLE_FILE } from '../../tiers.ts';
import { runAgainstReference } from './run-reference.ts';

/** The report requirements that say something only about transactions (or pages of them). */
const NEED_TRANSACTIONS = [
  'RP-1',
  'RP-2',
  'RP-3',
  'RP-3b',
  'RP-4',
  'RP-5',
  'RP-6',
  'RP-8',
  'RP-9',
  'RP-9b',
  'RP-10',
  'RP-11',
  'RP-13',
  'RP-17',
  'RP-18',
  'RP-19',
  'RP-19b',
  'RP-19c',
  'RP-20',
  'RP-21',
  'RP-22',
  'RP-23',
  'RP-24',
  'RP-25',
  'RP-26',
];
/** These hold of an empty answer too: its shape, refusals of malformed requests. */
const HOLD_WITHOUT = ['RP-7', 'RP-12'];
/** Observed of an empty answer too: what any filter text is answered (INFO). */
const OBSERVED_WITHOUT = ['RP-16'];

describe('a report run over a range without transactions', WHOLE_FILE, () => {
  it('leaves every report requirement that needs transactions inconclusive, with the reason, and is not certified', async () => {
    const r = await runAgainstReference({
      numRuns: 5,
      only: ['RP'],
      preflight: false,
      patch: (c) => ({ ...c, fixtures: { ...c.fixtures, report: { ...c.fixtures.report, dateFrom: '2025-06-01T00:00:00Z', dateTo: '2025-06-30T23:59:59Z' } } }),
    });
    const byId = new Map(r.certification.requirements.map((x) => [x.id, x]));
    // Every report requirement is one or the other (a new one must be placed in a list).
    expect([...NEED_TRANSACTIONS, ...HOLD_WITHOUT, ...OBSERVED_WITHOUT, 'RP-14', 'RP-15'].sort()).toEqual(
      requirements
        .filter((q) => q.suite === 'report')
        .map((q) => q.id)
        .sort(),
    );
    for (const id of NEED_TRANSACTIONS) {
      const q = byId.get(id)!;
      expect(q.status, id).toBe('inconclusive');
      expect(q.evidence, id).toBe(0);
      expect(q.reason, id).toMatch(
        /the report range 2025-06-01T00:00:00Z \.\. 2025-06-30T23:59:59Z over branches \S+ held no transactions: see fixtures\.report/,
      );
    }
    for (const id of HOLD_WITHOUT) expect(byId.get(id)!.status, id).toBe('passed');
    for (const id of OBSERVED_WITHOUT) expect(byId.get(id)!.status, id).toBe('observed');
    expect(r.certification.requirements.filter((x) => x.status === 'failed').map((x) => x.id)).toEqual([]);
    expect(r.certification.verdict).toBe('inconclusive');
    expect(r.exitCode).toBe(3);
  }, 120_000);
});
