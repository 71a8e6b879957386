// `compare PREV NEW`: what changed between two certificates, as data (the JSON output is this
// object; reports/compare/render-*.ts word it). It promises: the verdict's change; each
// requirement whose status changed, sorted into newly failed, fixed (failed, now verified),
// newly inconclusive, newly not run and scope changes, and the failures both runs share (known,
// listed, never hidden); findings new, known and gone by their fingerprint (reports/fingerprint.ts);
// the INFO observations that changed; limits, pacing and the 429 share; latency and requests per
// operation; and the gate's figures: the MUSTs that fail now and did not in PREV.
import type { Level, RunVerdict, Verdict } from '../../core/types.ts';
import { stringifyJson } from '../../core/json.ts';
import type { Certification, RequirementResult } from '../model.ts';
import { fingerprintOf, fingerprintParts } from '../fingerprint.ts';
import { baselineDiffers, type RunRef, runRef } from './identity.ts';
import { limitChanges, operationChanges, type LimitChanges, type OperationChange } from './figures.ts';

export type Status = Verdict | 'absent';

export interface RequirementChange {
  id: string;
  level: Level;
  title: string;
  from: Status;
  to: Status;
  /** The new status's reason (inconclusive, not run, skipped), or the first finding's title (failed). */
  why?: string;
}

export interface FindingRef {
  fingerprint: string;
  requirement: string;
  level: Level;
  check: string;
  operation: string;
  shape: string;
  title: string;
}

export interface ObservationChange {
  key: string;
  from?: string;
  to?: string;
}

export interface Comparison {
  prev: RunRef;
  next: RunRef;
  /** NEW's start less PREV's (ms): the baseline's age at the time of the new run. */
  ageMs: number;
  /** Why PREV is not a like-for-like baseline: another kit version, config, target or selection. */
  differs: string[];
  verdict: { from: RunVerdict; to: RunVerdict; changed: boolean };
  requirements: {
    newlyFailed: RequirementChange[];
    fixed: RequirementChange[];
    newlyInconclusive: RequirementChange[];
    newlyNotRun: RequirementChange[];
    /** Into scope (skipped or absent before, verified now) and out of it (skipped now). */
    scopeIn: RequirementChange[];
    scopeOut: RequirementChange[];
    /** Failed in both: known failures. */
    stillFailed: RequirementChange[];
    /** Any other change of status (inconclusive or not run before, verified now). */
    other: RequirementChange[];
  };
  findings: { new: FindingRef[]; known: FindingRef[]; gone: FindingRef[] };
  observations: ObservationChange[];
  limits: LimitChanges;
  operations: OperationChange[];
  totals: { requests: { from: number; to: number }; durationMs: { from: number; to: number } };
  /** What the baseline gate decides on: MUSTs failed now and not in PREV; MUSTs failed in both. */
  gate: { newMustFailures: string[]; knownMustFailures: string[] };
}

const VERIFIED: Status[] = ['passed', 'observed'];
const OBSERVATION_TEXT = 200;

function changeOf(r: RequirementResult | undefined, p: RequirementResult | undefined): RequirementChange {
  const any = (r ?? p)!;
  const to: Status = r?.status ?? 'absent';
  const why = r ? (to === 'failed' ? (r.findings[0]?.title ?? r.reason?.split('\n')[0]) : r.reason) : undefined;
  return { id: any.id, level: any.level, title: any.title, from: p?.status ?? 'absent', to, ...(why ? { why } : {}) };
}

/** Which list of `requirements` a requirement's change goes in, or none (unchanged and not failed). */
export function changeKind(from: Status, to: Status): keyof Comparison['requirements'] | undefined {
  if (to === 'failed') return from === 'failed' ? 'stillFailed' : 'newlyFailed';
  if (from === to) return undefined;
  if (from === 'failed' && VERIFIED.includes(to)) return 'fixed';
  if (to === 'inconclusive') return 'newlyInconclusive';
  if (to === 'not-run') return 'newlyNotRun';
  if (to === 'skipped' || to === 'absent') return 'scopeOut';
  if (from === 'skipped' || from === 'absent') return 'scopeIn';
  return 'other';
}

function findingRefs(cert: Certification): FindingRef[] {
  const out = new Map<string, FindingRef>();
  for (const r of cert.requirements)
    for (const f of r.findings) {
      const fingerprint = f.fingerprint ?? fingerprintOf(f); // a certificate of an older kit carries none
      const p = fingerprintParts(f);
      if (!out.has(fingerprint))
        out.set(fingerprint, { fingerprint, requirement: r.id, level: r.level, check: p.check, operation: p.operation, shape: p.shape, title: f.title });
    }
  return [...out.values()];
}

const cut = (t: string) => (t.length > OBSERVATION_TEXT ? `${t.slice(0, OBSERVATION_TEXT)}...` : t);

/** The INFO observations (certificate's observations and INFO requirements' notes) whose value changed. */
function observationChanges(prev: Certification, next: Certification): ObservationChange[] {
  const of = (c: Certification) => {
    const m = new Map<string, string>();
    for (const [k, v] of Object.entries(c.observations ?? {})) m.set(k, stringifyJson(v));
    for (const r of c.requirements) if (r.level === 'INFO' && r.findings.length) m.set(r.id, r.findings.map((f) => f.title).join('; '));
    return m;
  };
  const a = of(prev);
  const b = of(next);
  const keys = [...new Set([...a.keys(), ...b.keys()])].sort();
  return keys
    .filter((k) => a.get(k) !== b.get(k))
    .map((k) => ({ key: k, ...(a.has(k) ? { from: cut(a.get(k)!) } : {}), ...(b.has(k) ? { to: cut(b.get(k)!) } : {}) }));
}

export function compare(prev: Certification, next: Certification, paths: { prev?: string; next?: string } = {}): Comparison {
  const before = new Map(prev.requirements.map((r) => [r.id, r]));
  const now = new Map(next.requirements.map((r) => [r.id, r]));
  const requirements: Comparison['requirements'] = {
    newlyFailed: [],
    fixed: [],
    newlyInconclusive: [],
    newlyNotRun: [],
    scopeIn: [],
    scopeOut: [],
    stillFailed: [],
    other: [],
  };
  const ids = [...now.keys(), ...[...before.keys()].filter((id) => !now.has(id))];
  for (const id of ids) {
    const change = changeOf(now.get(id), before.get(id));
    const kind = changeKind(change.from, change.to);
    if (kind) requirements[kind].push(change);
  }
  const was = findingRefs(prev);
  const is = findingRefs(next);
  const wasSet = new Set(was.map((f) => f.fingerprint));
  const isSet = new Set(is.map((f) => f.fingerprint));
  const must = (list: RequirementChange[]) => list.filter((c) => c.level === 'MUST').map((c) => c.id);
  return {
    prev: runRef(prev, paths.prev),
    next: runRef(next, paths.next),
    ageMs: Date.parse(next.startedAt) - Date.parse(prev.startedAt),
    differs: baselineDiffers(prev, next),
    verdict: { from: prev.verdict, to: next.verdict, changed: prev.verdict !== next.verdict },
    requirements,
    findings: {
      new: is.filter((f) => !wasSet.has(f.fingerprint)),
      known: is.filter((f) => wasSet.has(f.fingerprint)),
      gone: was.filter((f) => !isSet.has(f.fingerprint)),
    },
    observations: observationChanges(prev, next),
    limits: limitChanges(prev, next),
    operations: operationChanges(prev, next),
    totals: { requests: { from: prev.requests, to: next.requests }, durationMs: { from: prev.durationMs, to: next.durationMs } },
    gate: { newMustFailures: must(requirements.newlyFailed), knownMustFailures: must(requirements.stillFailed) },
  };
}
