// One reading of a relation, held until it is judged. A relation between answers read at different
// moments (the pages of one walk, ranges against their union, a filter against the unfiltered
// report) says something about the vendor only when the data stayed still while it was read: on a
// shared staging server other integrators write while the run reads. A test reads such a relation
// through a held round of its harness: the same harness, whose evidence, findings and "could not
// verify" reasons are kept aside until the caller knows whether the data stayed still. Committed,
// they count as the test's own; dropped, the reading left no trace but the requests it sent.
import type { Finding } from '../core/types.ts';
import type { CheckResult } from '../contract/checks/finding.ts';
import type { Harness } from './harness.ts';

/** What a held round kept aside. */
interface Held {
  notes: [id: string, n: number, via: string | undefined][];
  findings: Finding[];
  reasons: [ids: string[], reason: string][];
}

/** A harness whose relation reads are fresh (round > 0: never an answer read before this round). */
export interface RoundHarness extends Harness {
  /** 0: the run's shared answers; n > 0: answers of this round only. */
  readonly readRound: number;
}

/** The round a harness reads in: 0 for a test's own harness. */
export function readRoundOf(h: Harness): number {
  return (h as Partial<RoundHarness>).readRound ?? 0;
}

export interface HeldRound {
  /** The harness to read and judge the relation with: `add`, `note`, `fail`, `check` and `inconclusive` are kept aside. */
  readonly h: RoundHarness;
  /** The findings kept aside so far (what the relation found in this round). */
  findings(): Finding[];
  /** Requirements the round saw evidence for, and those it gave a reason for not verifying. */
  evidenced(): Set<string>;
  reasoned(): Set<string>;
  /**
   * Makes the round's evidence and reasons the test's own, for the requirements `which` accepts
   * (all when absent); returns their findings (kept unless inside a property: `h.add`).
   */
  commit(which?: (requirementId: string) => boolean): Finding[];
}

/**
 * A held round of `h` reading in `round`. The view is `h` itself underneath (its record, client
 * and run are the test's): only what a judgement leaves behind is intercepted.
 */
export function holdRound(h: Harness, round: number): HeldRound {
  const held: Held = { notes: [], findings: [], reasons: [] };
  const view = Object.create(h) as RoundHarness & Record<string, unknown>;
  Object.defineProperty(view, 'readRound', { value: round });
  view.note = (id: string, n = 1, via?: string) => void held.notes.push([id, n, via]);
  view.add = (found: Finding[] | CheckResult) => {
    const findings = Array.isArray(found) ? found : view.applied(found);
    held.findings.push(...findings);
    return findings;
  };
  view.inconclusive = (ids: string | string[], reason: string) => void held.reasons.push([typeof ids === 'string' ? [ids] : ids, reason]);
  return {
    h: view,
    findings: () => held.findings,
    evidenced: () => new Set(held.notes.map(([id]) => id)),
    reasoned: () => new Set(held.reasons.flatMap(([ids]) => ids)),
    commit: (which = () => true) => {
      for (const [id, n, via] of held.notes) if (which(id)) h.note(id, n, via);
      for (const [ids, reason] of held.reasons) {
        const kept = ids.filter(which);
        if (kept.length > 0) h.inconclusive(kept, reason);
      }
      return h.add(held.findings.filter((f) => which(f.requirementId)));
    },
  };
}
