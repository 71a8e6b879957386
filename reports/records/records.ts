// records.json: what a run collected from vitest (every test's record, state and errors) and the
// facts of the run, so a certificate can be recomputed later: `report --merge` joins the records
// of the shards of a sharded run (`run --shard i/n`) and certifies them as one run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RunConfig } from '../../config/schema.ts';
import type { SuiteName } from '../../core/types.ts';
import type { Invocation, PreflightSummary, ReplayedProperty, RunFacts, RunPlan, RunIdentity, RunScope, StoppedBy } from '../model.ts';
import type { Collected } from './collected.ts';
import { parseExact, stringifyJson } from '../../core/json.ts';
import type { PartFacts } from '../model.ts';
import { storedFinding } from './stored-finding.ts';
import { sumFigures, type RunFigures } from '../figures.ts';
import type { CertifiedLimit } from '../limits.ts';
import { reasonSays } from '../../core/words/reasons.ts';

export const RECORDS_FORMAT = 'erp-conformance-records/1';

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

/** The serializable part of RunFacts (the reason of unselected requirements is derived). */
export interface RecordedFacts extends RunIdentity {
  suites: SuiteName[];
  selection: string[] | null;
  withLoad: boolean;
  /** Why the run ended before its suites did. */
  stoppedBy?: StoppedBy;
  invocation?: Invocation;
  pacing?: string;
  /** The limits the run knew and learnt, as numbers (reports/limits.ts); a merge of shards keeps the first's. */
  limits?: CertifiedLimit[];
  /** What the suite worker counted (reports/figures.ts); absent in records of older runs. */
  figures?: RunFigures;
  preflight?: PreflightSummary;
  plan?: RunPlan;
  /** The tests the plan gave no requests (by test id, with the plan's reason), as the worker was told. */
  notPlanned?: Record<string, string>;
  /** What the config put in scope (reports/scope.ts). */
  scope?: RunScope;
  /** A replay of one property (`run --replay-test`). */
  replay?: ReplayedProperty;
  /** What decides the run's scope and judgement besides the facts above: what `run --resume` restores (absent in older records). */
  settings?: RunSettings;
  /** What flags given anew to the last part narrow (engine/phases/resume-scope.ts), in words. */
  narrowed?: string[];
}

/** The settings of a run a resume goes on with unless given anew (engine/phases/resume-scope.ts). */
export interface RunSettings {
  maxDurationSeconds: number;
  maxRequests?: number;
  rateLimit?: RunConfig['run']['rateLimit'];
  /** The load caps: what the rate-limit suite may send (its RL verdicts rest on them). */
  load: { maxRequests: number; maxSeconds: number; maxConcurrency: number };
  maxFailures?: number;
  limitsFrom?: string;
  preflight: boolean;
  strict: boolean;
}

const STOPPED_REASONS: Record<StoppedBy, string> = {
  budget: reasonSays('budgetSpent'),
  'max-requests': reasonSays('requestsSpent'),
  interrupted: reasonSays('interrupted'),
  'max-failures': reasonSays('maxFailures'),
};

export interface RunRecords {
  format: typeof RECORDS_FORMAT;
  shard: Shard | null;
  facts: RecordedFacts;
  collected: Collected;
  /** A run resumed with `run --resume`: each part (reports/records/parts.ts). */
  parts?: PartFacts[];
}

export class RecordsError extends Error {}

/** "2/3" -> { index: 2, count: 3 }; undefined for anything else. */
export function parseShard(text: string): Shard | undefined {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) return undefined;
  const [index, count] = [Number(m[1]), Number(m[2])];
  return index >= 1 && count >= 1 && index <= count && count <= 64 ? { index, count } : undefined;
}

export function runFacts(f: RecordedFacts, shard: Shard | null): RunFacts {
  return {
    ...f,
    suites: new Set(f.suites),
    ...(shard ? { shard } : {}),
    ...(f.stoppedBy ? { stoppedReason: STOPPED_REASONS[f.stoppedBy] } : {}),
    unselectedReason: (r) =>
      f.replay
        ? reasonSays('notInReplay', { replayed: `${f.replay.path !== undefined ? `property ${f.replay.property ?? 0} of ` : ''}"${f.replay.test}"` })
        : r.suite === 'rate-limit' && !f.withLoad
          ? reasonSays('withoutLoad')
          : reasonSays('notSelected', { selection: f.selection?.join(',') }),
  };
}

export function readRecords(dir: string): RunRecords {
  const file = path.join(dir, 'records.json');
  let data: RunRecords;
  try {
    data = parseExact(readFileSync(file, 'utf8')) as RunRecords; // a large id keeps its digits
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new RecordsError(
      `cannot read ${file}: ${code === 'ENOENT' ? 'no such file (was the folder written by `erp-conformance run`?)' : (e as Error).message}`,
    );
  }
  if (data?.format !== RECORDS_FORMAT)
    throw new RecordsError(`${file} is not a records file of this kit (format ${stringifyJson(data?.format)}, expected ${RECORDS_FORMAT})`);
  // An older run's findings carry their words instead of received/expected (reports/records/stored-finding.ts).
  for (const t of data.collected?.tests ?? []) if (Array.isArray(t.record?.findings)) t.record.findings = t.record.findings.map(storedFinding);
  return data;
}

/**
 * The embedded reference (no --config, no --base-url) starts on a free port in each shard: its
 * shards are one target, told apart by name (profile and faults), not by the port.
 */
function targetOf(f: RecordedFacts): string {
  const i = f.invocation;
  const embedded = i !== undefined && !i.config && !i.baseUrl;
  return embedded ? `the embedded reference (${f.target.name})` : f.target.baseUrl;
}

/** Facts every shard of one run shares; a mismatch means the folders come from different runs. */
const SAME: ((f: RecordedFacts) => unknown)[] = [
  targetOf,
  (f) => f.target.name,
  (f) => f.suiteVersion,
  (f) => f.seed,
  (f) => f.numRuns,
  (f) => f.selection?.join(','),
  (f) => f.withLoad,
  (f) => [...f.suites].sort().join(','),
];
const SAME_NAMES = ['target.baseUrl', 'target.name', 'suiteVersion', 'seed', 'numRuns', 'selection', 'withLoad', 'suites'];

/** The gravest stop of the shards: an interrupt, then the run budget, then the request budget. */
const STOP_ORDER: StoppedBy[] = ['interrupted', 'budget', 'max-requests', 'max-failures'];

/**
 * The facts of the whole run, from its shards': any shard's stop stops the whole (its requirements
 * not run say why); the preflights (each shard checks the target before its suites) add up, each
 * problem and note named once; the pacing of each shard is kept when they differ.
 */
function mergedFacts(shards: RunRecords[]): RecordedFacts {
  const facts = shards.map((r) => r.facts);
  const stoppedBy = STOP_ORDER.find((s) => facts.some((f) => f.stoppedBy === s));
  const checked = facts.filter((f) => f.preflight);
  const seen = new Set<string>();
  const preflight: PreflightSummary | undefined = checked.length
    ? {
        problems: checked
          .flatMap((f) => f.preflight!.problems)
          .filter((p) => !seen.has(`${p.key}\u0000${p.problem}`) && !!seen.add(`${p.key}\u0000${p.problem}`)),
        notes: [...new Set(checked.flatMap((f) => f.preflight!.notes))],
        requests: checked.reduce((n, f) => n + f.preflight!.requests, 0),
      }
    : undefined;
  const pacings = [...new Set(facts.map((f) => f.pacing).filter((p): p is string => !!p))];
  // Shards run side by side: their wall times add up to more than the run's.
  const counted = facts.every((f) => f.figures)
    ? { ...sumFigures(facts.map((f) => f.figures!)), waited: 'wall time, summed over the shards' as const }
    : undefined;
  const { stoppedBy: _s, preflight: _p, pacing: _q, figures: _f, ...rest } = facts[0]!;
  return {
    ...rest,
    ...(counted ? { figures: counted } : {}),
    ...(stoppedBy ? { stoppedBy } : {}),
    ...(preflight ? { preflight } : {}),
    ...(pacings.length
      ? { pacing: pacings.length === 1 ? pacings[0]! : shards.map((r) => `shard ${r.shard?.index}: ${r.facts.pacing ?? 'not recorded'}`).join('; ') }
      : {}),
  };
}

/**
 * Joins the records of every shard of one run. Every shard 1..n must be given exactly once, and
 * all must come from the same run settings (target, seed, runs per property, selection).
 */
export function mergeRecords(list: { dir: string; records: RunRecords }[]): RunRecords {
  if (list.length === 0) throw new RecordsError('no folders to merge');
  if (list.length === 1 && list[0]!.records.shard === null) return list[0]!.records;
  const first = list[0]!;
  const count = first.records.shard?.count;
  const seen = new Map<number, string>();
  for (const { dir, records } of list) {
    const s = records.shard;
    if (!s) throw new RecordsError(`${dir} holds an unsharded run: only the shards of one run (run --shard i/n) can be merged`);
    if (s.count !== count)
      throw new RecordsError(`${dir} is shard ${s.index}/${s.count}, ${first.dir} is shard ${first.records.shard!.index}/${count}: not the same split`);
    if (seen.has(s.index)) throw new RecordsError(`shard ${s.index}/${s.count} is given twice (${seen.get(s.index)} and ${dir})`);
    seen.set(s.index, dir);
    SAME.forEach((get, i) => {
      if (stringifyJson(get(records.facts)) !== stringifyJson(get(first.records.facts)))
        throw new RecordsError(
          `${dir} and ${first.dir} differ in ${SAME_NAMES[i]} (${stringifyJson(get(records.facts))} and ${stringifyJson(get(first.records.facts))}): not shards of the same run; run every shard with the same --config (or the same embedded reference), --seed, --num-runs and --only`,
        );
    });
  }
  const missing = Array.from({ length: count! }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length) throw new RecordsError(`shard(s) ${missing.map((i) => `${i}/${count}`).join(', ')} missing: every shard of the run is needed`);

  const starts = list.map((l) => Date.parse(l.records.facts.startedAt));
  const ends = list.map((l, i) => starts[i]! + l.records.facts.durationMs);
  const sorted = [...list].sort((a, b) => a.records.shard!.index - b.records.shard!.index);
  return {
    format: RECORDS_FORMAT,
    shard: null,
    facts: {
      ...mergedFacts(sorted.map((l) => l.records)),
      startedAt: new Date(Math.min(...starts)).toISOString(),
      durationMs: Math.max(...ends) - Math.min(...starts),
    },
    collected: {
      tests: sorted.flatMap((l) => l.records.collected.tests),
      errors: sorted.flatMap((l) => l.records.collected.errors.map((e) => `shard ${l.records.shard!.index}/${count}: ${e}`)),
      // A shard whose worker died: a crash of the whole run.
      ...(sorted.some((l) => l.records.collected.crashes?.length) ? { crashes: sorted.flatMap((l) => l.records.collected.crashes ?? []) } : {}),
    },
  };
}
