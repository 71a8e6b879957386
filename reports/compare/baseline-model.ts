// What certification.json keeps of `run --baseline PREV` (its `baseline` field): the baseline,
// its age, how it differs, and the requirements whose status changed since, by list. Types only,
// read by the certificate's model and by reports/compare/baseline.ts, which fills them.
import type { Level, RunVerdict } from '../../core/types.ts';

export type FailOn = 'new' | 'any';

export type Named = { id: string; level: Level; title: string };

export interface BaselineSummary {
  path: string;
  startedAt: string;
  ageMs: number;
  /** Another kit version, config, target or selection, in words (said on the first line). */
  differs: string[];
  failOn: FailOn;
  verdictFrom: RunVerdict;
  newlyFailed: Named[];
  fixed: Named[];
  newlyInconclusive: Named[];
  newlyNotRun: Named[];
  scopeIn: Named[];
  scopeOut: Named[];
  /** Failed in the baseline and now: listed, never hidden. */
  knownFailures: Named[];
  newFindings: number;
  knownFindings: number;
  /** MUSTs failed now and not in the baseline: with --fail-on new, the run fails only on these. */
  newMustFailures: string[];
}
