// What `run --resume DIR` takes from the checkpoint (engine/phases/checkpoint.ts), so the resumed
// run keeps the scope of the run it resumes: its target, seed, runs per property, selection and
// --with-load (given otherwise anew: refused), and its settings (RunSettings: the budgets, the
// stated rate limit, the load caps, --max-failures, --limits-from, --no-preflight, --strict),
// each the checkpoint's unless given anew. A flag given anew that narrows the part (--only with
// fewer prefixes, a config that leaves an operation out) is said on the first line and in the
// certificate (RecordedFacts.narrowed); a flag that would widen it is refused.
import type { RunConfig } from '../../config/schema.ts';
import { prefixOf, requirements } from '../../contract/requirements.ts';
import type { SuiteName } from '../../core/types.ts';
import { RecordsError, type RecordedFacts, type RunSettings } from '../../reports/records/records.ts';
import { runScope } from '../../reports/scope.ts';
import { selectSuites } from '../mode.ts';
import type { RunOptions } from '../options.ts';
import { readCheckpoint, type Resume } from './checkpoint.ts';

/** The settings a run records for a resume: its config's run and load caps after the flags, and its options. */
export function settingsOf(o: Pick<RunOptions, 'config' | 'maxFailures' | 'limitsFrom' | 'preflight' | 'strict'>): RunSettings {
  const { run, load } = o.config;
  return {
    maxDurationSeconds: run.maxDurationSeconds,
    ...(run.maxRequests !== undefined ? { maxRequests: run.maxRequests } : {}),
    ...(run.rateLimit !== undefined ? { rateLimit: run.rateLimit } : {}),
    load: { maxRequests: load.maxRequests, maxSeconds: load.maxSeconds, maxConcurrency: load.maxConcurrency },
    ...(o.maxFailures !== undefined ? { maxFailures: o.maxFailures } : {}),
    ...(o.limitsFrom !== undefined ? { limitsFrom: o.limitsFrom } : {}),
    preflight: o.preflight !== false,
    strict: o.strict ?? false,
  };
}

/** The run's scope in words: its selection, --with-load, runs per property and seed. */
export function scopeWords(f: Pick<RecordedFacts, 'selection' | 'withLoad' | 'numRuns' | 'seed'>): string {
  const selection = f.selection ? `--only ${f.selection.join(',')}` : 'every suite';
  return `${selection}${f.withLoad ? ' with --with-load' : ', no --with-load'}, ${f.numRuns} runs per property, seed ${f.seed}`;
}

/** The first line of a resumed run: the scope of the run it resumes, what flags given anew narrow, what is left. */
export function resumeLine(resume: Resume, suites: ReadonlySet<SuiteName>): string {
  const narrowed = resume.narrowed.length ? `; narrowed by flags given anew: ${resume.narrowed.join('; ')}` : '';
  const left = `${resume.undecided.length} requirement(s) not yet verified, ${resume.rerun.size} test(s) to run again${suites.size ? '' : ' (nothing: the run had ended)'}`;
  return `resuming ${resume.dir} (its scope: ${scopeWords(resume.previous.facts)}${narrowed}): ${left}`;
}

/** The prefixes of `--only` as given ("os, cu" -> ["OS", "CU"]). */
const prefixesOf = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);

/** What `run --resume` puts into the command's values; flags that would change the run's scope are refused. */
export function resumedFlags(facts: RecordedFacts, given: Record<string, unknown>, refuse: (message: string) => never): Record<string, unknown> {
  const other = (flag: string, was: string) => given[flag] !== undefined && String(given[flag]) !== was;
  const changing = [
    ...['shard', 'fault', 'profile', 'replay-test'].filter((f) => given[f] !== undefined),
    ...(other('seed', String(facts.seed)) ? ['seed'] : []),
    ...(other('num-runs', String(facts.numRuns)) ? ['num-runs'] : []),
    ...(given['with-load'] !== undefined && given['with-load'] !== facts.withLoad ? ['with-load'] : []),
  ];
  if (changing.length) refuse(`--resume goes on with the run's own target, seed, runs per property and selection: no --${changing.join(', --')}`);
  const inv = facts.invocation ?? {};
  const anew = given.config !== undefined || given['base-url'] !== undefined;
  const s = facts.settings;
  return {
    ...(!anew && inv.config !== undefined ? { config: inv.config } : {}),
    ...(!anew && inv.baseUrl !== undefined ? { 'base-url': inv.baseUrl, ...(inv.tokenEnv ? { 'token-env': inv.tokenEnv } : {}) } : {}),
    fault: inv.faults ?? [],
    ...(inv.profile ? { profile: inv.profile } : {}),
    seed: String(facts.seed),
    'num-runs': String(facts.numRuns),
    only: facts.selection ? facts.selection.join(',') : undefined,
    'with-load': facts.withLoad,
    ...(s?.maxFailures !== undefined && given['max-failures'] === undefined ? { 'max-failures': String(s.maxFailures) } : {}),
    ...(s?.limitsFrom !== undefined && given['limits-from'] === undefined ? { 'limits-from': s.limitsFrom } : {}),
    ...(s && !s.preflight ? { 'no-preflight': true } : {}),
    ...(s?.strict ? { strict: true } : {}),
  };
}

/** `--only` given anew: the suites it narrows the part to, and its words; a prefix the run resumed did not select is refused. */
export function narrowedOnly(facts: RecordedFacts, text: string, refuse: (message: string) => never): { suites: Set<SuiteName>; words: string } {
  const wanted = prefixesOf(text);
  const known = new Set(requirements.map((r) => prefixOf(r.id)));
  const unknown = wanted.filter((p) => !known.has(p));
  if (unknown.length) refuse(`--only: unknown prefix ${unknown.join(', ')} (known: ${[...known].join(', ')})`);
  const wider = wanted.filter((p) => (facts.selection ? !facts.selection.includes(p) : p === 'RL' && !facts.withLoad));
  if (wider.length) refuse(`--resume --only narrows the run it resumes, never widens it: ${wider.join(', ')} is not in its scope (${scopeWords(facts)})`);
  const suites = selectSuites(wanted, facts.withLoad);
  const left = facts.suites.filter((x) => !suites.has(x));
  return { suites, words: `--only ${wanted.join(',')}${left.length ? ` (${left.join(', ')} not run in this part)` : ''}` };
}

/** The config of the resumed part: the checkpoint's budgets, rate limit and load caps, except those given anew. */
export function restoredConfig(config: RunConfig, s: RunSettings | undefined, given: ReadonlySet<string>): RunConfig {
  if (!s) return config;
  const run = { ...config.run };
  if (!given.has('max-duration')) run.maxDurationSeconds = s.maxDurationSeconds;
  if (!given.has('max-requests')) {
    delete run.maxRequests;
    if (s.maxRequests !== undefined) run.maxRequests = s.maxRequests;
  }
  if (!given.has('rate-limit')) {
    delete run.rateLimit;
    if (s.rateLimit !== undefined) run.rateLimit = s.rateLimit;
  }
  return { ...config, run, load: { ...config.load, ...s.load } };
}

/** The operations the run resumed covered that `config` (given anew, or the same file changed) leaves out, in words. */
export function narrowedConfig(facts: RecordedFacts, config: RunConfig): string | undefined {
  const now = new Set(runScope(config).operations);
  const lost = (facts.scope?.operations ?? []).filter((op) => !now.has(op));
  return lost.length ? `the config leaves out ${lost.join(', ')}` : undefined;
}

/**
 * `run --resume DIR`: reads the checkpoint and puts the flags of the run it resumes into `values`;
 * `restore` gives the part's config the checkpoint's settings (those not given anew) and says what
 * the config narrows.
 */
export function resumeRun(values: Record<string, unknown>, refuse: (message: string) => never): { resume: Resume; restore: (config: RunConfig) => RunConfig } {
  const given = new Set(Object.keys(values).filter((k) => values[k] !== undefined));
  const dir = String(values.resume);
  let resume: Resume;
  try {
    resume = readCheckpoint(dir);
    const facts = resume.previous.facts;
    const only = values.only === undefined ? undefined : narrowedOnly(facts, String(values.only), refuse);
    Object.assign(values, resumedFlags(facts, values, refuse));
    if (only) resume = { ...readCheckpoint(dir, only.suites), narrowed: [only.words] };
  } catch (e) {
    if (e instanceof RecordsError) refuse(`--resume: ${e.message}`);
    throw e;
  }
  const restore = (config: RunConfig) => {
    const narrowed = narrowedConfig(resume.previous.facts, config);
    if (narrowed) resume.narrowed.push(narrowed);
    return restoredConfig(config, resume.previous.facts.settings, given);
  };
  return { resume, restore };
}
