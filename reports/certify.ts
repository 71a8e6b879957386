// certification.json: every requirement of the catalogue with its level, verdict and evidence.
// No verdict without evidence: a requirement passes only when its checks saw at least one
// exchange or item they apply to; otherwise it is inconclusive, with the reason. A requirement the
// config gives nothing to apply to is out of scope (skipped with why), and the first line names the
// scope and every MUST left out (reports/scope.ts). "certified" means every MUST in scope passed.
import { requirements } from '../contract/requirements.ts';
import type { Requirement } from '../core/types.ts';
import { ended, idsOf, type Certification, type OperationsTable, type RequirementResult, type RunFacts } from './model.ts';
import { openParts, partsOf } from './requirement-parts.ts';
import type { Collected, CollectedTest, WorkerCrash } from './records/collected.ts';
import { crashError, crashReason, crashSentence } from './crash.ts';
import { reasonSays } from '../core/words/reasons.ts';
import { emptySummary, runVerdict, unanswered } from './verdict.ts';
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
    // Tests the plan did not run say why themselves (engine/phases/plan/requirements.ts), or, when the run
    // stopped before it reached them, the plan's list does (the same words whatever the machine's speed);
    // of the others a stopped run knows why it stopped (budget, --max-failures, an interrupt), a worker only that it was stopped.
    const planSays = (t: CollectedTest) => t.record?.notRun ?? (!t.record && t.declaredTestId ? facts.notPlanned?.[t.declaredTestId] : undefined);
    const byPlan = (t: CollectedTest) => !!planSays(t)?.startsWith(reasonSays('notPlanned'));
    const rest = notRun.filter((t) => !byPlan(t));
    // A test with no reason of its own that a dead worker left unfinished: the crash is its reason.
    const told = reasons(rest.map((t) => t.record?.notRun ?? (crashes.length ? crashReason(crashes, t.file) : undefined)));
    const stopped = rest.length
      ? (facts.stoppedBy ? facts.stoppedReason : undefined) || told || reasonSays('stoppedInTests', { stoppedBy: facts.stoppedBy })
      : '';
    return {
      ...base,
      status: 'not-run',
      reason: [reasons(notRun.filter(byPlan).map(planSays)), stopped].filter(Boolean).join('; '),
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
    const part = blind.length < ran.length ? reasonSays('partlyVerified', { blind: blind.length, ran: ran.length }) : '';
    return {
      ...base,
      status: 'inconclusive',
      reason: [part, why || reasonSays('sawNothing')].filter(Boolean).join(': '),
    };
  }
  // A replay runs one test: a requirement no test of it declares is not part of it (reports/replay-verdict.ts).
  if (facts.replay && declaring.length === 0) return { ...base, status: 'skipped', reason: facts.unselectedReason(r) };
  const scoped = ranAny.filter(outOfScope);
  if (scoped.length > 0)
    return { ...base, status: 'skipped', reason: reasonSays('outOfScope', { why: reasons(scoped.map((t) => t.record!.outOfScope![r.id])) }) };
  if (r.notTested) return { ...base, status: 'skipped', reason: reasonSays('notTested', { why: r.notTested }) };
  if (facts.preflight?.problems.length) return { ...base, status: 'not-run', reason: reasonSays('preflightFailed') };
  if (!facts.suites.has(r.suite)) return { ...base, status: 'skipped', reason: facts.unselectedReason(r) };
  if (facts.shard && declaring.length === 0) {
    const { index, count } = facts.shard;
    return { ...base, status: 'skipped', reason: reasonSays('otherShard', { index, count }) };
  }
  const skipReasons = reasons(declaring.map((t) => t.record?.skipReason));
  if (skipReasons) return { ...base, status: 'skipped', reason: skipReasons };
  if (facts.stoppedBy) return { ...base, status: 'not-run', reason: facts.stoppedReason ?? reasonSays('stopped', { stoppedBy: facts.stoppedBy }) };
  // The worker died before its tests were declared (while it loaded the suites): they exist, they did not run.
  if (crashes.length) return { ...base, status: 'not-run', reason: crashReason(crashes) };
  return { ...base, status: 'skipped', reason: reasonSays('noTestSelected') };
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
