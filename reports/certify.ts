// certification.json: every requirement of the catalogue with its level, verdict and evidence.
// No verdict without evidence: a requirement passes only when its checks saw at least one
// exchange or item they apply to; otherwise it is inconclusive, with the reason. A requirement the
// config gives nothing to apply to is out of scope (skipped with why), and the first line names the
// scope and every MUST left out (reports/scope.ts). "certified" means every MUST in scope passed.
import { requirements } from '../contract/requirements.ts';
import type { Requirement, RunVerdict, Verdict } from '../core/types.ts';
import { ended, idsOf, type Certification, type OperationsTable, type RequirementResult, type RunFacts } from './model.ts';
import { openParts, partsOf } from './requirement-parts.ts';
import type { Collected, CollectedTest, WorkerCrash } from './records/collected.ts';
import { crashError, crashReason, crashSentence } from './crash.ts';
import { EXIT, exitCodeOfSignal, type ExitCode } from '../core/exit-codes.ts';
import { requiredOpen, scopeSentence, withRequired } from './scope.ts';
import { replayVerdict } from './replay-verdict.ts';
import { runFigures } from './figures.ts';
import { withFingerprint } from './fingerprint.ts';
import { operationsField } from './operation-figures.ts';

/** Findings kept per requirement in the certificate. */
export const MAX_FINDINGS = 10;

const sum = (tests: CollectedTest[], f: (t: CollectedTest) => number) => tests.reduce((n, t) => n + f(t), 0);
const unique = <T>(list: T[]) => [...new Set(list)];

/**
 * The worker deaths the certificate names. An interrupt is the cause of everything it cut: a worker
 * that a second Ctrl-C or the process group's signal ended is no crash.
 */
const crashesOf = (collected: Collected, facts: Pick<RunFacts, 'stoppedBy'>): WorkerCrash[] =>
  facts.stoppedBy === 'interrupted' ? [] : (collected.crashes ?? []);

function resultOf(r: Requirement, collected: Collected, facts: RunFacts): RequirementResult {
  const crashes = crashesOf(collected, facts);
  // A test the worker died under left no record: its name says what it verifies (as in a stopped run).
  const declaring = collected.tests.filter((t) => idsOf(t, !!facts.stoppedBy || crashes.length > 0).includes(r.id));
  const findings = collected.tests.flatMap((t) => t.record?.findings ?? []).filter((f) => f.requirementId === r.id);
  const findingCount = sum(
    collected.tests,
    (t) => t.record?.findingCounts?.[r.id] ?? (t.record?.findings ?? []).filter((f) => f.requirementId === r.id).length,
  );
  const crashed = declaring.filter((t) => t.errors.length > 0);
  const notRun = declaring.filter((t) => !ended(t));
  // A test the config gave nothing to apply to for r (record.outOfScope) is no blind test of r:
  // r is out of scope there, a scope fact, not missing evidence (reports/scope.ts).
  const outOfScope = (t: CollectedTest) => t.record?.outOfScope?.[r.id] !== undefined && !(t.record?.evidence?.[r.id] ?? 0);
  const ranAny = declaring.filter((t) => (t.state === 'passed' || t.state === 'failed') && !t.record?.notRun);
  const ran = ranAny.filter((t) => !outOfScope(t));
  const evidence = sum(declaring, (t) => t.record?.evidence?.[r.id] ?? 0);
  const verifiedBy: Record<string, number> = {};
  for (const t of declaring) for (const [via, n] of Object.entries(t.record?.evidenceBy?.[r.id] ?? {})) verifiedBy[via] = (verifiedBy[via] ?? 0) + n;
  const base = {
    id: r.id,
    level: r.level,
    section: r.section,
    title: r.title,
    quote: r.quote,
    ...(r.ambiguity ? { ambiguity: r.ambiguity } : {}),
    tests: declaring.map((t) => t.name),
    findings: findings.slice(0, MAX_FINDINGS).map(withFingerprint),
    findingCount,
    evidence,
    ...(Object.keys(verifiedBy).length ? { verifiedBy } : {}),
    requests: sum(declaring, (t) => t.record?.requests ?? 0),
    durationMs: sum(declaring, (t) => t.durationMs),
  };
  const parts = partsOf(declaring, r.id);
  if (parts.length) Object.assign(base, { parts });
  const reasons = (list: (string | undefined)[]) => unique(list.filter((x): x is string => !!x)).join('; ');
  if (r.level !== 'INFO' && findings.length > 0) return { ...base, status: 'failed' };
  if (crashed.length > 0) return { ...base, status: 'failed', reason: crashed.flatMap((t) => t.errors).join('\n') };
  if (notRun.length > 0) {
    // Tests the plan did not run say why themselves (engine/phases/plan/requirements.ts); of the others a
    // stopped run knows why it stopped (budget, --max-failures, an interrupt), a worker only that it was stopped.
    const byPlan = (t: CollectedTest) => !!t.record?.notRun?.startsWith('not run by the plan');
    const rest = notRun.filter((t) => !byPlan(t));
    // A test with no reason of its own that a dead worker left unfinished: the crash is its reason.
    const told = reasons(rest.map((t) => t.record?.notRun ?? (crashes.length ? crashReason(crashes, t.file) : undefined)));
    const stopped = rest.length
      ? (facts.stoppedBy ? facts.stoppedReason : undefined) || told || `the run stopped (${facts.stoppedBy}) before its tests ended`
      : '';
    return {
      ...base,
      status: 'not-run',
      reason: [reasons(notRun.filter(byPlan).map((t) => t.record?.notRun)), stopped].filter(Boolean).join('; '),
    };
  }
  // Every test that ran for it must have seen something it applies to: a requirement verified by
  // one test while another could not verify its part (a voucher pool used up) is not passed.
  const blind = ran.filter((t) => !(t.record?.evidence?.[r.id] ?? 0));
  // A part the config allows that the run left unjudged: the requirement is not passed on the others.
  const open = openParts(parts);
  if (r.level !== 'INFO' && ran.length > 0 && blind.length === 0 && open) return { ...base, status: 'inconclusive', reason: open };
  if (ran.length > 0 && blind.length === 0) return { ...base, status: r.level === 'INFO' ? 'observed' : 'passed' };
  if (r.level === 'INFO' && ran.length > 0 && (evidence > 0 || findings.length > 0)) return { ...base, status: 'observed' };
  if (ran.length > 0) {
    const why = reasons(blind.flatMap((t) => t.record?.inconclusive?.[r.id] ?? []));
    const part = blind.length < ran.length ? `partly verified: ${blind.length} of its ${ran.length} tests saw nothing it applies to` : '';
    return {
      ...base,
      status: 'inconclusive',
      reason: [part, why || 'its tests ran, but their checks saw no exchange or item it applies to'].filter(Boolean).join(': '),
    };
  }
  // A replay runs one test: a requirement no test of it declares is not part of it (reports/replay-verdict.ts).
  if (facts.replay && declaring.length === 0) return { ...base, status: 'skipped', reason: facts.unselectedReason(r) };
  const scoped = ranAny.filter(outOfScope);
  if (scoped.length > 0) return { ...base, status: 'skipped', reason: `out of scope: ${reasons(scoped.map((t) => t.record!.outOfScope![r.id]))}` };
  if (r.notTested) return { ...base, status: 'skipped', reason: `not tested: ${r.notTested}` };
  if (facts.preflight?.problems.length)
    return { ...base, status: 'not-run', reason: 'not run: the preflight found the target or the fixtures not as the config says (see preflight)' };
  if (!facts.suites.has(r.suite)) return { ...base, status: 'skipped', reason: facts.unselectedReason(r) };
  if (facts.shard && declaring.length === 0) {
    const { index, count } = facts.shard;
    return { ...base, status: 'skipped', reason: `no test of shard ${index}/${count} verifies it (merge the shards: erp-conformance report --merge DIR...)` };
  }
  const skipReasons = reasons(declaring.map((t) => t.record?.skipReason));
  if (skipReasons) return { ...base, status: 'skipped', reason: skipReasons };
  if (facts.stoppedBy) return { ...base, status: 'not-run', reason: facts.stoppedReason ?? `the run stopped (${facts.stoppedBy}) before it ran` };
  // The worker died before its tests were declared (while it loaded the suites): they exist, they did not run.
  if (crashes.length) return { ...base, status: 'not-run', reason: crashReason(crashes) };
  return { ...base, status: 'skipped', reason: 'no test of the selected suites verifies it' };
}

// The table "operations x requirements" of the index (section 1): what each configured operation
// showed for each IX requirement, from the observations "ix:<id>" the index suite records
// (suites/index-operations/configured.ts).
const PREFIX = 'ix:';

/** The table, or undefined when the run checked no configured operation. */
export function operationsTable(observations: Record<string, unknown>): OperationsTable | undefined {
  const rows = Object.entries(observations).filter(([k, v]) => k.startsWith(PREFIX) && v !== null && typeof v === 'object');
  if (rows.length === 0) return undefined;
  const requirements = rows.map(([k]) => k.slice(PREFIX.length)).sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)));
  const cells: Record<string, Record<string, string>> = {};
  for (const [k, row] of rows) for (const [op, v] of Object.entries(row as Record<string, unknown>)) (cells[op] ??= {})[k.slice(PREFIX.length)] = String(v);
  return { requirements, operations: Object.keys(cells).sort(), cells };
}

/** Observations other than the table's rows. */
export const notInTable = (key: string) => !key.startsWith(PREFIX);

/**
 * A target that answered none of the requests the run sent (every connection refused, reset or
 * timed out) showed nothing any rule is about: its requirements are inconclusive, whichever of
 * its tests happened to send before the run's breaker opened. A target that answered some
 * requests and dropped others keeps its findings: it failed on those inputs.
 */
function unanswered(results: RequirementResult[], tests: CollectedTest[]): { results: RequirementResult[]; reason?: string } {
  const sent = sum(tests, (t) => t.record?.requests ?? 0);
  const answered = sum(tests, (t) => t.record?.answered ?? 0);
  // Records from before `answered` was counted (a merged old shard) are left as they were.
  if (sent === 0 || answered > 0 || tests.some((t) => t.record && t.record.answered === undefined)) return { results };
  const first = tests.map((t) => t.record?.firstFailure).find(Boolean);
  const reason = `the target answered none of the ${sent} requests the run sent${first ? ` (first: ${first})` : ''}: nothing was verified`;
  return {
    results: results.map((r) => (r.status === 'passed' || r.status === 'failed' || r.status === 'observed' ? { ...r, status: 'inconclusive', reason } : r)),
    reason,
  };
}

/** The run's verdict and the sentence that explains it. */
export function runVerdict(
  summary: Certification['summary'],
  errors: string[],
  facts: Pick<RunFacts, 'selection' | 'shard' | 'stoppedBy' | 'preflight'> & { unanswered?: string; crash?: string },
  scope: { sentence?: string; known?: boolean; required?: string } = {},
): { verdict: RunVerdict; reason: string } {
  // The scope follows every verdict of a run that knows it (records of older runs do not); a
  // certificate always names what it leaves out.
  const said = scope.sentence ? ` ${scope.sentence}` : '';
  const then = scope.known ? said : '';
  const must = summary.MUST;
  const open = must.inconclusive + must['not-run'];
  const problems = facts.preflight?.problems ?? [];
  if (problems.length)
    return {
      verdict: 'preflight-failed',
      reason: `The preflight stopped the run before any suite: ${problems.length} problem(s) with the target or the fixtures, first ${problems[0]!.key}.`,
    };
  if (facts.stoppedBy === 'interrupted')
    return {
      verdict: 'interrupted',
      reason: `The run was interrupted: ${must.passed} MUST passed and ${must.failed} failed before it stopped; ${open} were not verified.`,
    };
  if (must.failed > 0 || errors.length > 0) {
    // A dead worker is named first: it is why the MUSTs its tests had not verified are not run.
    const crash = facts.crash ? ` ${facts.crash[0]!.toUpperCase()}${facts.crash.slice(1)}: ${must['not-run']} MUST requirement(s) not run.` : '';
    return {
      verdict: 'not-certified',
      reason: `${must.failed} MUST requirement(s) failed${errors.length ? `, ${errors.length} run error(s)` : ''}.${crash}${then}`,
    };
  }
  if (open > 0 && facts.unanswered)
    return { verdict: 'inconclusive', reason: `No verdict: ${facts.unanswered} (check target.baseUrl and that the server is up, then run again).` };
  // The certifier's own demand (config certify): what it names must be in scope and verified.
  if (scope.required && !facts.selection && !facts.shard)
    return { verdict: 'inconclusive', reason: `No MUST failed, but ${scope.required}: the target is neither certified nor failed.${then}` };
  if (open > 0)
    return {
      verdict: 'inconclusive',
      reason: `No MUST failed, but ${must.inconclusive} were inconclusive and ${must['not-run']} not run: the target is neither certified nor failed (see each reason).${then}`,
    };
  // A certificate says what was verified: one with every MUST skipped would certify nothing.
  if (must.passed === 0 && !facts.selection && !facts.shard)
    return { verdict: 'inconclusive', reason: `No MUST requirement was verified: the config left all of them out.${then}` };
  if (facts.selection || facts.shard) {
    const what = facts.shard ? `shard ${facts.shard.index}/${facts.shard.count}` : `the selection --only ${facts.selection!.join(',')}`;
    return {
      verdict: 'selection-passed',
      reason: `Every MUST of ${what} passed (${must.passed}); the rest of the catalogue did not run, so this is no certificate of the target.`,
    };
  }
  return {
    verdict: 'certified',
    reason: `Every MUST requirement in scope passed (${must.passed}).${said}`,
  };
}

/** The exit code of a verdict (core/types.ts RunVerdict). */
export function exitCodeOf(verdict: RunVerdict, signal?: 'SIGINT' | 'SIGTERM'): ExitCode {
  switch (verdict) {
    case 'certified':
    case 'selection-passed':
    case 'not-reproduced':
      return EXIT.ok;
    case 'not-certified':
    case 'reproduced':
      return EXIT.failed;
    case 'preflight-failed':
      return EXIT.preflightFailed;
    case 'inconclusive':
      return EXIT.inconclusive;
    case 'interrupted':
      return exitCodeOfSignal(signal ?? 'SIGINT');
  }
}

export function emptySummary(): Certification['summary'] {
  const zero = (): Record<Verdict, number> => ({ passed: 0, failed: 0, observed: 0, inconclusive: 0, skipped: 0, 'not-run': 0 });
  return { MUST: zero(), SHOULD: zero(), INFO: zero() };
}

export function certify(collected: Collected, facts: RunFacts): Certification {
  // Tests finish in any order when they run concurrently: the certificate lists them by name.
  const tests = [...collected.tests].sort((a, b) => (a.file + a.name < b.file + b.name ? -1 : a.file + a.name > b.file + b.name ? 1 : 0));
  const sorted = { ...collected, tests };
  const { results, reason: silent } = unanswered(
    withRequired(
      requirements.map((r) => resultOf(r, sorted, facts)),
      facts.scope,
    ),
    tests,
  );
  const summary = emptySummary();
  for (const r of results) summary[r.level][r.status]++;
  const observations: Record<string, unknown> = {};
  let exchanges = 0;
  for (const t of tests) {
    for (const [k, v] of Object.entries(t.record?.observations ?? {})) observations[k] = v;
    exchanges += t.record?.exchanges ?? 0;
  }
  // Computed once: every figure of requests, 429s and waits below and in the renderers is this one.
  const figures = runFigures(
    facts.figures,
    tests.map((t) => t.record),
  );
  const requests = figures.requests;
  const required = requiredOpen(results, facts.scope);
  // A worker that died is a run error: the run is not certified, whatever its tests saw before.
  const crashes = crashesOf(collected, facts);
  const errors = [...crashes.map(crashError), ...collected.errors];
  const { verdict, reason } =
    facts.replay && facts.stoppedBy !== 'interrupted'
      ? replayVerdict(results, errors, facts.replay, requests)
      : runVerdict(
          summary,
          errors,
          { ...facts, ...(silent ? { unanswered: silent } : {}), ...(crashes.length ? { crash: crashSentence(crashes[0]!) } : {}) },
          {
            sentence: [
              scopeSentence(results, facts.scope),
              ...(facts.narrowed?.length ? [`Narrowed by flags given anew: ${facts.narrowed.join('; ')}.`] : []),
            ].join(' '),
            known: !!facts.scope,
            ...(required ? { required } : {}),
          },
        );
  const table = operationsTable(observations);
  return {
    verdict,
    verdictReason: reason,
    target: facts.target,
    suiteVersion: facts.suiteVersion,
    startedAt: facts.startedAt,
    durationMs: facts.durationMs,
    seed: facts.seed,
    ...(facts.nonce ? { nonce: facts.nonce } : {}),
    numRuns: facts.numRuns,
    selection: facts.selection,
    summary,
    requirements: results,
    observations: Object.fromEntries(Object.entries(observations).filter(([k]) => notInTable(k))),
    ...(table ? { operationsTable: table } : {}),
    exchanges,
    requests,
    figures,
    ...operationsField(tests.map((t) => t.record)),
    ...(facts.pacing ? { pacing: facts.pacing } : {}),
    ...(facts.limits ? { limits: facts.limits } : {}),
    errors,
    ...(facts.shard ? { shard: `${facts.shard.index}/${facts.shard.count}` } : {}),
    ...(facts.stoppedBy ? { stoppedBy: facts.stoppedBy } : {}),
    ...(facts.invocation ? { invocation: facts.invocation } : {}),
    ...(facts.preflight ? { preflight: facts.preflight } : {}),
    ...(facts.plan ? { plan: facts.plan } : {}),
    ...(facts.replay ? { replay: facts.replay } : {}),
  };
}
