// What the plan knows of the target's limits before the suites send (issue 27: "it said 'expected
// no wait for quotas' against a target limited at 30 per 5 s"), from three sources, each named in
// the plan with how old it is:
//  - the config: the quotas the user states (run.rateLimit);
//  - a probe's rate-limit.json from an earlier run (`run --with-load` or `probe`): the limit and
//    window it measured on the operation it probed, when it measured the same target;
//  - the preflight: the quotas its answers announced (RateLimit-Policy, X-RateLimit-*), or that a
//    429's stated wait gave (client/scheduler/pacing.ts learnt()).
// Spec 8 rule 1: "the thresholds and time window: not shown", so each source is a hint, never a
// fact the run checks; the plan takes the tightest, and the worker's scheduler starts paced at it.
import { statSync } from 'node:fs';
import path from 'node:path';
import { statedQuotas } from '../../../client/stated-quotas.ts';
import type { StatedQuota } from '../../../client/scheduler/pacing.ts';
import { showQuota, type Quota } from '../../../core/quota.ts';
import type { RunConfig } from '../../../config/schema.ts';
import { RATE_LIMIT_FILE, readRateLimit } from '../../../reports/records/rate-limit.ts';
import { quotaOfProbed } from '../../../core/quota.ts';

export type LimitSource = 'config' | 'probe' | 'preflight';

export interface KnownLimit {
  /** The quota operations it covers (client/operation-of.ts), null: every request. */
  operations: readonly string[] | null;
  quota: Quota;
  source: LimitSource;
  /** Where it was read, for the plan: "run.rateLimit", "rate-limit.json of an earlier run (2 h old)". */
  from: string;
  /** An estimate from the preflight's 429s: the run starts at it and goes on learning. */
  estimate?: boolean;
}

/** The quotas run.rateLimit states. */
export function configLimits(config: Pick<RunConfig, 'run'>): KnownLimit[] {
  return statedQuotas(config.run.rateLimit).map((s) => ({ operations: s.operations, quota: s.quota, source: 'config', from: 'run.rateLimit' }));
}

/** "40 s", "12 min", "3 h", "2 days". */
export function showAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 120) return `${s} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  if (s < 2 * 86_400) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86_400)} days`;
}

/**
 * The limit an earlier probe measured (`file`: a rate-limit.json, or a folder holding one), with a
 * note when the file is there but says nothing the plan can use (another target, no limit found,
 * not the probe's shape). `now`: the clock its age is read against.
 */
export function probeLimits(file: string, config: Pick<RunConfig, 'target'>, now: number): { limits: KnownLimit[]; note?: string } {
  const [dir, name] = path.basename(file) === RATE_LIMIT_FILE ? [path.dirname(file), file] : [file, path.join(file, RATE_LIMIT_FILE)];
  const read = readRateLimit(dir);
  if (read.kind === 'absent') return { limits: [] };
  if (read.kind === 'invalid') return { limits: [], note: `${name}: not used (${read.problem})` };
  const r = read.result;
  if (r.target && r.target.baseUrl !== config.target.baseUrl)
    return { limits: [], note: `${name}: not used (it measured ${r.target.baseUrl}, not this target)` };
  const op = quotaOfProbed(r.operation);
  if (!r.limited || r.limit === null || r.windowSeconds === null || !op || r.limit < 1 || r.windowSeconds <= 0)
    return { limits: [], note: `${name}: not used (the probe found no limit and window on ${r.operation})` };
  const age = showAge(now - statSync(name).mtimeMs);
  const quota = { requests: Math.floor(r.limit), windowMs: Math.round(r.windowSeconds * 1000) };
  return { limits: [{ operations: [op], quota, source: 'probe', from: `${name}, measured by an earlier probe ${age} ago` }] };
}

/** What the preflight's answers taught its scheduler (client/scheduler/pacing.ts learnt()). */
export function preflightLimits(learnt: readonly StatedQuota[] | undefined): KnownLimit[] {
  return (learnt ?? []).map((s) => ({
    operations: s.operations,
    quota: s.quota,
    source: 'preflight',
    from: `the preflight's answers: ${s.name}${s.estimate ? ' (an estimate: the run learns it anew)' : ''}`,
    ...(s.estimate ? { estimate: true } : {}),
  }));
}

/**
 * Every limit known before the suites send, and why a source was not used: the config's, the
 * probe's (`probeFile`: a rate-limit.json or the folder of one, by default the run's out folder),
 * and what the preflight learnt, or only met (429s whose limit it could not size).
 */
export function knownLimits(
  config: Pick<RunConfig, 'run' | 'target'>,
  o: { probeFile?: string; learnt?: readonly StatedQuota[]; met429?: Record<string, number>; now: number },
): { limits: KnownLimit[]; notes: string[] } {
  const probe = o.probeFile ? probeLimits(o.probeFile, config, o.now) : { limits: [] };
  const limits = [...configLimits(config), ...probe.limits, ...preflightLimits(o.learnt)];
  const sized = new Set(limits.flatMap((l) => l.operations ?? []));
  const unsized = Object.entries(o.met429 ?? {}).filter(([op]) => !sized.has(op) && !limits.some((l) => l.operations === null));
  return {
    limits,
    notes: [
      ...(probe.note ? [probe.note] : []),
      ...unsized.map(
        ([op, n]) => `the preflight met ${n} 429(s) on ${op}: a limit no header states and the preflight could not size; the run paces ${op} as its 429s tell`,
      ),
    ],
  };
}

const rate = (q: Quota) => q.requests / q.windowMs;

/**
 * The quotas the plan sizes the run to, by operation ("*": every request): the tightest each
 * operation has. A limit covering several operations is one object for all of them, so the plan
 * counts their requests together (engine/phases/plan/plan.ts).
 */
export function quotasOf(limits: readonly KnownLimit[]): Record<string, Quota> {
  const out: Record<string, Quota> = {};
  for (const l of limits)
    for (const op of l.operations ?? ['*']) {
      const had = out[op];
      if (!had || rate(l.quota) < rate(had)) out[op] = l.quota;
    }
  return out;
}

/**
 * The limits the worker's scheduler starts paced at, beyond those the config states (it paces those
 * itself). Not an estimate from the preflight's 429s (what a few requests got accepted before one):
 * paced at it, a run would meet no 429 that could show the limit higher, so the run learns it anew.
 */
export function startPacedAt(limits: readonly KnownLimit[]): StatedQuota[] {
  return limits
    .filter((l) => l.source !== 'config' && !l.estimate)
    .map((l) => ({
      name: `${showQuota(l.quota)} (${l.source === 'probe' ? "an earlier probe's rate-limit.json" : "the preflight's answers"})`,
      quota: l.quota,
      operations: l.operations,
      known: true,
    }));
}

/** The plan's line naming each known limit and its source (none when nothing is known: the
 *  expected line says so), and why a source was not used. */
export function limitLines(limits: readonly KnownLimit[], notes: readonly string[] = []): string[] {
  const known = limits.map((l) => `${l.operations ? l.operations.join(', ') : 'all requests'} ${showQuota(l.quota)} (${l.from})`);
  return [...(known.length ? [`plan: limits known before sending: ${known.join('; ')}`] : []), ...notes.map((n) => `plan: note: ${n}`)];
}
