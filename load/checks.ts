// RL checks: the probe's and the load scenario's results turned into findings, each with the
// exchange that shows it (and its curl line).
//   RL-1 (7, 8 rule 1): "Requests can be rejected with 429 when too many are made" - over the
//        limit the answer is 429, not a 5xx or a dropped connection.
//   RL-2 (7): "429 | Too Many Request" - a 429 that carries the 2.1 envelope says status false, code "429".
//   RL-3 (8 rule 1, RFC 9110 10.2.3): a Retry-After, when sent, does not lie.
//   RL-5 (7): "Failures: 400, 403, 429" - no 5xx under load.
import { defineCheck, describeResponse, joined, toFinding, type CheckResult, type Fact } from '../contract/checks/finding.ts';
import { envelopeAgreesWithStatus } from '../contract/checks/envelope.ts';
import type { Exchange, Finding } from '../core/types.ts';
import type { LoadResult, RateLimitResult, RetryAfterCheck } from './result.ts';

/** RL-1: a request over the limit is refused with 429 - not a 5xx, not a dropped connection. */
export const refusedWith429 = defineCheck('rate-limit.refused-with-429', 'RL-1', (ex: Exchange, during: string): Fact[] => {
  const s = ex.response?.status;
  if (s !== undefined && s < 500) return [];
  return [
    {
      title: s === undefined ? `A request ${during} got no answer` : `A request ${during} was answered ${s}`,
      received: describeResponse(ex),
      expected: 'a 2xx, or 429 "Too Many Request" when the rate is exceeded (spec 7)',
    },
  ];
});

/**
 * RL-2 (SHOULD): "The body shape of error responses: not shown" - a plain-text or problem-details
 * 429 passes; a 429 that carries the envelope has status false and code "429".
 */
export const envelopeOn429 = defineCheck('rate-limit.envelope-on-429', 'RL-2', (ex: Exchange): Fact[] | null => {
  if (ex.response?.status !== 429) return null;
  return envelopeAgreesWithStatus(ex);
});

/** RL-5: no 5xx under load. */
export const noServerErrorUnderLoad = defineCheck('rate-limit.no-5xx-under-load', 'RL-5', (ex: Exchange, during: string): Fact[] => {
  const s = ex.response?.status;
  if (s === undefined || s < 500) return [];
  return [{ title: `Server answered ${s} ${during}`, received: describeResponse(ex), expected: 'a 2xx, 400, 403 or 429 under load, never a 5xx (spec 7)' }];
});

/** RL-3: the request sent once the Retry-After wait was over was refused again. */
export function retryAfterLied(check: RetryAfterCheck): Finding[] {
  if (check.held) return [];
  if (check.overstated)
    return [
      toFinding(
        'rate-limit.retry-after-truthful',
        'RL-3',
        {
          title: 'A Retry-After asked to wait far longer than the quota took to come back (milliseconds written as seconds?)',
          received: `Retry-After: ${check.retryAfterSeconds} on this 429; a request ${check.testedAfterSeconds} s later was accepted`,
          expected: `a Retry-After in delay-seconds (RFC 9110 10.2.3): the wait the quota needs, not ${check.retryAfterSeconds} s`,
        },
        check.refusal,
      ),
    ];
  const test = check.refusedTest;
  return [
    toFinding(
      'rate-limit.retry-after-truthful',
      'RL-3',
      {
        title: 'A request sent after the Retry-After wait was refused again',
        received: `Retry-After: ${check.retryAfterSeconds} on this 429; a request ${check.testedAfterSeconds} s later was answered ${test ? describeResponse(test) : 'with a refusal'}`,
        expected: `a request after ${check.retryAfterSeconds} s is accepted (RFC 9110 10.2.3: Retry-After is how long to wait)`,
      },
      check.refusal,
    ),
  ];
}

function serverFindings(ev: { serverErrors: Exchange[]; failures: Exchange[] }, during: string): CheckResult[] {
  return [...ev.serverErrors, ...ev.failures].map((ex) => refusedWith429(ex, during));
}

/** Findings of a probe: RL-1, RL-2, RL-3 and RL-5 (RL-4 is its observation), and what they applied to. */
export function probeFindings(r: RateLimitResult): CheckResult {
  const during = `while probing the rate limit (${r.operation})`;
  return joined([
    ...serverFindings(r.evidence, during),
    ...r.evidence.refusals.map((ex) => envelopeOn429(ex, undefined)),
    // RL-3 is judged by the probe itself: its findings only, no check's evidence (as before).
    { findings: r.retryAfter.checks.flatMap(retryAfterLied), evidence: [] },
    ...r.evidence.serverErrors.map((ex) => noServerErrorUnderLoad(ex, during)),
  ]);
}

/** Findings of a load run: RL-5 for 5xx, RL-1 for unanswered requests, RL-2 for 429 envelopes that contradict their status. */
export function loadFindings(r: LoadResult): CheckResult {
  const during =
    r.model === 'closed'
      ? `under a load of ${r.connections} connections x ${r.pipelining} (${r.operation})`
      : `under a ${r.scenario} load of ${r.rate} requests/s (${r.operation})`;
  return joined([
    ...r.evidence.serverErrors.map((ex) => noServerErrorUnderLoad(ex, during)),
    ...r.evidence.failures.map((ex) => refusedWith429(ex, during)),
    ...r.evidence.refusals.map((ex) => envelopeOn429(ex, undefined)),
  ]);
}
