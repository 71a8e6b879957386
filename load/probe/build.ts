// Turns what the probe counted into rate-limit.json's record (load/result.ts): figures, Retry-After verdict,
// header hypotheses against the measurement, status counts, evidence and the timeline.
import type { Exchange } from '../../core/types.ts';
import { limitAgrees, retryAfterVerdict, windowAgrees } from './classify.ts';
import { parseRateLimitHeaders } from '../../client/rate-headers.ts';
import type { ProbeRun } from './moves.ts';
import type { ProbedRequest } from './operations.ts';
import { round, type Measured, type RateLimitResult } from '../result.ts';
import type { Shot } from '../sender.ts';

/** Evidence kept per kind. */
const KEPT = 3;

export function statusCounts(shots: Pick<Shot, 'status'>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of shots) counts[String(s.status)] = (counts[String(s.status)] ?? 0) + 1;
  return counts;
}

/** A 429 carrying the 2.1 envelope with status false and code "429" (RL-2). */
export function refusalHasEnvelope(s: Shot): boolean {
  return s.envelope === true && s.envelopeStatus === false && s.envelopeCode === '429';
}

/** Exchanges kept as evidence: the first 429s and those without the envelope, 5xx, no answer. */
export function evidenceOf(shots: Shot[]): RateLimitResult['evidence'] {
  const ex = (list: Shot[]) => list.map((s) => s.exchange).filter((e): e is Exchange => e !== undefined);
  const refused = shots.filter((s) => s.status === 429);
  const bad = refused.filter((s) => !refusalHasEnvelope(s)).slice(0, KEPT);
  const firsts = refused.slice(0, KEPT).filter((s) => !bad.includes(s));
  return {
    refusals: ex([...bad, ...firsts].sort((x, y) => x.seq - y.seq)),
    serverErrors: ex(shots.filter((s) => s.status >= 500).slice(0, KEPT)),
    failures: ex(shots.filter((s) => s.status === 0 && !s.cut).slice(0, KEPT)),
  };
}

export function buildResult(run: ProbeRun, request: ProbedRequest, m: Measured, caps: { maxRequests: number; maxSeconds: number }): RateLimitResult {
  const shots = run.shots;
  const refused = shots.filter((s) => s.status === 429);
  const limited = refused.length > 0;
  const firstAnswer = shots.find((s) => s.status > 0 && s.status !== 429) ?? shots.find((s) => s.status > 0);
  const hints = parseRateLimitHeaders(firstAnswer?.headers ?? {});
  const notes = [...m.notes];
  if (!limited && m.stoppedBy !== '5xx-burst')
    notes.push(`no 429 in ${shots.length} requests over ${round(run.budget.elapsedMs() / 1000, 1)} s: no rate limit found within the caps`);
  if (request.writes) notes.push(`${shots.filter((s) => s.status >= 200 && s.status < 300).length} accepted requests wrote data: ${request.description}`);
  const limit = limited ? m.limit : null;
  const windowSeconds = limited && m.windowSeconds !== null ? round(m.windowSeconds) : null;
  return {
    operation: request.operation,
    request: { description: request.description, writes: request.writes },
    limited,
    limit,
    windowSeconds,
    refillPerSecond: limited && m.refillPerSecond !== null ? round(m.refillPerSecond) : null,
    refill: limited ? m.refill : 'unknown',
    algorithm: limited ? m.algorithm : 'unknown',
    scope: limited ? m.scope : 'unknown',
    retryAfter: { present: run.retryAfterSeen, truthful: retryAfterVerdict(run.retryAfterSeen, run.retryAfterChecks), checks: run.retryAfterChecks },
    headers: {
      ...hints,
      limitAgrees: limitAgrees(hints.rateLimitPolicy?.limit ?? hints.xRateLimit?.limit, limit),
      windowAgrees: windowAgrees(hints.rateLimitPolicy?.windowSeconds, windowSeconds),
    },
    envelopeOn429: limited && refused.every(refusalHasEnvelope),
    requestsSent: run.budget.requestsSent,
    durationSeconds: round(run.budget.elapsedMs() / 1000),
    statusCounts: statusCounts(shots),
    fiveXx: run.watch.count,
    stoppedBy: m.stoppedBy,
    caps,
    notes,
    evidence: evidenceOf(shots),
    timeline: run.timeline,
  };
}
