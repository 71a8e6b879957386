// What to do about a run's outcome: each exit code (by its name in core/exit-codes.ts), each run
// verdict (core/types.ts RunVerdict), each reason a requirement is inconclusive, not run or skipped
// and each sentence of a verdict, by its code in core/words/reasons.ts. Typed records: an exit
// code, a verdict or a message without its entry here does not compile.
import type { EXIT } from '../../core/exit-codes.ts';
import type { RunVerdict } from '../../core/types.ts';
import type { ReasonCode, VerdictCode } from '../../core/words/reasons.ts';

export const EXIT_TODO: Record<keyof typeof EXIT, string> = {
  ok: 'Nothing: keep the report folder as the evidence.',
  failed:
    'Open `certification.html`: the failed MUSTs lead, each with its request, the answer and a curl line to show the vendor. A crash of a test is listed under "Run errors".',
  usage: 'Read the one line on stderr: it names the flag or the config key (`erp-conformance check-config --config FILE` checks a config alone).',
  preflightFailed: 'Read the preflight problems printed (each names a config key); the table below says what each means. No suite ran.',
  inconclusive: "Read each inconclusive or not-run MUST's reason in the certificate (the reasons below); fix the config or the budget, and run again.",
  internal: 'A bug of the kit: run again with `ERP_CONFORMANCE_DEBUG=1` and file the stack with the command line.',
  sigint: 'The run was stopped by Ctrl-C: the certificate holds what ran; run again, or resume it with `run --resume DIR` ([ci.md](ci.md)).',
  sigterm: 'The job was stopped (a CI timeout): give the job more time, lower `run.maxDurationSeconds`, or shard the run ([ci.md](ci.md)).',
};

export const VERDICT_TODO: Record<RunVerdict, string> = {
  certified: 'Nothing: send `certification.html` as it is.',
  'selection-passed': 'A narrowed run (`--only`, `--shard`) passed: run without them (or merge the shards) for a certificate.',
  'not-certified': 'Show the vendor each failed MUST with its curl line; `run --replay-test` repeats one failure.',
  'preflight-failed': 'Fix the config keys the preflight named (the preflight problems below), then run again.',
  inconclusive: 'Fix what the reasons of the open MUSTs name (the last table), then run again.',
  interrupted: 'Run again with time to finish, or resume.',
  reproduced: 'The replayed failure is still there: the vendor has not fixed it.',
  'not-reproduced': 'The replayed property passed: the vendor may have fixed it; a whole run confirms it.',
};

/** What to do about each reason a requirement is inconclusive, not run or skipped. */
export const REASON_TODO: Record<ReasonCode, string> = {
  notSent: 'The run stopped sending (its budget, `--max-requests`, a stop, or the target stopped answering): give the run more time or requests.',
  timedOut: 'The target was slower than `target.timeoutMs`: raise it, or ask the vendor why that request hangs.',
  still429:
    "The target's rate limit refused requests after every wait the run allows: state the quota in `run.rateLimit`, lower `run.concurrency`, or give a second token ([rate-limits-and-load.md](rate-limits-and-load.md)).",
  valueTaken:
    'The target keeps a value unique (a mobile number, e-mail, GSTIN) and a value was taken: run again (the nonce changes), or start from a fresh staging database.',
  findingNotSent: 'As "requests were not sent": give the run more time or requests.',
  sawNothing:
    'Nothing the requirement is about was seen (an empty list, no voucher of that kind): give fixtures that hold such data ([configuration.md](configuration.md)).',
  partUnjudged:
    'One part of the requirement (a voucher, a write) judged nothing, for the reason after it: give fixtures or operations that let that part be judged, or accept it unverified.',
  partsOpen: 'As above, for each part named: the requirement is not passed on its other parts while one the config allows judged nothing.',
  partlyVerified: 'Some of its tests saw nothing it applies to (the reason after it says why): give fixtures that hold such data for those tests.',
  outOfScope: 'The config left it out (writes: false, an operation not configured): configure it, or accept it unverified.',
  notTested: 'The kit does not test it automatically (the reason says why): verify it by hand, or accept it unverified.',
  preflightFailed: 'Fix the preflight problems first.',
  otherShard: 'Merge every shard: `erp-conformance report --merge DIR...`.',
  stopped: 'The run stopped early: see its stop reason (budget, request budget, interrupted).',
  noTestSelected: 'A narrowed run: run without `--only` to verify it.',
  budgetSpent: 'Raise `run.maxDurationSeconds` (or `--max-duration`); `run --plan` says what a run needs ([run-cost-and-quotas.md](run-cost-and-quotas.md)).',
  budgetSpentBeforeTest: 'Raise `run.maxDurationSeconds`; `run --plan` sizes it.',
  requestsSpent: 'Raise `run.maxRequests`, or leave it out.',
  interrupted: 'Run again, or resume it: `run --resume DIR`.',
  maxFailures: 'The run stopped at the failures asked for: fix them, or raise `--max-failures`.',
  stoppedInTest: 'The run stopped while this test ran: give it more time.',
  ownTimeLimit:
    "A test ran into the kit's own limit for one test (not a finding about the target): a slow target or a tight quota; state the quota in `run.rateLimit`, or raise `target.timeoutMs` for a slow target.",
  vitestTimeLimit: "As the kit's own time limit: the test (or one of its hooks) ran out of its time; a slow target or a tight quota.",
  crashed: 'The suite worker crashed (a bug of the kit, listed under "Run errors"): file it with `ERP_CONFORMANCE_DEBUG=1`.',
  stoppedInTests: 'The run stopped while its tests ran: see its stop reason (budget, request budget, interrupted).',
  notPlanned: "The plan found the budget or the target's quotas too small for it: `run --plan` prints what would fit; raise the budget or the quota.",
  withoutLoad: 'Add `--with-load` to measure RL-1.',
  notSelected: 'Run without `--only` to verify it.',
  notInReplay: 'A replay runs one property: nothing to do.',
  unanswered: 'The target answered no request at all: check `target.baseUrl` and that the server is up from this machine, then run again.',
};

/** What to do about each sentence of a verdict (certification.json `verdictReason`). */
export const VERDICT_SENTENCE_TODO: Record<VerdictCode, string> = {
  preflightStopped: 'Fix the keys the preflight named.',
  interrupted: 'Run again with time to finish.',
  failed: 'Show the vendor its failed MUSTs.',
  unanswered: 'The target answered nothing: check the URL and that it is up.',
  required: 'A MUST the certifier demands (`certify.require`) was left out: configure it.',
  open: 'Read the reason of each open MUST (this table).',
  nothingInScope: 'Configure at least the three operations of section 4.',
  selection: 'Run without `--only`/`--shard` for a certificate.',
  certified: 'Certified.',
};
