// `run --resume DIR`: the checkpoint of a run is its records.json (every test's record, the run's
// facts and parts). A run cut by its budget or interrupted goes on from it against the same
// target and seed with what is not yet verified: the tests that did not end (stopped, never
// started) and verify a requirement still "not run". The tests that ended keep their findings and
// evidence (reports/records/parts.ts joins the parts). The granularity is the test: a property cut half way
// runs again from its first run, with the same seed (the same inputs).
import path from 'node:path';
import { requirements } from '../../contract/requirements.ts';
import type { SuiteName } from '../../core/types.ts';
import { certify } from '../../reports/certify.ts';
import { ended, idsOf } from '../../reports/model.ts';
import { testKey } from '../../reports/records/parts.ts';
import { readRecords, RecordsError, runFacts, type RunRecords } from '../../reports/records/records.ts';

export interface Resume {
  dir: string;
  previous: RunRecords;
  /** The tests (reports/records/parts.ts testKey) this part runs again. */
  rerun: Set<string>;
  /** Suites with a test to run again, or never started at all. */
  suites: Set<SuiteName>;
  /** Vitest's testNamePattern selecting those tests (and every test of a suite never started). */
  testNamePattern: string;
  /** What no part has verified yet. */
  undecided: string[];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const suiteOf = (file: string) => file.split('/')[1] as SuiteName;

/** Reads the checkpoint of DIR and plans what the next part runs. */
export function readCheckpoint(dirGiven: string): Resume {
  const dir = path.resolve(dirGiven);
  const previous = readRecords(dir);
  if (previous.shard)
    throw new RecordsError(
      `${dir} holds shard ${previous.shard.index}/${previous.shard.count}: resume each shard's own run is not supported; merge the shards (report --merge) or run again`,
    );
  if (previous.facts.selection?.some((s) => s.startsWith('replay of '))) throw new RecordsError(`${dir} holds the replay of one test: nothing to resume`);
  const cert = certify(previous.collected, runFacts(previous.facts, null));
  const undecided = new Set(cert.requirements.filter((r) => r.status === 'not-run').map((r) => r.id));
  const rerun = new Set<string>();
  const suites = new Set<SuiteName>();
  const patterns: string[] = [];
  const seen = new Set<string>();
  for (const t of previous.collected.tests) {
    const ids = idsOf(t, true);
    ids.forEach((id) => seen.add(id));
    if (ended(t) || !ids.some((id) => undecided.has(id))) continue;
    rerun.add(testKey(t));
    suites.add(suiteOf(t.file));
    patterns.push(`${escapeRegExp(t.file)}(?: .*)? ${escapeRegExp(t.name)}$`);
  }
  // A requirement no test of the earlier parts declared: its suite never started (the run stopped
  // before it, or the preflight stopped the run): all of that suite runs.
  const ran = new Set(previous.facts.suites);
  for (const r of requirements) {
    if (!undecided.has(r.id) || seen.has(r.id) || !ran.has(r.suite) || suites.has(r.suite)) continue;
    suites.add(r.suite);
    patterns.push(`suites/${escapeRegExp(r.suite)}/`);
  }
  return { dir, previous, rerun, suites, testNamePattern: patterns.length ? `(?:${patterns.join('|')})` : '^$', undecided: [...undecided] };
}

/** A new test (of a suite that never started before) counts as one this part runs. */
export function rerunsTest(resume: Resume, t: { file: string; name: string }): boolean {
  return resume.rerun.has(testKey(t)) || !resume.previous.collected.tests.some((p) => testKey(p) === testKey(t));
}

/** The flags of the run a resume goes on with: its target (config file or embedded reference), seed, runs, selection. */
export interface ResumedFlags {
  config?: string;
  fault: string[];
  profile?: string;
  seed: string;
  'num-runs': string;
  only?: string;
  'with-load': boolean;
}

/** What `run --resume` takes from the checkpoint; flags that would change the run are refused (`refuse`). */
export function resumedFlags(resume: Resume, given: Record<string, unknown>, refuse: (message: string) => never): ResumedFlags {
  const changing = ['seed', 'num-runs', 'only', 'shard', 'fault', 'profile', 'replay-test', 'with-load'].filter((f) => given[f] !== undefined);
  if (changing.length) refuse(`--resume goes on with the run's own target, seed, runs per property and selection: no --${changing.join(', --')}`);
  const f = resume.previous.facts;
  const inv = f.invocation ?? {};
  return {
    ...(given.config === undefined && inv.config !== undefined ? { config: inv.config } : {}),
    fault: inv.faults ?? [],
    ...(inv.profile ? { profile: inv.profile } : {}),
    seed: String(f.seed),
    'num-runs': String(f.numRuns),
    ...(f.selection ? { only: f.selection.join(',') } : {}),
    'with-load': f.withLoad,
  };
}

/** The resumed run must go against the target of the checkpoint (the embedded reference: a fresh one, on another port). */
export function sameTarget(resume: Resume, target: { name: string; baseUrl: string }, embedded: boolean): string | undefined {
  const was = resume.previous.facts.target;
  if (was.name !== target.name) return `${resume.dir} is a run against "${was.name}", not "${target.name}"`;
  if (!embedded && was.baseUrl !== target.baseUrl) return `${resume.dir} is a run against ${was.baseUrl}, not ${target.baseUrl}`;
  return undefined;
}

/** `run --resume DIR`: reads the checkpoint and puts the flags of the run it resumes into `values`. */
export function resumeRun(values: Record<string, unknown>, refuse: (message: string) => never): Resume {
  let resume: Resume;
  try {
    resume = readCheckpoint(String(values.resume));
  } catch (e) {
    if (e instanceof RecordsError) refuse(`--resume: ${e.message}`);
    throw e;
  }
  Object.assign(values, resumedFlags(resume, values, refuse));
  return resume;
}
