// `run --max-failures N` (pytest's --maxfail, --exitfirst at 1): the run stops once N MUST
// requirements have failed; what had not run is "not run" with that reason, and the verdict is
// not certified, as any failed MUST makes it.
import { requirement } from '../../contract/requirements.ts';
import type { Collected } from '../phases/collector.ts';

/** The MUST requirements a finding of the tests done so far failed, each once. */
export function mustFailures(collected: Collected): string[] {
  const ids = new Set<string>();
  for (const t of collected.tests) for (const f of t.record?.findings ?? []) if (requirement(f.requirementId).level === 'MUST') ids.add(f.requirementId);
  return [...ids];
}

/** True once `max` MUST requirements failed (never when no maximum is set). */
export function enoughFailures(collected: Collected, max: number | undefined): boolean {
  return max !== undefined && mustFailures(collected).length >= max;
}
