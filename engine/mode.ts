// What kind of run this is, decided once: the whole of the selection (full), one shard of the
// suite files, the rest of a checkpoint (resume), one property failure (replay), or the
// preflight and the plan alone (plan-only, `run --plan`). The phases read the mode, never the
// flags it came from; the suites a run goes through follow from it, and so does its scope: a
// resume's is the checkpoint's.
import { prefixOf, requirements } from '../contract/requirements.ts';
import type { SuiteName } from '../core/types.ts';
import type { Shard } from '../reports/records/records.ts';
import type { ReplayTarget } from '../runtime/protocol.ts';
import type { Resume } from './phases/checkpoint.ts';

export type RunMode =
  { kind: 'full' } | { kind: 'shard'; shard: Shard } | { kind: 'resume'; resume: Resume } | { kind: 'replay'; replay: ReplayTarget } | { kind: 'plan-only' };

export type RunModeKind = RunMode['kind'];

/** The flags a mode comes from: `--plan`, `--replay-test`, the checkpoint `--resume` read, `--shard`. */
export interface ModeFlags {
  plan?: boolean;
  replay?: ReplayTarget;
  resume?: Resume;
  shard?: Shard;
}

/**
 * The run's mode. `--plan` sends nothing beyond the preflight, whatever else is asked; a replay,
 * a resume and a shard exclude each other (the command line refuses them together).
 */
export function runModeOf(f: ModeFlags): RunMode {
  if (f.plan) return { kind: 'plan-only' };
  const given = (['replay', 'resume', 'shard'] as const).filter((k) => f[k] !== undefined);
  if (given.length > 1) throw new Error(`a run is one of replay, resume or shard, not ${given.join(' and ')}`);
  if (f.replay) return { kind: 'replay', replay: f.replay };
  if (f.resume) return { kind: 'resume', resume: f.resume };
  if (f.shard) return { kind: 'shard', shard: f.shard };
  return { kind: 'full' };
}

/** The mode's flags again, as RunOptions holds them. */
export const replayOf = (m: RunMode): ReplayTarget | undefined => (m.kind === 'replay' ? m.replay : undefined);
export const resumeOf = (m: RunMode): Resume | undefined => (m.kind === 'resume' ? m.resume : undefined);
export const shardOf = (m: RunMode): Shard | undefined => (m.kind === 'shard' ? m.shard : undefined);

/** What decides which requirements a run has in scope: its selection, --with-load, seed and runs per property. */
export interface RunScopeFlags {
  only: string[] | undefined;
  withLoad: boolean;
  seed: number | undefined;
  numRuns: number | undefined;
}

/**
 * The run's scope: a resume's is the checkpoint's (the run it resumes), whatever the options say
 * (a flag given anew that narrows the part narrows its suites, never this); the others' is the options'.
 */
export function scopeOf(m: RunMode, o: { only?: string[]; withLoad?: boolean; seed?: number; numRuns?: number }): RunScopeFlags {
  if (m.kind === 'resume') {
    const f = m.resume.previous.facts;
    return { only: f.selection ?? undefined, withLoad: f.withLoad, seed: f.seed, numRuns: f.numRuns };
  }
  return { only: o.only, withLoad: o.withLoad ?? false, seed: o.seed, numRuns: o.numRuns };
}

/** Whether the run's tests are the whole selection: the plan of the whole then describes them. */
export const runsWhole = (m: RunMode): boolean => m.kind === 'full';

const SUITES: SuiteName[] = ['envelope-auth', 'order-status', 'customer', 'report', 'index-operations', 'rate-limit'];

/** Suites selected by `--only` prefixes (ENV, AUTH, VER, ST, OS, CU, RP, RL). */
export function selectSuites(only: string[] | undefined, withLoad: boolean): Set<SuiteName> {
  const wanted = only?.map((p) => p.toUpperCase());
  const suites = new Set(requirements.filter((r) => !wanted || wanted.includes(prefixOf(r.id))).map((r) => r.suite));
  if (!withLoad) suites.delete('rate-limit');
  return new Set(SUITES.filter((s) => suites.has(s)));
}

/** The suites the run goes through: the replayed test's, those the checkpoint has left, or the selection's. */
export function suitesOf(m: RunMode, only: string[] | undefined, withLoad: boolean): Set<SuiteName> {
  if (m.kind === 'replay') return new Set([m.replay.file.split('/')[1] as SuiteName]);
  if (m.kind === 'resume') return new Set(SUITES.filter((s) => m.resume.suites.has(s)));
  return selectSuites(only, withLoad);
}

/** The run's passes: the functional suites, then the rate-limit suite alone (the load pass). */
export function passesOf(suites: ReadonlySet<SuiteName>): { functional: SuiteName[]; load: SuiteName[] } {
  return { functional: [...suites].filter((x) => x !== 'rate-limit'), load: suites.has('rate-limit') ? ['rate-limit'] : [] };
}
