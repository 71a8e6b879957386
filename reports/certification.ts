// certification.json: every requirement of the catalogue with its level, verdict and evidence.
// "certified" means every MUST passed; a skipped MUST always carries its reason.
import { requirements } from '../contract/requirements.ts';
import type { Finding, Level, Requirement, Verdict } from '../contract/types.ts';
import type { Collected } from './collector.ts';

export interface RequirementResult {
  id: string;
  level: Level;
  section: string;
  title: string;
  quote: string;
  ambiguity?: string;
  status: Verdict;
  /** Why it was not verified (skipped), or what the tests of a failed one threw. */
  reason?: string;
  tests: string[];
  /** The first MAX_FINDINGS findings; `findingCount` says how many there were. */
  findings: Finding[];
  findingCount: number;
}

/** Findings kept per requirement in the certificate. */
export const MAX_FINDINGS = 10;

/** What identifies a run: its target, suite version, start, duration and property settings. */
export interface RunIdentity {
  target: { name: string; baseUrl: string };
  suiteVersion: string;
  startedAt: string;
  durationMs: number;
  seed: number;
  numRuns: number;
}

export interface Certification extends RunIdentity {
  verdict: 'certified' | 'not-certified';
  selection: string[] | null;
  summary: Record<Level, Record<Verdict, number>>;
  requirements: RequirementResult[];
  observations: Record<string, unknown>;
  exchanges: number;
  rateLimitedDuringSuites: { exchanges: number; retries: number; waitedMs: number };
  errors: string[];
  /** Set on the partial certificate of one shard (`run --shard 1/2`); `report --merge` joins them. */
  shard?: string;
}

export interface RunFacts extends RunIdentity {
  /** Suites that ran; requirements of the others are skipped with `unselectedReason`. */
  suites: Set<Requirement['suite']>;
  selection: string[] | null;
  unselectedReason: (r: Requirement) => string;
  /** This run is one shard of a sharded run: only the suite files of this shard ran. */
  shard?: { index: number; count: number };
}

function resultOf(r: Requirement, collected: Collected, facts: RunFacts): RequirementResult {
  const declaring = collected.tests.filter((t) => t.record?.ids.includes(r.id));
  const findings = collected.tests.flatMap((t) => t.record?.findings ?? []).filter((f) => f.requirementId === r.id);
  const crashed = declaring.filter((t) => t.errors.length > 0);
  const ran = declaring.filter((t) => t.state === 'passed' || t.state === 'failed');
  const base = {
    id: r.id, level: r.level, section: r.section, title: r.title, quote: r.quote, ...(r.ambiguity ? { ambiguity: r.ambiguity } : {}),
    tests: declaring.map((t) => t.name), findings: findings.slice(0, MAX_FINDINGS), findingCount: findings.length,
  };
  if (findings.length > 0) return { ...base, status: 'failed' };
  if (crashed.length > 0) return { ...base, status: 'failed', reason: crashed.flatMap((t) => t.errors).join('\n') };
  if (ran.length > 0) return { ...base, status: 'passed' };
  if (r.notTested) return { ...base, status: 'skipped', reason: `not tested: ${r.notTested}` };
  if (!facts.suites.has(r.suite)) return { ...base, status: 'skipped', reason: facts.unselectedReason(r) };
  if (facts.shard && declaring.length === 0) {
    const { index, count } = facts.shard;
    return { ...base, status: 'skipped', reason: `no test of shard ${index}/${count} verifies it (merge the shards: erp-conformance report --merge DIR...)` };
  }
  const skipReasons = [...new Set(declaring.map((t) => t.record?.skipReason).filter(Boolean))];
  return { ...base, status: 'skipped', reason: skipReasons.join('; ') || 'no test of the selected suites verifies it' };
}

export function certify(collected: Collected, facts: RunFacts): Certification {
  const results = requirements.map((r) => resultOf(r, collected, facts));
  const zero = (): Record<Verdict, number> => ({ passed: 0, failed: 0, observed: 0, inconclusive: 0, skipped: 0, 'not-run': 0 });
  const summary = { MUST: zero(), SHOULD: zero(), INFO: zero() };
  for (const r of results) summary[r.level][r.status]++;
  const observations: Record<string, unknown> = {};
  const rate = { exchanges: 0, retries: 0, waitedMs: 0 };
  let exchanges = 0;
  for (const t of collected.tests) {
    for (const [k, v] of Object.entries(t.record?.observations ?? {})) observations[k] = v;
    exchanges += t.record?.exchanges ?? 0;
    rate.exchanges += t.record?.rateLimited.exchanges ?? 0;
    rate.retries += t.record?.rateLimited.retries ?? 0;
    rate.waitedMs += t.record?.rateLimited.waitedMs ?? 0;
  }
  const certified = summary.MUST.failed === 0 && collected.errors.length === 0;
  return {
    verdict: certified ? 'certified' : 'not-certified',
    target: facts.target,
    suiteVersion: facts.suiteVersion,
    startedAt: facts.startedAt,
    durationMs: facts.durationMs,
    seed: facts.seed,
    numRuns: facts.numRuns,
    selection: facts.selection,
    summary,
    requirements: results,
    observations,
    exchanges,
    rateLimitedDuringSuites: rate,
    errors: collected.errors,
    ...(facts.shard ? { shard: `${facts.shard.index}/${facts.shard.count}` } : {}),
  };
}
