// What a pacing (pacing.ts) shows of the limits it holds: the quota each operation is known to
// have (stated, learnt, announced: the tightest), and what the answers taught it, each quota with
// the operations under it and how it was learnt (an estimate where learnt from 429s).
import type { Quota } from '../../core/quota.ts';
import type { Pace } from './pace.ts';
import { opStats, type SchedulerStats } from './policy.ts';

/** A quota stated by the user for some operations (null: every request). */
export interface StatedQuota {
  name: string;
  quota: Quota;
  operations: readonly string[] | null;
  /** How the pacing line names it: stated by the user (default), or known before sending from another source. */
  known?: boolean;
  /** learnt(): an estimate from 429s (what was accepted before one), not a figure the target stated. */
  estimate?: boolean;
}

/** The quota each operation is known to have ("*": all requests): the tightest stated, learnt or announced. */
export function knownQuotas(
  stated: readonly StatedQuota[],
  own: ReadonlyMap<string, Pace>,
  announcedBy: ReadonlyMap<string, string>,
  shared: ReadonlyMap<string, Pace>,
): Record<string, Quota> {
  const out: Record<string, Quota> = {};
  const tighter = (op: string, q: Quota) => {
    const had = out[op];
    if (!had || q.requests / q.windowMs < had.requests / had.windowMs) out[op] = q;
  };
  for (const s of stated) for (const op of s.operations ?? ['*']) tighter(op, s.quota);
  for (const [op, p] of own) if (p.cap) tighter(op, p.cap);
  for (const [op, key] of announcedBy) {
    const p = shared.get(key)?.policy;
    if (p) tighter(op, { requests: p.limit, windowMs: p.windowMs });
  }
  return out;
}
/** What the answers taught (not what was stated): each learnt quota with its operations, each announced policy. */
export function learntQuotas(
  stats: SchedulerStats,
  own: ReadonlyMap<string, Pace>,
  announcedBy: ReadonlyMap<string, string>,
  shared: ReadonlyMap<string, Pace>,
): StatedQuota[] {
  const out: StatedQuota[] = [];
  for (const p of new Set(own.values()))
    if (p.cap) out.push({ name: opStats(stats, [...p.ops][0]!).pacing, quota: p.cap, operations: [...p.ops], estimate: true });
  const byKey = new Map<string, string[]>();
  for (const [op, key] of announcedBy) byKey.set(key, [...(byKey.get(key) ?? []), op]);
  // One policy announced alike by every operation answered (two at least) is taken as a limit on
  // all requests: the operations not yet sent are most likely under it too.
  const answered = [...own].filter(([, p]) => p.accepted.length > 0).map(([op]) => op);
  for (const [key, ops] of byKey) {
    const p = shared.get(key)?.policy;
    if (!p) continue;
    const everywhere = byKey.size === 1 && ops.length >= 2 && answered.every((op) => ops.includes(op));
    const name = `RateLimit-Policy ${p.limit} per ${p.windowMs / 1000} s${everywhere ? `, announced alike on every operation answered (${ops.join(', ')})` : ''}`;
    out.push({ name, quota: { requests: p.limit, windowMs: p.windowMs }, operations: everywhere ? null : ops });
  }
  return out;
}
