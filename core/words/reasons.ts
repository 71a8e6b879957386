// Every reason the kit writes for a requirement it could not verify (inconclusive, not run,
// skipped: runtime/harness.ts (its parts too), runtime/verifies.ts, runtime/time-limit.ts, reports/certify.ts,
// reports/requirement-parts.ts, reports/records/, reports/crash.ts, the plan), and every sentence of a run's verdict
// (certification.json `verdictReason`), by code. scripts/troubleshooting/reasons.ts says what to
// do about each code; a reason the code writes is made here or does not compile.
import type { Value, WordsTable } from './words.ts';

export const REASON_WORDS = {
  notSent: { say: (v: { message: string }) => `requests were not sent: ${v.message}` },
  timedOut: { say: (v: { message: string }) => `requests got no complete answer within target.timeoutMs (${v.message})` },
  still429: {
    say: (v: { retries: Value; waitedMs: Value }) =>
      `requests were still refused with 429 after ${v.retries} wait(s) of ${v.waitedMs} ms in all (the target's rate limit; see run.rateLimit)`,
  },
  valueTaken: {
    say: (v: { said: string }) =>
      `a customer was refused because a value the run chose is already taken (the target's own uniqueness rule, not a failure): ${v.said}`,
  },
  findingNotSent: { say: (v: { message: string }) => `a finding rested on a request the run did not send (${v.message})` },
  sawNothing: { say: () => 'its tests ran, but their checks saw no exchange or item it applies to' },
  partUnjudged: { say: (v: { part: string; why: string }) => `${v.part} judged nothing: ${v.why}` },
  partsOpen: {
    say: (v: { open: Value; parts: Value; which: string }) => `partly verified: ${v.open} of its ${v.parts} parts judged nothing: ${v.which}`,
  },
  partlyVerified: { say: (v: { blind: Value; ran: Value }) => `partly verified: ${v.blind} of its ${v.ran} tests saw nothing it applies to` },
  outOfScope: { say: (v: { why: string }) => `out of scope: ${v.why}` },
  notTested: { say: (v: { why: string }) => `not tested: ${v.why}` },
  preflightFailed: { say: () => 'not run: the preflight found the target or the fixtures not as the config says (see preflight)' },
  otherShard: {
    say: (v: { index: Value; count: Value }) => `no test of shard ${v.index}/${v.count} verifies it (merge the shards: erp-conformance report --merge DIR...)`,
  },
  stopped: { say: (v: { stoppedBy: string }) => `the run stopped (${v.stoppedBy}) before it ran` },
  noTestSelected: { say: () => 'no test of the selected suites verifies it' },
  budgetSpent: { say: () => 'not run: the run budget (run.maxDurationSeconds, --max-duration) was spent before it ran' },
  budgetSpentBeforeTest: { say: () => 'the run budget (run.maxDurationSeconds) was spent before this test started' },
  requestsSpent: { say: () => 'not run: the request budget (run.maxRequests) was spent before it ran' },
  interrupted: { say: () => 'not run: the run was interrupted before it ran' },
  maxFailures: { say: () => 'not run: the run stopped at --max-failures MUST failures before it ran' },
  stoppedInTest: { say: (v: { stoppedBy: string | undefined }) => `not run: the run stopped (${v.stoppedBy}) before this test ended` },
  ownTimeLimit: {
    say: (v: { seconds: string }) =>
      `stopped by the kit's time limit for one test (${v.seconds}) before it ended: a limit of the kit, not a finding about the target`,
  },
  vitestTimeLimit: {
    say: (v: { seconds: string }) =>
      `stopped by the kit's time limit for one test (vitest's timeout, ${v.seconds}) before it ended: a limit of the kit, not a finding about the target`,
  },
  crashed: { say: (v: { crash: string }) => `not run: ${v.crash}, before its tests ended` },
  stoppedInTests: { say: (v: { stoppedBy: string | undefined }) => `the run stopped (${v.stoppedBy}) before its tests ended` },
  notPlanned: { say: () => 'not run by the plan (run --plan)' },
  withoutLoad: { say: () => 'rate limits are measured by the probe: run with --with-load' },
  notSelected: { say: (v: { selection: string | undefined }) => `not selected (--only ${v.selection})` },
  notInReplay: { say: (v: { replayed: string }) => `not part of this replay (it replays ${v.replayed} alone)` },
  unanswered: {
    say: (v: { sent: Value; first: string | undefined }) =>
      `the target answered none of the ${v.sent} requests the run sent${v.first ? ` (first: ${v.first})` : ''}: nothing was verified`,
  },
} satisfies WordsTable;

/** The verdict's sentence, by the case that decides it (reports/certify.ts). */
export const VERDICT_WORDS = {
  preflightStopped: {
    say: (v: { count: Value; key: string }) =>
      `The preflight stopped the run before any suite: ${v.count} problem(s) with the target or the fixtures, first ${v.key}.`,
  },
  interrupted: {
    say: (v: { passed: Value; failed: Value; open: Value }) =>
      `The run was interrupted: ${v.passed} MUST passed and ${v.failed} failed before it stopped; ${v.open} were not verified.`,
  },
  failed: {
    say: (v: { failed: Value; errors: number | string; crash: string; then: string }) =>
      `${v.failed} MUST requirement(s) failed${v.errors ? `, ${v.errors} run error(s)` : ''}.${v.crash}${v.then}`,
  },
  unanswered: { say: (v: { unanswered: string }) => `No verdict: ${v.unanswered} (check target.baseUrl and that the server is up, then run again).` },
  required: {
    say: (v: { required: string; then: string }) => `No MUST failed, but ${v.required}: the target is neither certified nor failed.${v.then}`,
  },
  open: {
    say: (v: { inconclusive: Value; notRun: Value; then: string }) =>
      `No MUST failed, but ${v.inconclusive} were inconclusive and ${v.notRun} not run: the target is neither certified nor failed (see each reason).${v.then}`,
  },
  nothingInScope: { say: (v: { then: string }) => `No MUST requirement was verified: the config left all of them out.${v.then}` },
  selection: {
    say: (v: { what: string; passed: Value }) =>
      `Every MUST of ${v.what} passed (${v.passed}); the rest of the catalogue did not run, so this is no certificate of the target.`,
  },
  certified: { say: (v: { passed: Value; said: string }) => `Every MUST requirement in scope passed (${v.passed}).${v.said}` },
} satisfies WordsTable;

export type ReasonCode = keyof typeof REASON_WORDS;
export type VerdictCode = keyof typeof VERDICT_WORDS;

/** The words of reason `code` from its values. */
export function reasonSays<C extends ReasonCode>(code: C, ...v: Parameters<(typeof REASON_WORDS)[C]['say']>): string {
  return (REASON_WORDS[code].say as (x: unknown) => string)(v[0]);
}

/** The verdict's sentence for case `code` from its values. */
export function verdictSays<C extends VerdictCode>(code: C, ...v: Parameters<(typeof VERDICT_WORDS)[C]['say']>): string {
  return (VERDICT_WORDS[code].say as (x: unknown) => string)(v[0]);
}
