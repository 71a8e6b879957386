// A phase of a run, declared as data: its name, why it does not run in a given context (no
// reason: it runs), and what it does. A run is the loop over its phases in order: each is asked
// for its reason first, and what each did or why it did not is kept, in order, as the run's
// phases (the run result holds them; `run --plan` prints the phases it does not run). Why each of
// a run's phases does not run is a pure function of what is known when its turn comes: the mode,
// the options, the suites, the preflight's problems and why the run stopped.
import type { SuiteName } from '../../core/types.ts';
import type { StoppedBy } from '../../reports/model.ts';
import { passesOf, type RunMode } from '../mode.ts';
import type { PreflightResult } from './preflight/types.ts';

/** The phases of a run, in the order they come. */
export const PHASE_NAMES = ['preflight', 'plan', 'suites', 'load', 'certificate'] as const;

export type PhaseName = (typeof PHASE_NAMES)[number];

export interface Phase<C> {
  name: PhaseName;
  /** Why the phase does not run in `ctx`; undefined: it runs. Reads `ctx` only. */
  skipReason(ctx: C): string | undefined;
  run(ctx: C): Promise<void>;
}

/** What became of one phase: ran, or skipped with its reason. */
export interface PhaseRecord {
  name: PhaseName;
  skipped?: string;
}

/**
 * Runs `phases` in order on `ctx`, each asked first whether it runs. `done` hears each phase's
 * record as soon as its fate is known, so a run that throws half way still holds the phases before.
 */
export async function runPhases<C>(phases: readonly Phase<C>[], ctx: C, done: (record: PhaseRecord) => void = () => {}): Promise<PhaseRecord[]> {
  const records: PhaseRecord[] = [];
  for (const phase of phases) {
    const skipped = phase.skipReason(ctx);
    const record: PhaseRecord = skipped === undefined ? { name: phase.name } : { name: phase.name, skipped };
    records.push(record);
    done(record);
    if (skipped === undefined) await phase.run(ctx);
  }
  return records;
}

/** The line `run --plan` prints for a phase it does not run. */
export const skippedLine = (r: PhaseRecord): string => `phase ${r.name}: not run (${r.skipped})`;

/** What a phase's reason is decided from (the run's context holds all of it). */
export interface PhaseFacts {
  mode: RunMode;
  /** The run's options these reasons read (engine/options.ts RunOptions). */
  o: { preflight?: boolean; withLoad?: boolean; signal?: AbortSignal };
  suites: ReadonlySet<SuiteName>;
  /** The preflight's answer, once it ran. */
  checked?: Pick<PreflightResult, 'problems'>;
  /** Why a pass stopped the run early, once one did. */
  stoppedBy?: StoppedBy;
}

const PLAN_ONLY = '--plan: the preflight and the plan only';

/** The preflight's problems stop the run before its suites send anything. */
function preflightStops(f: PhaseFacts): string | undefined {
  const n = f.checked?.problems.length ?? 0;
  return n > 0 ? `the preflight found ${n === 1 ? 'a problem' : `${n} problems`}` : undefined;
}

/** The run stopped (its budget, enough failures, an interrupt) before this pass. */
function runStopped(f: PhaseFacts): string | undefined {
  if (f.stoppedBy) return `the run stopped before it (${f.stoppedBy})`;
  return f.o.signal?.aborted ? 'interrupted before it' : undefined;
}

export const skipPreflight = (f: PhaseFacts): string | undefined => {
  if (f.mode.kind === 'plan-only') return undefined;
  if (f.o.preflight === false) return '--no-preflight';
  if (f.mode.kind === 'replay') return 'a replay sends only the input it replays';
  return f.o.signal?.aborted ? 'interrupted before it' : undefined;
};

/** The plan is made in every mode: a replay's counts the one input it sends. */
export const skipPlan = (_f: PhaseFacts): string | undefined => undefined;

export const skipSuites = (f: PhaseFacts): string | undefined => {
  if (f.mode.kind === 'plan-only') return PLAN_ONLY;
  if (passesOf(f.suites).functional.length === 0) {
    if (f.mode.kind === 'resume') return 'the checkpoint leaves no functional test to run';
    if (f.mode.kind === 'replay') return 'the replayed test is not of a functional suite';
    return 'no functional suite selected';
  }
  return preflightStops(f) ?? runStopped(f);
};

export const skipLoad = (f: PhaseFacts): string | undefined => {
  if (f.mode.kind === 'plan-only') return PLAN_ONLY;
  if (passesOf(f.suites).load.length === 0) {
    if (f.mode.kind === 'resume') return 'the checkpoint leaves no rate-limit test to run';
    if (f.mode.kind === 'replay') return 'the replayed test is not of the rate-limit suite';
    return f.o.withLoad ? 'the rate-limit suite is not selected' : 'the rate-limit suite runs with --with-load only';
  }
  return preflightStops(f) ?? runStopped(f);
};

export const skipCertificate = (f: PhaseFacts): string | undefined => (f.mode.kind === 'plan-only' ? PLAN_ONLY : undefined);

/** Each phase's reason, by name. */
export const SKIP_REASONS: Record<PhaseName, (f: PhaseFacts) => string | undefined> = {
  preflight: skipPreflight,
  plan: skipPlan,
  suites: skipSuites,
  load: skipLoad,
  certificate: skipCertificate,
};

/** The phases that do not run whatever the phases before them find (what `run --plan` says it leaves out). */
export function skippedUpFront(f: PhaseFacts): PhaseRecord[] {
  return PHASE_NAMES.flatMap((name) => {
    const skipped = SKIP_REASONS[name](f);
    return skipped === undefined ? [] : [{ name, skipped }];
  });
}
