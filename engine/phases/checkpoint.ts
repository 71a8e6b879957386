// `run --resume DIR`: the checkpoint of a run is its records.json (every test's record, the run's
// facts and parts). A run cut by its budget or interrupted goes on from it against the same
// target and seed with what is not yet verified: the tests that did not end (stopped, never
// started) and verify a requirement still "not run". The tests that ended keep their findings and
// evidence (reports/records/parts.ts joins the parts). The granularity is the test: a property cut half way
// runs again from its first run, with the same seed (the same inputs); the rate-limit suite's, all
// of its tests (they share its probe's measurement). What the checkpoint holds of
// the run's scope, and the flags a resume takes from it: engine/phases/resume-scope.ts.
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
  /** Vitest's testNamePattern selecting those tests (and every test of a suite never started) in
   *  the functional pass, whose full names hold the suite file (runtime/side-by-side.test.ts). */
  testNamePattern: string;
  /** The same for the rate-limit pass: it loads its files one by one, so its full names hold no file. */
  loadNamePattern: string;
  /** What no part has verified yet. */
  undecided: string[];
  /** What flags given anew narrow (engine/phases/resume-scope.ts): said on the first line and in the certificate. */
  narrowed: string[];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const suiteOf = (file: string) => file.split('/')[1] as SuiteName;
/** What a part runs again of one suite: one test (file and name), or all of it (a suite never started). */
interface Rerun {
  suite: SuiteName;
  test?: { file: string; name: string };
}

/** Vitest's testNamePattern of `reruns`: with the suite file in the full name (functional pass) or without (rate-limit pass). */
function patternOf(reruns: Rerun[], withFile: boolean): string {
  const patterns = reruns.map(({ suite, test: t }) => {
    if (!t) return withFile ? `suites/${escapeRegExp(suite)}/` : '^';
    return withFile ? `${escapeRegExp(t.file)}(?: .*)? ${escapeRegExp(t.name)}$` : `^(?:.* )?${escapeRegExp(t.name)}$`;
  });
  return patterns.length ? `(?:${patterns.join('|')})` : '^$';
}

/** Reads the checkpoint of DIR and plans what the next part runs: of the suites in `only` alone, when a flag given anew narrows it. */
export function readCheckpoint(dirGiven: string, only?: ReadonlySet<SuiteName>): Resume {
  const dir = path.resolve(dirGiven);
  const previous = readRecords(dir);
  if (previous.shard)
    throw new RecordsError(
      `${dir} holds shard ${previous.shard.index}/${previous.shard.count}: resume each shard's own run is not supported; merge the shards (report --merge) or run again`,
    );
  if (previous.facts.selection?.some((s) => s.startsWith('replay of '))) throw new RecordsError(`${dir} holds the replay of one test: nothing to resume`);
  const cert = certify(previous.collected, runFacts(previous.facts, null));
  const undecided = new Set(cert.requirements.filter((r) => r.status === 'not-run').map((r) => r.id));
  const reruns: Rerun[] = [];
  const seen = new Set<string>();
  for (const t of previous.collected.tests) {
    const ids = idsOf(t, true);
    ids.forEach((id) => seen.add(id));
    if (ended(t) || !ids.some((id) => undecided.has(id))) continue;
    reruns.push({ suite: suiteOf(t.file), test: { file: t.file, name: t.name } });
  }
  // A requirement no test of the earlier parts declared: its suite never started (the run stopped
  // before it, or the preflight stopped the run): all of that suite runs.
  const ran = new Set(previous.facts.suites);
  for (const r of requirements) {
    if (!undecided.has(r.id) || seen.has(r.id) || !ran.has(r.suite) || reruns.some((x) => x.suite === r.suite)) continue;
    reruns.push({ suite: r.suite });
  }
  // The rate-limit suite's tests share what its probe measured and the load caps it spent (the run
  // state of one part): a part that runs one of them again runs them all, the probe first.
  const together = reruns.some((r) => r.suite === 'rate-limit' && r.test)
    ? [
        ...reruns.filter((r) => r.suite !== 'rate-limit'),
        ...previous.collected.tests
          .filter((t) => suiteOf(t.file) === 'rate-limit')
          .map((t) => ({ suite: 'rate-limit' as const, test: { file: t.file, name: t.name } })),
      ]
    : reruns;
  const kept = together.filter((r) => !only || only.has(r.suite));
  return {
    dir,
    previous,
    rerun: new Set(kept.flatMap((r) => (r.test ? [testKey(r.test)] : []))),
    suites: new Set(kept.map((r) => r.suite)),
    testNamePattern: patternOf(
      kept.filter((r) => r.suite !== 'rate-limit'),
      true,
    ),
    loadNamePattern: patternOf(
      kept.filter((r) => r.suite === 'rate-limit'),
      false,
    ),
    undecided: [...undecided],
    narrowed: [],
  };
}

/** A new test (of a suite that never started before) counts as one this part runs. */
export function rerunsTest(resume: Resume, t: { file: string; name: string }): boolean {
  return resume.rerun.has(testKey(t)) || !resume.previous.collected.tests.some((p) => testKey(p) === testKey(t));
}

/** The resumed run must go against the target of the checkpoint (the embedded reference: a fresh one, on another port). */
export function sameTarget(resume: Resume, target: { name: string; baseUrl: string }, embedded: boolean): string | undefined {
  const was = resume.previous.facts.target;
  if (was.name !== target.name) return `${resume.dir} is a run against "${was.name}", not "${target.name}"`;
  if (!embedded && was.baseUrl !== target.baseUrl) return `${resume.dir} is a run against ${was.baseUrl}, not ${target.baseUrl}`;
  return undefined;
}
