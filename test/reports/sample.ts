// A certification built by the real `certify` from made-up test records, one for each verdict: a
// failed MUST whose finding a hostile server filled with markup and escape sequences, a failed MUST
// whose finding holds an id past 2^53, passed ones, an observed INFO with an observation (a finding
// of an INFO requirement) and a bigint observation, an inconclusive MUST and SHOULD with their
// reasons, a not-run MUST, a skipped SHOULD, and the observed transitions (withFailedShould: one
// SHOULD failed too). Shared by the report
// tests that need no run.
import { emptyRecord, type TestRecord } from '../../core/record.ts';
import { readFileSync } from 'node:fs';
import { certify } from '../../reports/certify.ts';
import type { Certification, Invocation, PreflightSummary } from '../../reports/model.ts';
import type { Collected, CollectedTest } from '../../reports/records/collected.ts';
import { rateLimitFile, type RateLimitFile } from '../../reports/records/rate-limit.ts';
import { runFacts, type RecordedFacts } from '../../reports/records/records.ts';
import type { Exchange, Finding } from '../../core/types.ts';

/**
 * What a hostile server may put anywhere it controls: markup that closes our elements and runs
 * script, terminal escapes (clear screen, an OSC 8 hyperlink, BEL, 8-bit CSI), a bidi override,
 * and the end of an XML CDATA section.
 */
export const HOSTILE =
  `</pre></details></script><script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">` +
  `\u001b[2J\u001b]8;;https://evil.test/\u0007click me\u001b]8;;\u0007\u0007 \u202eevil\u202c \u009b31m ]]><![CDATA[`;

/** The characters of HOSTILE no output may pass on raw. */
export const HOSTILE_CONTROLS = ['\u001b', '\u0007', '\u202e', '\u202c', '\u009b'];

/** 2^60 + 1: an id a 64-bit ERP may send, which a JS number would print as 1152921504606847000. */
export const BIG_ID = '1152921504606846977';
export const ROUNDED_BIG_ID = String(Number(BIG_ID)); // "1152921504606847000"

export const CURL = `curl -sS -X POST 'http://erp.test/api/v1/sales/1003/update-order-status?branch_id=1' -H "api-token: $ERP_API_TOKEN" -H 'content-type: application/json' --data-raw '{"orderStatus":"Completed"}'`;

export const INVOCATION: Invocation = { config: 'staging erp.json' };

export const REPLAY = {
  seed: 42,
  path: '3:1',
  file: 'suites/order-status/validation.test.ts',
  test: 'Plausible statuses outside the six are rejected with 400 [OS-4]',
  property: 1,
  numRuns: 10,
};

export function hostileExchange(): Exchange {
  return {
    seq: 7,
    operation: 'order-status',
    tokenKind: 'valid',
    request: {
      method: 'POST',
      url: 'http://erp.test/api/v1/sales/1003/update-order-status?branch_id=1',
      headers: { 'api-token': '***', 'content-type': 'application/json' },
      body: '{"orderStatus":"Completed"}',
    },
    response: {
      status: 200,
      headers: { 'content-type': 'text/html', 'x-evil': `"><script>window.__pwned = 3</script>\u001b[31m` },
      body: JSON.stringify({ status: true, message: HOSTILE, code: '200', response: null }),
      bytes: 120,
      truncated: false,
    },
    startedAt: '2026-05-01T10:00:00.000Z',
    durationMs: 12,
  };
}

export function failingFinding(): Finding {
  return {
    checkId: 'status.is',
    requirementId: 'OS-4',
    title: `orderStatus "Completed" is not among the accepted values: answered 200 ${HOSTILE}`,
    received: `HTTP 200 ${HOSTILE}`,
    expected: 'HTTP 400',
    exchange: hostileExchange(),
    replay: REPLAY,
  };
}

/** The body a 64-bit ERP answers, as it sent it (a JS number could not hold the id). */
export const BIG_BODY = `{"status":true,"message":"Contact saved","code":"200","response":{"contactId":${BIG_ID},"ratio":1.50}}`;

function bigExchange(): Exchange {
  return {
    seq: 9,
    operation: 'customer-create',
    tokenKind: 'valid',
    request: {
      method: 'POST',
      url: 'http://erp.test/api/v1/customer/create',
      headers: { 'api-token': '***', 'content-type': 'application/json' },
      body: '{"contactName":"A"}',
    },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body: BIG_BODY, bytes: BIG_BODY.length, truncated: false },
    startedAt: '2026-05-01T10:00:01.000Z',
    durationMs: 9,
  };
}

/** A finding on the big id, as a check that read it exactly would write it. */
export function bigIdFinding(): Finding {
  return {
    checkId: 'customer.id-matches',
    requirementId: 'CU-1',
    title: `contactId ${BIG_ID} was not found again`,
    received: `contactId ${BIG_ID}`,
    expected: 'the id of the saved contact',
    exchange: bigExchange(),
  };
}

/** An INFO requirement's finding: an observation, never a failure. */
function bigIdObservation(): Finding {
  return {
    checkId: 'customer.strictness',
    requirementId: 'CU-12',
    title: `ids past 2^53: contactId ${BIG_ID}`,
    received: `contactId ${BIG_ID} (64-bit ids)`,
    expected: 'nothing in particular (an observation)',
    exchange: bigExchange(),
  };
}

const test = (name: string, ids: string[], state: CollectedTest['state'], extra: Partial<TestRecord> = {}): CollectedTest => {
  const findings = extra.findings ?? [];
  return {
    name,
    file: 'suites/x.test.ts',
    state,
    durationMs: 5,
    errors: [],
    record: {
      ...emptyRecord(ids),
      // A test that ran sent 3 requests and a retry after one 429; a skipped one sent nothing.
      ...(state === 'skipped' ? {} : { exchanges: 3, requests: 4, answered: 3, rateLimited: { exchanges: 1, retries: 1, waitedMs: 250 } }),
      // A test that ran saw its requirements once each (evidence); the requirements of a skipped one saw nothing.
      evidence: state === 'skipped' ? {} : Object.fromEntries(ids.map((id) => [id, 1])),
      findingCounts: Object.fromEntries(ids.map((id) => [id, findings.filter((f) => f.requirementId === id).length])),
      ...extra,
    },
  };
};

export const TRANSITIONS = [
  { voucher: 'unpaid', from: 'Pending', to: 'Confirmed', status: 200, accepted: true },
  { voucher: 'paid', from: 'Delivered', to: 'Shipped', status: 400, accepted: false },
];

export const INCONCLUSIVE_REASON = 'the report range held no transactions: see fixtures.report';
export const NOT_RUN_REASON = 'the run budget (run.maxDurationSeconds) was spent before this test started';

export function sampleCollected(): Collected {
  return {
    tests: [
      test(REPLAY.test, ['OS-4'], 'failed', { findings: [failingFinding()], findingCounts: { 'OS-4': 3 }, requests: 40 }),
      test('Every success is the envelope [ENV-1, ENV-2, ENV-3]', ['ENV-1', 'ENV-2', 'ENV-3'], 'passed', {
        evidence: { 'ENV-1': 12, 'ENV-2': 12, 'ENV-3': 11 },
      }),
      test('The transitions are recorded [ST-2]', ['ST-2'], 'passed', { observations: { transitions: TRANSITIONS, [`odd <b>${HOSTILE}`]: HOSTILE } }),
      test('Read back [CU-8]', ['CU-8'], 'skipped', { skipReason: 'no readBack in the config' }),
      test('A valid customer is created [CU-1]', ['CU-1'], 'failed', { findings: [bigIdFinding()] }),
      test('Master data strictness [CU-12]', ['CU-12'], 'passed', { findings: [bigIdObservation()], observations: { 'largest contactId': BigInt(BIG_ID) } }),
      test('Dates within the range [RP-1, RP-18]', ['RP-1', 'RP-18'], 'passed', {
        evidence: {},
        inconclusive: { 'RP-1': [INCONCLUSIVE_REASON], 'RP-18': [INCONCLUSIVE_REASON] },
        requests: 2,
      }),
      test('Missing header [AUTH-1]', ['AUTH-1'], 'skipped', { notRun: NOT_RUN_REASON }),
    ],
    errors: [],
  };
}

export const PREFLIGHT: PreflightSummary = { problems: [], notes: [`the report range holds 0 transactions ${HOSTILE}`], requests: 6 };

export function sampleFacts(target = { name: `Acme ${HOSTILE}`, baseUrl: 'http://erp.test' }): RecordedFacts {
  return {
    target,
    suiteVersion: '0.1.0',
    startedAt: '2026-05-01T10:00:00.000Z',
    durationMs: 1234,
    seed: 42,
    numRuns: 10,
    suites: ['envelope-auth', 'order-status', 'customer', 'report'],
    selection: null,
    withLoad: false,
    invocation: INVOCATION,
    pacing: '4 requests in flight, at most 100/10s',
    preflight: PREFLIGHT,
  };
}

export function sampleCertification(target?: { name: string; baseUrl: string }): Certification {
  return certify(sampleCollected(), runFacts(sampleFacts(target), null));
}

/** The sample with one SHOULD failed (the catalogue's first SHOULD), and that SHOULD's id. */
export function withFailedShould(cert: Certification): { cert: Certification; id: string } {
  const i = cert.requirements.findIndex((r) => r.level === 'SHOULD');
  const r = cert.requirements[i]!;
  const finding = { ...failingFinding(), requirementId: r.id, title: `the answer was slow ${r.id}` };
  const requirements = cert.requirements.map((x, j) => (j === i ? { ...x, status: 'failed' as const, findings: [finding], findingCount: 1 } : x));
  return { cert: { ...cert, requirements }, id: r.id };
}

export const RATE_LIMIT_FIXTURE = new URL('./fixtures/rate-limit.json', import.meta.url).pathname;

export function rateLimitFixture(): RateLimitFile {
  return rateLimitFile.parse(JSON.parse(readFileSync(RATE_LIMIT_FIXTURE, 'utf8')));
}
