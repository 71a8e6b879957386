// What to do about a run's outcome: each exit code (by its name in core/exit-codes.ts), each run
// verdict (core/types.ts RunVerdict) and the common reasons a requirement is inconclusive, not run
// or skipped, as the kit writes them (runtime/harness.ts, runtime/verifies.ts, reports/certify.ts,
// reports/records/, reports/crash.ts, the plan). Typed records cover every code and verdict; a test
// holds the reasons to the code's words (test/scripts/troubleshooting.test.ts).
import type { EXIT } from '../../core/exit-codes.ts';
import type { RunVerdict } from '../../core/types.ts';
import type { Saying } from './preflight.ts';

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

/** A requirement's reason, or a run verdict's: its words as the code writes them, and what to do. */
export const REASONS: readonly Saying[] = [
  {
    says: 'requests were not sent: ',
    todo: 'The run stopped sending (its budget, `--max-requests`, a stop, or the target stopped answering): give the run more time or requests.',
  },
  {
    says: 'requests got no complete answer within target.timeoutMs',
    todo: 'The target was slower than `target.timeoutMs`: raise it, or ask the vendor why that request hangs.',
  },
  {
    says: 'requests were still refused with 429 after',
    todo: "The target's rate limit refused requests after every wait the run allows: state the quota in `run.rateLimit`, lower `run.concurrency`, or give a second token ([rate-limits-and-load.md](rate-limits-and-load.md)).",
  },
  {
    says: 'a value the run chose is already taken',
    todo: 'The target keeps a value unique (a mobile number, e-mail, GSTIN) and a value was taken: run again (the nonce changes), or start from a fresh staging database.',
  },
  { says: 'a finding rested on a request the run did not send', todo: 'As "requests were not sent": give the run more time or requests.' },
  {
    says: 'its tests ran, but their checks saw no exchange or item it applies to',
    todo: 'Nothing the requirement is about was seen (an empty list, no voucher of that kind): give fixtures that hold such data ([configuration.md](configuration.md)).',
  },
  { says: 'out of scope: ', todo: 'The config left it out (writes: false, an operation not configured): configure it, or accept it unverified.' },
  { says: 'not run: the preflight found the target or the fixtures not as the config says', todo: 'Fix the preflight problems first.' },
  { says: 'verifies it (merge the shards: erp-conformance report --merge', todo: 'Merge every shard: `erp-conformance report --merge DIR...`.' },
  { says: 'the run stopped (…) before it ran', todo: 'The run stopped early: see its stop reason (budget, request budget, interrupted).' },
  { says: 'no test of the selected suites verifies it', todo: 'A narrowed run: run without `--only` to verify it.' },
  {
    says: 'the run budget (run.maxDurationSeconds, --max-duration) was spent before it ran',
    todo: 'Raise `run.maxDurationSeconds` (or `--max-duration`); `run --plan` says what a run needs ([run-cost-and-quotas.md](run-cost-and-quotas.md)).',
  },
  { says: 'the run budget (run.maxDurationSeconds) was spent before this test started', todo: 'Raise `run.maxDurationSeconds`; `run --plan` sizes it.' },
  { says: 'the request budget (run.maxRequests) was spent before it ran', todo: 'Raise `run.maxRequests`, or leave it out.' },
  { says: 'the run was interrupted before it ran', todo: 'Run again, or resume it: `run --resume DIR`.' },
  { says: 'the run stopped at --max-failures MUST failures', todo: 'The run stopped at the failures asked for: fix them, or raise `--max-failures`.' },
  { says: 'before this test ended', todo: 'The run stopped while this test ran: give it more time.' },
  { says: 'before its tests ended', todo: 'The suite worker crashed (a bug of the kit, listed under "Run errors"): file it with `ERP_CONFORMANCE_DEBUG=1`.' },
  {
    says: 'not run by the plan (run --plan)',
    todo: "The plan found the budget or the target's quotas too small for it: `run --plan` prints what would fit; raise the budget or the quota.",
  },
  { says: 'rate limits are measured by the probe: run with --with-load', todo: 'Add `--with-load` to measure RL-1.' },
  { says: 'not selected (--only', todo: 'Run without `--only` to verify it.' },
  { says: 'not part of this replay', todo: 'A replay runs one property: nothing to do.' },
  // The verdict's sentence (certification.json verdictReason).
  { says: 'The preflight stopped the run before any suite', todo: 'Fix the keys the preflight named.' },
  { says: 'The run was interrupted: ', todo: 'Run again with time to finish.' },
  { says: 'MUST requirement(s) failed', todo: 'Show the vendor its failed MUSTs.' },
  { says: '(check target.baseUrl and that the server is up, then run again)', todo: 'The target answered nothing: check the URL and that it is up.' },
  { says: 'No MUST failed, but …: the target is neither', todo: 'A MUST the certifier demands (`certify.require`) was left out: configure it.' },
  { says: 'were inconclusive and … not run', todo: 'Read the reason of each open MUST (this table).' },
  { says: 'the config left all of them out', todo: 'Configure at least the three operations of section 4.' },
  { says: 'the rest of the catalogue did not run', todo: 'Run without `--only`/`--shard` for a certificate.' },
  { says: 'Every MUST requirement in scope passed', todo: 'Certified.' },
];
