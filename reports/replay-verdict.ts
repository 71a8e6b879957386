// The verdict of a replay (`run --replay-test FILE::TEST [--property N --path P] --seed S`): it runs one test, or
// one input of one property of one test, so it says whether that test failed again, never
// whether the target conforms (as `selection-passed` says of an --only run). Reproduced: a MUST or
// SHOULD its test verifies failed (findings, or the test threw). Not reproduced: the test ran and
// none failed. Neither when the test did not run to its end (a run error, a name no test has).
import type { RunVerdict } from '../core/types.ts';
import type { ReplayedProperty, RequirementResult } from './model.ts';

const notACertificate = (r: ReplayedProperty) => `This is a replay of one ${r.path !== undefined ? 'property' : 'test'}, not a certification of the target.`;

/** The requirements the replayed test verifies (those it names or recorded; the others are not part of the replay). */
export const replayed = (results: RequirementResult[]) => results.filter((r) => r.tests.length > 0);

export function replayVerdict(
  results: RequirementResult[],
  errors: string[],
  replay: ReplayedProperty,
  requests: number,
): { verdict: RunVerdict; reason: string } {
  const NOT_A_CERTIFICATE = notACertificate(replay);
  const what = replay.path !== undefined ? `property ${replay.property ?? 0} of "${replay.test}" at path ${replay.path}` : `the test "${replay.test}"`;
  const mine = replayed(results);
  const failed = mine.filter((r) => r.status === 'failed' && r.level !== 'INFO');
  if (failed.length > 0) {
    const findings = failed.reduce((n, r) => n + r.findingCount, 0);
    return {
      verdict: 'reproduced',
      reason: `The failure was reproduced: ${what} failed again (${failed.map((r) => `${r.id} ${r.level}`).join(', ')}; ${findings} finding(s), ${requests} request(s)). ${NOT_A_CERTIFICATE}`,
    };
  }
  if (errors.length > 0)
    return {
      verdict: 'inconclusive',
      reason: `The replay did not run to its end (${errors.length} run error(s)): neither reproduced nor not. ${NOT_A_CERTIFICATE}`,
    };
  const ran = mine.filter((r) => r.status === 'passed' || r.status === 'observed' || r.status === 'inconclusive');
  if (ran.length === 0)
    return {
      verdict: 'inconclusive',
      reason: `The replayed test did not run (no test of ${replay.file} named "${replay.test}" ran to its end): neither reproduced nor not. ${NOT_A_CERTIFICATE}`,
    };
  return {
    verdict: 'not-reproduced',
    reason: `The failure was not reproduced: ${what} passed on its input (${ran.map((r) => `${r.id} ${r.status}`).join(', ')}; ${requests} request(s)). ${NOT_A_CERTIFICATE}`,
  };
}
