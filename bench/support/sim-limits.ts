// The limits bench's cells (bench/limit-model.ts) on a simulated clock: the reference's own limiter
// (reference/limiter.ts, its clock injected) and its 429s as each quota switch states them
// (reference/quota-switch.ts), four index reads side by side at 8 in flight, a fixed latency per
// answer. What the scheduler learns then never depends on how busy the machine is.
import { createScheduler } from '../../client/scheduler.ts';
import type { UnnumberedExchange } from '../../client/transport.ts';
import { createLimiter, type Algorithm } from '../../reference/limiter.ts';
import { retryAfterHeaders } from '../../reference/rate-headers.ts';
import { answer, notSent } from './answers.ts';
import { clock } from './sim-clock.ts';

export const OPS = ['branch-list', 'brand', 'department', 'category'] as const;
export type Scope = 'per-operation' | 'every-route' | 'two-groups';
export type Statement = 'headers' | 'seconds' | 'date' | 'message';

/** The limit keys of a scope, each with its operations. */
const groupsOf = (scope: Scope): string[][] =>
  scope === 'every-route'
    ? [[...OPS]]
    : scope === 'two-groups'
      ? [
          ['branch-list', 'brand'],
          ['department', 'category'],
        ]
      : OPS.map((o) => [o]);

export interface SimCell {
  requests: number;
  refused: number;
  ms: number;
  floorMs: number;
  learnt: string[];
}

export interface CellOptions {
  windows?: number;
  perOp?: number;
  windowS?: number;
  latencyMs?: number;
  /** How far the target's clock (its limiters', its Date) runs ahead of the run's. */
  offsetMs?: number;
  /** Each half of a round trip takes up to this much more (a busy machine's answers), drawn from `seed`. */
  jitterMs?: number;
  /** Each of the scheduler's sleeps ends up to this much late (a busy machine's timers), drawn from `seed`. */
  lateMs?: number;
  seed?: number;
  trace?: (line: string) => void;
}

/** One cell: `perOp` per `windowS` for each operation under each limit, `windows` windows of work. */
export const simCell = (algorithm: Algorithm, scope: Scope, statement: Statement, o: CellOptions = {}) =>
  simLimits(
    groupsOf(scope).map((ops) => ({ ops, algorithm, statement })),
    o,
  );

/** Limits of their own algorithm and statement, each over its operations (every operation under one). */
export async function simLimits(groups: { ops: string[]; algorithm: Algorithm; statement: Statement }[], o: CellOptions = {}): Promise<SimCell> {
  const { trace, windows = 5, perOp = 20, windowS = 2, latencyMs = 4, offsetMs = 0, jitterMs = 0, lateMs = 0 } = o;
  const c = clock();
  const random = mulberry32(o.seed ?? 1);
  const half = () => latencyMs / 2 + (jitterMs > 0 ? Math.floor(random() * jitterMs) : 0);
  const t0 = c.now();
  // The server's clock: its limiters may have started before the run (offsetMs).
  const limiters = groups.map(({ ops, algorithm, statement }) => ({
    ops,
    statement,
    l: createLimiter({ limit: perOp * ops.length, windowSeconds: windowS, algorithm, scope: 'global', statement }, () => c.now() + offsetMs),
  }));
  let refused = 0;
  const serve = (op: string) => async (): Promise<UnnumberedExchange> => {
    await c.sleep(half());
    const now = c.now();
    const { l, statement } = limiters.find((x) => x.ops.includes(op))!;
    const d = l.check('t');
    await c.sleep(half());
    const k = limiters.find((x) => x.l === l)!.ops.join('+');
    const policy = { 'ratelimit-policy': `"${k}";q=${l.config.limit};w=${windowS}`, ratelimit: `"${k}";r=${d.remaining};t=${d.resetSeconds}` };
    if (d.allowed) return (o.trace?.(`${now - t0} ${op} 200`), answer(200, statement === 'headers' ? policy : {}));
    refused++;
    trace?.(
      `${now - t0} ${op} 429 ${d.retryAfterMs} ${JSON.stringify(s.learnt().map((q) => `${q.operations?.join('+')} ${q.quota.requests}/${q.quota.windowMs}`))}`,
    );
    if (statement === 'message') return answer(429, {}, `{"status":false,"message":"Too many request, please try after ${windowS} seconds"}`);
    if (statement === 'headers') return answer(429, policy);
    return answer(429, retryAfterHeaders(statement === 'seconds' ? 'seconds' : 'http-date', d.retryAfterMs, now + offsetMs));
  };
  const s = createScheduler({
    concurrency: 8,
    pacing: true,
    now: c.now,
    sleep: lateMs > 0 ? (ms) => c.sleep(ms + Math.floor(random() * lateMs)) : c.sleep,
    retry429: { maxRetries: 20, maxWaitMs: 60_000 },
  });
  const n = perOp * windows * OPS.length;
  await Promise.all(Array.from({ length: n }, (_, i) => s.run(serve(OPS[i % OPS.length]!), notSent, OPS[i % OPS.length]!)));
  const learnt = s.learnt().map((q) => `${q.operations?.join('+') ?? 'all'} ${q.quota.requests}/${q.quota.windowMs / 1000}s`);
  return { requests: n, refused, ms: c.now() - t0, floorMs: windows * windowS * 1000, learnt };
}

/** A small seeded generator (mulberry32): the same draws on every run. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
