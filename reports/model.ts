// The certificate's model: what certification.json holds (Certification and its parts) and the
// facts of a run it is computed from (RunFacts). reports/certify.ts computes it, render/ renders
// it, records/ stores the facts; all of them read the types here, so none imports another for them.
import type { Finding, Level, Requirement, RunVerdict, Verdict } from '../core/types.ts';
import type { CollectedTest } from './records/collected.ts';
import type { Figures, RunFigures } from './figures.ts';
import type { OperationFigures } from './operation-figures.ts';
import type { CertifiedLimit } from './limits.ts';
import type { BaselineSummary } from './compare/baseline-model.ts';

export interface RequirementResult {
  id: string;
  level: Level;
  section: string;
  title: string;
  quote: string;
  ambiguity?: string;
  status: Verdict;
  /** Why it was not verified (skipped, inconclusive, not run), or what the tests of a failed one threw. */
  reason?: string;
  tests: string[];
  /** The first MAX_FINDINGS findings (for an INFO requirement: its observations); `findingCount` says how many there were. */
  findings: Finding[];
  findingCount: number;
  /** Exchanges or items its checks applied to. */
  evidence: number;
  /** The checks and relations that verified it, each with the cases it applied to (part of `evidence`). */
  verifiedBy?: Record<string, number>;
  /** Requests sent by the tests that verify it (a test verifying several counts for each). */
  requests: number;
  /** Time its tests took, in ms (a test verifying several counts for each; absent in certificates of older runs): JUnit's time. */
  durationMs?: number;
  /** Its parts (a requirement made of parts): each with the cases it judged, or why it judged none. */
  parts?: RequirementPart[];
  /** The entries of exchanges.har it was judged on: indexes of log.entries as ranges ("12-40") (reports/har/har-links.ts). */
  harEntries?: string[];
}

/** One part of a requirement, as its test recorded it (core/record.ts PartOutcome). */
export interface RequirementPart {
  name: string;
  judged: number;
  why?: string;
  outOfScope?: boolean;
}

/** How the run was invoked, so a replay line can repeat it: a config file, or the embedded reference. */
export interface Invocation {
  config?: string;
  profile?: string;
  faults?: string[];
  /** `run --base-url URL --token-env NAME`: a target given by flags. */
  baseUrl?: string;
  tokenEnv?: string;
  /** The run's --out as given: a replay writes beside it, never over it. */
  out?: string;
}

/** The one property a replay runs (`run --replay-test FILE::TEST --property N --path P`): its
 *  certificate is about that property (reproduced or not), never a certification of the target. */
export interface ReplayedProperty {
  file: string;
  test: string;
  /** With `path`: the property and the input replayed alone; both absent: the whole test, with the run's seed and nonce. */
  property?: number;
  path?: string;
}

/** What identifies a run: its target, suite version, start, duration and property settings. */
export interface RunIdentity {
  target: { name: string; baseUrl: string };
  suiteVersion: string;
  startedAt: string;
  durationMs: number;
  seed: number;
  /** The run nonce: with the seed it makes the values a target may keep unique (mobile numbers,
   *  e-mails, GSTIN, PAN); `--seed S --nonce N` sends the same requests again. */
  nonce?: string;
  numRuns: number;
}

/** Why a run ended before its suites did. */
export type StoppedBy = 'budget' | 'max-requests' | 'interrupted' | 'max-failures';

export interface Certification extends RunIdentity {
  verdict: RunVerdict;
  /** One sentence: why this verdict. */
  verdictReason: string;
  selection: string[] | null;
  summary: Record<Level, Record<Verdict, number>>;
  requirements: RequirementResult[];
  observations: Record<string, unknown>;
  /** The index's operations x IX requirements (built in reports/certify.ts), when the run checked any. */
  operationsTable?: OperationsTable;
  exchanges: number;
  /** Requests the suites sent (retries after a 429 included): figures.requests. */
  requests: number;
  /** Requests, answers 429, waited out, still refused and the time waited, computed once (reports/figures.ts). */
  figures: RunFigures;
  /** Per operation: requests, answers 429 and their share, latency p50 and p95 (reports/operation-figures.ts), computed once. */
  operations?: OperationFigures[];
  /** sha256 of the run's config, tokens left out (reports/bundle/manifest-file.ts): `compare` tells another config by it. */
  configSha256?: string;
  /** Set by `run --baseline PREV`: what changed since that run (reports/compare/baseline.ts). */
  baseline?: BaselineSummary;
  /** How the run paced its requests (concurrency, a rate cap, what it learned of the target's quota). */
  pacing?: string;
  /** The limits the run knew and learnt, as numbers, with their source (reports/limits.ts): compare, history and trend read them. */
  limits?: CertifiedLimit[];
  errors: string[];
  /** Set on the partial certificate of one shard (`run --shard 1/2`); `report --merge` joins them. */
  shard?: string;
  stoppedBy?: StoppedBy;
  invocation?: Invocation;
  /** What the preflight checked; its problems, when it stopped the run. */
  preflight?: PreflightSummary;
  /** A run resumed with `run --resume`: its parts, and what each verified (reports/records/parts.ts). */
  parts?: PartSummary[];
  /** The plan the run made before sending (engine/phases/plan/plan.ts): its lines, and every requirement's requests or why it would not fit. */
  plan?: RunPlan;
  /** A replay of one property: what it replayed (its verdict is reproduced or not-reproduced). */
  replay?: ReplayedProperty;
  /** exchanges.har: its entries and those left out at its size cap (absent with --har off). */
  har?: { file: string; entries: number; omitted: number };
}

export interface RunPlan {
  lines: string[];
  operations: { op: string; requests: number; quota?: string; seconds: number }[];
  requirements: { id: string; level: Level; requests: Record<string, number>; tests: number; fits: boolean; reason?: string; budgetSeconds?: number }[];
}

export interface PreflightSummary {
  problems: { key: string; problem: string }[];
  notes: string[];
  requests: number;
}

/** What the config puts in scope (reports/scope.ts runScope), and what its `certify` demands. */
export interface RunScope {
  /** The operations the run covers: the detailed ones it can reach, the read-backs, the configured index operations. */
  operations: string[];
  /** certify.require: requirement ids that must be verified, not skipped. */
  require: string[];
  /** Operations of certify.operations the config leaves out of scope, each with why. */
  missing: string[];
}

export interface RunFacts extends RunIdentity {
  /** What the config put in scope (absent in records of older runs). */
  scope?: RunScope;
  /** Suites that ran; requirements of the others are skipped with `unselectedReason`. */
  suites: Set<Requirement['suite']>;
  selection: string[] | null;
  unselectedReason: (r: Requirement) => string;
  /** This run is one shard of a sharded run: only the suite files of this shard ran. */
  shard?: { index: number; count: number };
  stoppedBy?: StoppedBy;
  /** The reason written for requirements the stop kept from running. */
  stoppedReason?: string;
  invocation?: Invocation;
  pacing?: string;
  limits?: CertifiedLimit[];
  /** What the suite worker(s) counted (absent in records of older runs). */
  figures?: RunFigures;
  preflight?: PreflightSummary;
  plan?: RunPlan;
  /** The tests the plan gave no requests (by test id, with the plan's reason), as the worker was told. */
  notPlanned?: Record<string, string>;
  replay?: ReplayedProperty;
  /** What flags given anew to a resumed run's last part narrow, in words (engine/phases/resume-scope.ts). */
  narrowed?: string[];
}

export interface OperationsTable {
  requirements: string[];
  operations: string[];
  /** operation -> requirement -> what it showed ("passed", "FAILED: ...", "inconclusive: ...", an observed value). */
  cells: Record<string, Record<string, string>>;
}

/** One part of a run (one `run` or `run --resume`). */
export interface PartFacts {
  /** 1-based. */
  index: number;
  startedAt: string;
  durationMs: number;
  /** Requests it sent: its suites' and its preflight's. */
  requests: number;
  /** What its suite worker counted (reports/figures.ts): requests, 429s, time waited. */
  figures?: Figures;
  stoppedBy?: StoppedBy;
  /** Its suite worker died (reports/crash.ts words it): the tests it cut are re-run by the next part. */
  crashed?: string;
}

/** In the certificate: a part, and the requirements it decided. */
export interface PartSummary extends PartFacts {
  verified: string[];
}

/**
 * A conformance test's title as the run shows it (vitest, JUnit, Allure, console, records.json, the
 * replay line): its sentence, then the ids it declares, "Delivered is refused ... [OS-3, ST-2]".
 * Rendered from the declaration (runtime/verifies.ts); no code reads ids back out of a title.
 */
export const testTitle = (sentence: string, ids: readonly string[]): string => `${sentence} [${ids.join(', ')}]`;

/**
 * The ids a test verifies: those of its record, or, in a run that stopped, those it declared for
 * a test that never started or never ended (it left no record): its requirements were not verified.
 */
export function idsOf(t: CollectedTest, stopped: boolean): string[] {
  if (t.record) return t.record.ids;
  if (!stopped || t.state === 'passed' || t.state === 'failed') return [];
  return t.declared ?? [];
}

/**
 * A test that ran to its end: passed, failed, or skipped on purpose (with its reason). A test the
 * run stopped (its budget, an interrupt) mid-way or before it started did not.
 */
export function ended(t: CollectedTest): boolean {
  return !!t.record && !t.record.notRun && (t.state === 'passed' || t.state === 'failed' || !!t.record.skipReason);
}
