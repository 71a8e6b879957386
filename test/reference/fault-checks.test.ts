// Every fault of reference/faults.ts is proven at the check level: its probe's exchanges
// (run-probes.ts) judged by the suites' own checks (check-kit.ts, fault-judges*.ts) fail exactly
// the ids the fault breaks, but for those only a whole conformance run shows (WHOLE_RUN_ONLY, each
// with its reason); the clean reference fails none. As in the fault matrix, only the ids of the
// prefixes the fault breaks are counted (a matrix run runs those suites alone). One reference per fault.
import { beforeAll, describe, expect, it } from 'vitest';
import { prefixOf } from '../../contract/requirements.ts';
import { FAULTS, type FaultName } from '../../reference/faults.ts';
import { failingIds, harnessChecks, pages, type Judge } from './check-kit.ts';
import { BASE_JUDGES } from './fault-judges.ts';
import { MORE_JUDGES, TEXT_JUDGES } from './fault-judges-more.ts';
import { runProbes, type ProbeRun } from './run-probes.ts';

const JUDGES: Partial<Record<FaultName, Judge>> = { ...BASE_JUDGES, ...MORE_JUDGES, ...TEXT_JUDGES };

const OTHER_OPERATIONS = 'the probe sends this kind of request to one operation; the suite test of this id sends it to the read-backs or the index operations';
const NO_READ_BEFORE = 'the rule compares the voucher read before and after (refusal-state.ts, across-run.ts): the probe reads only after';
const WALK =
  'judged over a walk of every page, or a relation of several queries the suite reads (pagination, dates, filters): the probe reads one or two pages';
const TIMING = 'the rate-limit probe times the Retry-After wait and bursts at the measured limit (load/probe/, load/engines/burst.ts)';

/** Ids of `breaks` that only a whole conformance run shows, and why the probe's exchanges cannot. */
const WHOLE_RUN_ONLY: Partial<Record<FaultName, Record<string, string>>> = {
  'auth-missing-accepted': { 'AUTH-8': OTHER_OPERATIONS, 'AUTH-10': OTHER_OPERATIONS, 'AUTH-12': OTHER_OPERATIONS, 'IX-1': OTHER_OPERATIONS },
  'auth-any-token': {
    'AUTH-5': 'the probe sends no near miss of the valid token',
    'AUTH-10': OTHER_OPERATIONS,
    'IX-2': OTHER_OPERATIONS,
    'IX-3': OTHER_OPERATIONS,
  },
  'auth-401': Object.fromEntries(
    ['AUTH-2', 'AUTH-5', 'AUTH-6', 'AUTH-7b', 'AUTH-8', 'AUTH-10', 'AUTH-12', 'IX-1', 'IX-2', 'IX-3'].map((id) => [
      id,
      'the probe sends only a request without api-token',
    ]),
  ),
  'auth-skip-order-status': Object.fromEntries(
    ['AUTH-1', 'AUTH-5', 'AUTH-6', 'AUTH-7b', 'AUTH-8'].map((id) => [id, 'the probe sends only an invalid token to the order status update']),
  ),
  'auth-prefix-compare': { 'AUTH-10': OTHER_OPERATIONS, 'IX-3': OTHER_OPERATIONS },
  'auth-case-insensitive': { 'AUTH-10': OTHER_OPERATIONS, 'IX-3': OTHER_OPERATIONS },
  'auth-empty-accepted': { 'AUTH-10': OTHER_OPERATIONS, 'IX-2': OTHER_OPERATIONS },
  'auth-query-token': { 'AUTH-12': OTHER_OPERATIONS },
  'auth-body-token': { 'AUTH-12': OTHER_OPERATIONS },
  'auth-readback-open': { 'AUTH-12': 'the probe sends no token at all; AUTH-12 sends the valid token in the query string' },
  'ix-read-open': { 'AUTH-12': 'the probe sends no token at all; AUTH-12 sends the valid token in the query string' },
  'os-refusal-writes': { 'OS-8': NO_READ_BEFORE },
  'os-refused-rule-writes': { 'OS-8': NO_READ_BEFORE },
  'os-parallel-lost-update': { 'OS-7': 'parallel.test.ts judges the updates in flight together against the reads after them' },
  'os-touches-due-date': { 'OS-6': NO_READ_BEFORE },
  'os-cancel-voids-payment': { 'OS-6': NO_READ_BEFORE },
  'ix-total-lies': { 'IX-7': 'the cursor walk of lists.test.ts reads the page at offset totalCount-1' },
  'ix-customer-count-all-branches': { 'IX-7': 'the cursor walk of lists.test.ts reads the page at offset totalCount-1' },
  'cu-ignore-deleted': { 'CU-10': 'judged by the upsert model (upsert-model.ts) over a sequence of saves' },
  'cu-upsert-duplicates': { 'CU-14': 'judged by the upsert model (upsert-model.ts) over a sequence of saves' },
  'cu-refusal-saves': { 'CU-16': 'refusal-state.test.ts looks the refused customer up by its unique values' },
  'cu-branch-from-body': { 'CU-18': 'inline in body-branch.test.ts: reads the contact in both branches' },
  'auth-order-create-writes-then-403': { 'AUTH-11': NO_READ_BEFORE },
  'auth-status-update-writes-then-403': { 'AUTH-11': NO_READ_BEFORE },
  'auth-contact-save-writes-then-403': { 'AUTH-11': NO_READ_BEFORE },
  'auth-voucher-data-writes-then-403': { 'AUTH-11': NO_READ_BEFORE },
  'rp-range-day-after': { 'RP-1': 'a day read a few hours off is RP-11, told apart by the sweep of one-day ranges (dates.test.ts)' },
  'rp-local-time': { 'RP-11': WALK },
  'rp-date-local-day': { 'RP-11': WALK },
  'rp-totalcount-page': { 'RP-2': WALK },
  'rp-total-counts-join-rows': { 'RP-2': WALK },
  'rp-branch-first-only': { 'RP-9': WALK },
  'rp-branch-ignored': { 'RP-9b': WALK },
  'rp-branch-double-count': { 'RP-9b': WALK, 'RP-2': WALK },
  'rp-narrow-more': { 'RP-10': WALK, 'RP-2': WALK },
  'rp-dateto-exclusive': { 'RP-17': WALK, 'RP-25': WALK },
  'rp-dateto-day-start': { 'RP-17': WALK, 'RP-18': WALK },
  'rp-filter-first-only': { 'RP-19b': WALK },
  'rp-filter-ignored': { 'RP-19': WALK, 'RP-19c': WALK },
  'rp-filters-or': { 'RP-23': WALK },
  'rp-instant-range-empty': { 'RP-25': WALK },
  'rp-offset-wraps': { 'RP-2': WALK },
  'rl-retry-after-lies': { 'RL-3': TIMING },
  'rl-retry-after-ms': { 'RL-3': TIMING },
  'rl-limiter-leaks': { 'RL-6': TIMING },
};

/** The ids the suites' checks find failing in a probe's exchanges, of the prefixes in `prefixes` when given. */
function failing(fault: FaultName, run: ProbeRun, prefixes?: Set<string>): string[] {
  const own = JUDGES[fault] ?? pages;
  return failingIds([...harnessChecks(run.sent), ...own(run.shown, run)]).filter((id) => !prefixes || prefixes.has(prefixOf(id)));
}

let clean: Map<FaultName, ProbeRun>;
beforeAll(async () => {
  clean = await runProbes([]);
});

describe('each fault at the check level', () => {
  it('the clean reference fails no check of any probe', () => {
    for (const { name } of FAULTS) expect(failing(name, clean.get(name)!), name).toEqual([]);
  });

  it('declares only ids of its faults as shown by whole runs alone', () => {
    for (const [name, ids] of Object.entries(WHOLE_RUN_ONLY)) {
      const breaks: readonly string[] = FAULTS.find((f) => f.name === name)!.breaks;
      expect(
        Object.keys(ids!).filter((id) => !breaks.includes(id)),
        name,
      ).toEqual([]);
    }
    const exact = FAULTS.filter((f) => !WHOLE_RUN_ONLY[f.name]).length;
    const left = Object.values(WHOLE_RUN_ONLY).reduce((n, ids) => n + Object.keys(ids!).length, 0);
    console.log(
      `check level: ${exact} of ${FAULTS.length} faults proven exactly; ${left} id(s) of ${Object.keys(WHOLE_RUN_ONLY).length} faults left to whole runs`,
    );
  });

  for (const { name, breaks } of FAULTS) {
    const wholeOnly = Object.keys(WHOLE_RUN_ONLY[name] ?? {});
    const shown = breaks.filter((id) => !wholeOnly.includes(id));
    it(`${name} fails ${shown.join(', ') || 'nothing at the check level'}${wholeOnly.length ? ` (whole runs: ${wholeOnly.join(', ')})` : ''}`, async () => {
      const faulty = await runProbes([name], [name]);
      expect(failing(name, faulty.get(name)!, new Set(breaks.map(prefixOf)))).toEqual([...shown].sort());
    });
  }
});
