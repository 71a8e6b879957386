// The run's verdict and its sentence, from the summary of the certificate (reports/certify.ts
// makes it), and the exit code of each verdict; a target that answered nothing at all makes every
// requirement inconclusive, whatever its tests sent. The sentences are the table's
// (core/words/reasons.ts VERDICT_WORDS).
import type { RunVerdict, Verdict } from '../core/types.ts';
import type { Certification, RequirementResult, RunFacts } from './model.ts';
import type { CollectedTest } from './records/collected.ts';
import { EXIT, exitCodeOfSignal, type ExitCode } from '../core/exit-codes.ts';
import { reasonSays, verdictSays } from '../core/words/reasons.ts';

const sum = (tests: CollectedTest[], f: (t: CollectedTest) => number) => tests.reduce((n, t) => n + f(t), 0);

/**
 * A target that answered none of the requests the run sent (every connection refused, reset or
 * timed out) showed nothing any rule is about: its requirements are inconclusive, whichever of
 * its tests happened to send before the run's breaker opened. A target that answered some
 * requests and dropped others keeps its findings: it failed on those inputs.
 */
export function unanswered(results: RequirementResult[], tests: CollectedTest[]): { results: RequirementResult[]; reason?: string } {
  const sent = sum(tests, (t) => t.record?.requests ?? 0);
  const answered = sum(tests, (t) => t.record?.answered ?? 0);
  // Records from before `answered` was counted (a merged old shard) are left as they were.
  if (sent === 0 || answered > 0 || tests.some((t) => t.record && t.record.answered === undefined)) return { results };
  const first = tests.map((t) => t.record?.firstFailure).find(Boolean);
  const reason = reasonSays('unanswered', { sent, first });
  return {
    results: results.map((r) => (r.status === 'passed' || r.status === 'failed' || r.status === 'observed' ? { ...r, status: 'inconclusive', reason } : r)),
    reason,
  };
}

/** The run's verdict and the sentence that explains it. */
export function runVerdict(
  summary: Certification['summary'],
  errors: string[],
  facts: Pick<RunFacts, 'selection' | 'shard' | 'stoppedBy' | 'preflight'> & { unanswered?: string; crash?: string },
  scope: { sentence?: string; known?: boolean; required?: string } = {},
): { verdict: RunVerdict; reason: string } {
  // The scope follows every verdict of a run that knows it (records of older runs do not); a
  // certificate always names what it leaves out.
  const said = scope.sentence ? ` ${scope.sentence}` : '';
  const then = scope.known ? said : '';
  const must = summary.MUST;
  const open = must.inconclusive + must['not-run'];
  const problems = facts.preflight?.problems ?? [];
  if (problems.length)
    return {
      verdict: 'preflight-failed',
      reason: verdictSays('preflightStopped', { count: problems.length, key: problems[0]!.key }),
    };
  if (facts.stoppedBy === 'interrupted')
    return {
      verdict: 'interrupted',
      reason: verdictSays('interrupted', { passed: must.passed, failed: must.failed, open }),
    };
  if (must.failed > 0 || errors.length > 0) {
    // A dead worker is named first: it is why the MUSTs its tests had not verified are not run.
    const crash = facts.crash ? ` ${facts.crash[0]!.toUpperCase()}${facts.crash.slice(1)}: ${must['not-run']} MUST requirement(s) not run.` : '';
    return {
      verdict: 'not-certified',
      reason: verdictSays('failed', { failed: must.failed, errors: errors.length, crash, then }),
    };
  }
  if (open > 0 && facts.unanswered) return { verdict: 'inconclusive', reason: verdictSays('unanswered', { unanswered: facts.unanswered }) };
  // The certifier's own demand (config certify): what it names must be in scope and verified.
  if (scope.required && !facts.selection && !facts.shard)
    return { verdict: 'inconclusive', reason: verdictSays('required', { required: scope.required, then }) };
  if (open > 0)
    return {
      verdict: 'inconclusive',
      reason: verdictSays('open', { inconclusive: must.inconclusive, notRun: must['not-run'], then }),
    };
  // A certificate says what was verified: one with every MUST skipped would certify nothing.
  if (must.passed === 0 && !facts.selection && !facts.shard) return { verdict: 'inconclusive', reason: verdictSays('nothingInScope', { then }) };
  if (facts.selection || facts.shard) {
    const what = facts.shard ? `shard ${facts.shard.index}/${facts.shard.count}` : `the selection --only ${facts.selection!.join(',')}`;
    return {
      verdict: 'selection-passed',
      reason: verdictSays('selection', { what, passed: must.passed }),
    };
  }
  return {
    verdict: 'certified',
    reason: verdictSays('certified', { passed: must.passed, said }),
  };
}

/** The exit code of a verdict (core/types.ts RunVerdict). */
export function exitCodeOf(verdict: RunVerdict, signal?: 'SIGINT' | 'SIGTERM'): ExitCode {
  switch (verdict) {
    case 'certified':
    case 'selection-passed':
    case 'not-reproduced':
      return EXIT.ok;
    case 'not-certified':
    case 'reproduced':
      return EXIT.failed;
    case 'preflight-failed':
      return EXIT.preflightFailed;
    case 'inconclusive':
      return EXIT.inconclusive;
    case 'interrupted':
      return exitCodeOfSignal(signal ?? 'SIGINT');
  }
}

export function emptySummary(): Certification['summary'] {
  const zero = (): Record<Verdict, number> => ({ passed: 0, failed: 0, observed: 0, inconclusive: 0, skipped: 0, 'not-run': 0 });
  return { MUST: zero(), SHOULD: zero(), INFO: zero() };
}
