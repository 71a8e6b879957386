// The limits a run knew and learnt, as numbers, computed once when the run's facts are recorded
// (certification.json `limits`): compare, the history line and the trend read them, never the plan's
// quota text. Each limit covers some operations (a shared group when several; null: every request)
// and says where it came from:
//  - stated: the config's run.rateLimit;
//  - announced: the target's own headers (RateLimit-Policy, X-RateLimit-*);
//  - probed: the rate-limit probe (this run's `--with-load`, or an earlier run's rate-limit.json);
//  - learnt estimate: what the scheduler learnt from 429s (accepted since the window's last reset).
// Spec 8 rule 1 states no threshold: every one of them is a hint about the target, never a verdict.
import type { RateLimitFile } from './records/rate-limit.ts';

export type LimitSource = 'stated' | 'announced' | 'probed' | 'learnt estimate';

export interface CertifiedLimit {
  /** The quota operations it covers ("report", "contactRead" ...): several share it; null: every request. */
  operations: string[] | null;
  /** Requests per window. */
  limit: number;
  windowSeconds: number;
  /** The probe's reading of how the window refills ("fixed", "sliding", "token bucket"), when probed. */
  algorithm?: string;
  source: LimitSource;
  /** Known before the suites sent (the config, an earlier probe, the preflight), or met by this run. */
  when: 'before sending' | 'this run';
  /** Where it was read ("run.rateLimit", "RateLimit-Policy 5 per 60 s", "rate-limit.json of this run"). */
  from: string;
}

/** A limit known before sending (engine/phases/plan/limits.ts KnownLimit, as the plan holds it). */
export interface KnownBefore {
  operations: readonly string[] | null;
  quota: { requests: number; windowMs: number };
  source: 'config' | 'probe' | 'preflight';
  from: string;
  estimate?: boolean;
}

/** A quota the run's scheduler learnt (client/scheduler pacing learnt(), as the worker told it). */
export interface LearntQuota {
  name: string;
  requests: number;
  windowMs: number;
  operations: readonly string[] | null;
  estimate?: boolean;
}

const seconds = (ms: number) => Math.round(ms) / 1000;
const ops = (o: readonly string[] | null) => (o === null ? null : [...o].sort());

/**
 * Every limit of the run: those known before sending, those the scheduler learnt, and the probe's
 * (`probe`, with the quota operation it probed). A limit learnt anew by the run replaces the
 * preflight's estimate for the same operations.
 */
export function certifiedLimits(o: {
  known?: readonly KnownBefore[];
  learnt?: readonly LearntQuota[];
  probe?: { file: RateLimitFile; operation: string | null };
}): CertifiedLimit[] {
  const learnt: CertifiedLimit[] = (o.learnt ?? []).map((l) => ({
    operations: ops(l.operations),
    limit: l.requests,
    windowSeconds: seconds(l.windowMs),
    source: l.estimate ? 'learnt estimate' : 'announced',
    when: 'this run',
    from: l.name,
  }));
  const relearnt = (k: KnownBefore) => k.source === 'preflight' && learnt.some((l) => JSON.stringify(l.operations) === JSON.stringify(ops(k.operations)));
  const known: CertifiedLimit[] = (o.known ?? [])
    .filter((k) => !relearnt(k))
    .map((k) => ({
      operations: ops(k.operations),
      limit: k.quota.requests,
      windowSeconds: seconds(k.quota.windowMs),
      source: k.source === 'config' ? 'stated' : k.source === 'probe' ? 'probed' : k.estimate ? 'learnt estimate' : 'announced',
      when: 'before sending',
      from: k.from,
    }));
  const p = o.probe?.file;
  const probed: CertifiedLimit[] =
    p && o.probe!.operation && p.limited && p.limit !== null && p.windowSeconds !== null && p.limit >= 1 && p.windowSeconds > 0
      ? [
          {
            operations: [o.probe!.operation],
            limit: Math.floor(p.limit),
            windowSeconds: p.windowSeconds,
            algorithm: p.algorithm,
            source: 'probed',
            when: 'this run',
            from: `the rate-limit probe of this run, on ${p.operation}`,
          },
        ]
      : [];
  return [...known, ...learnt, ...probed];
}

/** How sure a source is of the limit it names, most first: what the target or a probe showed, then the run's estimate, then the config. */
const RANK: Record<LimitSource, number> = { announced: 0, probed: 1, 'learnt estimate': 2, stated: 3 };

/**
 * The one limit per operation the reports set side by side ("*": a limit on every request): this
 * run's over one known before sending, then by RANK. The operations of a shared group each get it.
 */
export function limitPerOperation(limits: readonly CertifiedLimit[] | undefined): Record<string, CertifiedLimit> {
  const out: Record<string, CertifiedLimit> = {};
  const better = (a: CertifiedLimit, b: CertifiedLimit) => (a.when !== b.when ? a.when === 'this run' : RANK[a.source] < RANK[b.source]);
  for (const l of limits ?? [])
    for (const op of l.operations ?? ['*']) {
      const had = out[op];
      if (!had || better(l, had)) out[op] = l;
    }
  return out;
}

/** "5 per 60 s (learnt estimate)", "30 per 5 s, sliding (probed)". */
export function limitText(l: CertifiedLimit): string {
  return `${l.limit} per ${l.windowSeconds} s${l.algorithm ? `, ${l.algorithm}` : ''} (${l.source})`;
}
