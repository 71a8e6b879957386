// A certification built by the real `certify` from made-up test records: one failed MUST with a
// finding whose exchange a hostile server filled with markup, passed ones, a skipped one, and
// the observed transitions. Shared by the report tests that need no run.
import { emptyRecord } from '../../suites/support/record.ts';
import { readFileSync } from 'node:fs';
import { certify, type Certification } from '../../reports/certification.ts';
import type { Collected, CollectedTest } from '../../reports/collector.ts';
import { rateLimitFile, type RateLimitFile } from '../../reports/rate-limit.ts';
import { runFacts } from '../../reports/records.ts';
import type { Exchange, Finding } from '../../contract/types.ts';

/** Markup a hostile server may put anywhere it controls. */
export const HOSTILE = `</pre></details><script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">`;

export const CURL = `curl -sS -X POST 'http://erp.test/api/v1/sales/1003/update-order-status?branch_id=1' -H "api-token: $ERP_API_TOKEN" -H 'content-type: application/json' --data-raw '{"orderStatus":"Completed"}'`;

export function hostileExchange(): Exchange {
  return {
    seq: 7,
    operation: 'order-status',
    tokenKind: 'valid',
    request: { method: 'POST', url: 'http://erp.test/api/v1/sales/1003/update-order-status?branch_id=1', headers: { 'api-token': '***', 'content-type': 'application/json' }, body: '{"orderStatus":"Completed"}' },
    response: { status: 200, headers: { 'content-type': 'text/html', 'x-evil': `"><script>window.__pwned = 3</script>` }, body: JSON.stringify({ status: true, message: HOSTILE, code: '200', response: null }), bytes: 120, truncated: false },
    startedAt: '2026-05-01T10:00:00.000Z',
    durationMs: 12,
  };
}

export function failingFinding(): Finding {
  return {
    checkId: 'status.is',
    requirementId: 'OS-4',
    title: `orderStatus "Completed" is not among the accepted values: answered 200 ${HOSTILE}`,
    message: `Received HTTP 200 ${HOSTILE}\nExpected HTTP 400`,
    exchange: hostileExchange(),
    curl: CURL,
    replay: { seed: 42, path: '3:1' },
  };
}

const test = (name: string, ids: string[], state: CollectedTest['state'], extra: Partial<NonNullable<CollectedTest['record']>> = {}): CollectedTest => ({
  name,
  file: 'suites/x.test.ts',
  state,
  durationMs: 5,
  errors: [],
  // A test that ran saw its requirements once each (evidence); the requirements of a skipped one saw nothing.
  record: { ...emptyRecord(ids), exchanges: 3, requests: 3, evidence: state === 'skipped' ? {} : Object.fromEntries(ids.map((id) => [id, 1])), ...extra },
});

export const TRANSITIONS = [
  { voucher: 'unpaid', from: 'Pending', to: 'Confirmed', status: 200, accepted: true },
  { voucher: 'paid', from: 'Delivered', to: 'Shipped', status: 400, accepted: false },
];

export function sampleCollected(): Collected {
  return {
    tests: [
      test('Near-miss statuses are rejected with 400 [OS-4]', ['OS-4'], 'failed', { findings: [failingFinding()] }),
      test('Every success is the envelope [ENV-1, ENV-2, ENV-3]', ['ENV-1', 'ENV-2', 'ENV-3'], 'passed'),
      test('The transitions are recorded [ST-2]', ['ST-2'], 'passed', { observations: { transitions: TRANSITIONS, [`odd <b>${HOSTILE}`]: HOSTILE } }),
      test('Read back [CU-8]', ['CU-8'], 'skipped', { skipReason: 'no readBack in the config' }),
    ],
    errors: [],
  };
}

export function sampleCertification(target = { name: `Acme ${HOSTILE}`, baseUrl: 'http://erp.test' }): Certification {
  return certify(sampleCollected(), runFacts({
    target, suiteVersion: '0.1.0', startedAt: '2026-05-01T10:00:00.000Z', durationMs: 1234, seed: 42, numRuns: 10,
    suites: ['envelope-auth', 'order-status', 'customer', 'report'], selection: null, withLoad: false,
  }, null));
}

export const RATE_LIMIT_FIXTURE = new URL('./fixtures/rate-limit.json', import.meta.url).pathname;

export function rateLimitFixture(): RateLimitFile {
  return rateLimitFile.parse(JSON.parse(readFileSync(RATE_LIMIT_FIXTURE, 'utf8')));
}
