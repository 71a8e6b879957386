// Issue 39's table: the scheduler learning a limit stated nowhere in the config, in every
// combination of algorithm {fixed, sliding, token bucket} x scope {per operation, one limit on every
// route, two groups of routes} x how the 429 states it {RateLimit headers, Retry-After seconds,
// Retry-After date, the message only}. Each cell drives the run's own scheduler (8 in flight,
// learning, 429s waited out and sent again) against a real loopback reference whose quota switches
// (reference/quota-switch.ts) hold the limits: four index reads (branch, brand, department,
// category) sent side by side, each limit 5 windows of 2 s of work. Per cell: the share of the
// requests answered 429 (goal <= 5%), and the wall time over the floor, each limit's requests over
// its rate (goal <= 1.25x). Beside the table, issue 39's grouped limits: a read window stating its
// wait in the message, a write token bucket stating Retry-After seconds. The same cells on a
// simulated clock: test/client/scheduler/limit-cells.test.ts.
//   npx tsx bench/run.ts limits [--quick] [--part fixed|sliding|token-bucket | --part simulated]
import { loadavg } from 'node:os';
import { createScheduler } from '../client/scheduler.ts';
import { simCell, simLimits, type SimCell } from './support/sim-limits.ts';
import type { UnnumberedExchange } from '../client/transport.ts';
import { startReference } from '../reference/server.ts';
import type { BenchOptions } from './options.ts';

const OPS = [
  { op: 'branch-list', path: '/api/v1/branch' },
  { op: 'brand', path: '/api/v1/brand' },
  { op: 'department', path: '/api/v1/department' },
  { op: 'category', path: '/api/v1/category' },
] as const;
const ALGORITHMS = ['fixed', 'sliding', 'token-bucket'] as const;
const SCOPES = ['per-operation', 'every-route', 'two-groups'] as const;
const STATEMENTS = ['headers', 'seconds', 'date', 'message'] as const;
const WINDOW_S = 2;
const PER_OP = 20;
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** The limits of a scope: key -> quota switch; each limit PER_OP x its operations per window. */
function limits(scope: (typeof SCOPES)[number], tail: string): Record<string, string> {
  const q = (ops: number) => `${PER_OP * ops}/${WINDOW_S}s${tail}`;
  if (scope === 'every-route') return { all: q(4) };
  if (scope === 'two-groups') return { 'branch-list+brand': q(2), 'department+category': q(2) };
  return Object.fromEntries(OPS.map((o) => [o.op, q(1)]));
}

/** Issue 39's grouped limits: one read window whose 429 states its wait only in the message, one
 *  write token bucket (its burst: the whole quota) stating Retry-After in seconds. */
export const GROUPED = {
  'branch-list+brand': `${PER_OP * 2}/${WINDOW_S}s@fixed:message`,
  'department+category': `${PER_OP * 2}/${WINDOW_S}s@token-bucket:seconds`,
};

export async function cell(
  algorithm: string,
  scope: string,
  statement: string,
  windows: number,
  quotas = limits(scope as (typeof SCOPES)[number], `@${algorithm}:${statement}`),
) {
  const server = await startReference({ quotas });
  try {
    const s = createScheduler({ concurrency: 8, pacing: true, retry429: { maxRetries: 20, maxWaitMs: 60_000 } });
    let answered429 = 0;
    const send = (path: string, op: string) => async (): Promise<UnnumberedExchange> => {
      const t = Date.now();
      const r = await fetch(`${server.url}${path}`, { headers: { 'api-token': server.tokens[0]! } });
      const body = await r.text();
      if (r.status === 429) answered429++;
      return {
        operation: op,
        tokenKind: 'valid',
        request: { method: 'GET', url: `${server.url}${path}`, headers: {} },
        response: { status: r.status, headers: Object.fromEntries(r.headers), body, bytes: body.length, truncated: false },
        startedAt: new Date(t).toISOString(),
        durationMs: Date.now() - t,
      } as UnnumberedExchange;
    };
    const n = PER_OP * windows * OPS.length;
    const t0 = performance.now();
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) => {
        const o = OPS[i % OPS.length]!;
        return s.run(send(o.path, o.op), (reason, message) => ({ ...({} as UnnumberedExchange), notSent: { reason, message } }), o.op);
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const floorSeconds = windows * WINDOW_S;
    const share429 = answered429 / n;
    const overFloor = seconds / floorSeconds;
    return {
      algorithm,
      scope,
      statement,
      requests: n,
      notAccepted: answers.filter((a) => a.response?.status !== 200).length,
      responses429: answered429,
      share429: round(share429, 4),
      seconds: round(seconds),
      floorSeconds,
      overFloor: round(overFloor),
      learnt: s.learnt().map((q) => `${q.operations?.join('+') ?? 'all'} ${q.quota.requests}/${q.quota.windowMs / 1000}s${q.estimate ? ' (estimate)' : ''}`),
      meetsGoal: share429 <= 0.05 && overFloor <= 1.25,
    };
  } finally {
    await server.close();
  }
}

export async function benchLimitModel(_previous: Record<string, unknown>, o: BenchOptions): Promise<Record<string, unknown>> {
  const windows = o.quick ? 3 : 5;
  // The simulated cells alone (deterministic, whatever the machine's load): the loopback figures kept.
  if (o.parts?.length === 1 && o.parts[0] === 'simulated') return { simulated: await benchSimulated(windows) };
  const cells: Awaited<ReturnType<typeof cell>>[] = [];
  for (const algorithm of ALGORITHMS.filter((a) => !o.parts || o.parts.includes(a)))
    for (const scope of SCOPES)
      for (const statement of STATEMENTS) {
        const c = await cell(algorithm, scope, statement, windows);
        console.log(
          `${algorithm} ${scope} ${statement}: ${c.responses429} 429s of ${c.requests} (${round(c.share429 * 100, 1)}%), ${c.seconds} s (${c.overFloor}x floor)${c.meetsGoal ? '' : ' MISSES'}`,
        );
        cells.push(c);
      }
  const grouped = await cell('fixed message + token-bucket seconds', 'two-groups', 'each its own', windows, GROUPED);
  console.log(
    `grouped: ${grouped.responses429} 429s of ${grouped.requests}, ${grouped.seconds} s (${grouped.overFloor}x floor)${grouped.meetsGoal ? '' : ' MISSES'}`,
  );
  const simulated = await benchSimulated(windows);
  const worst429 = cells.reduce((a, b) => (b.share429 > a.share429 ? b : a));
  const worstTime = cells.reduce((a, b) => (b.overFloor > a.overFloor ? b : a));
  const key = (c: (typeof cells)[number]) => `${c.algorithm} ${c.scope} ${c.statement}`;
  return {
    setup: `4 index reads side by side, 8 in flight, ${PER_OP} per ${WINDOW_S} s per operation under each limit, ${windows} windows; nothing in the config`,
    goals: { share429: 0.05, overFloor: 1.25 },
    cellsMeetingGoal: `${cells.filter((c) => c.meetsGoal).length} of ${cells.length}`,
    worstShare429: { cell: key(worst429), share429: worst429.share429 },
    worstOverFloor: { cell: key(worstTime), overFloor: worstTime.overFloor },
    // Issue 39's done-when: one limit on every route stating Retry-After as a date (the cells
    // "* every-route date"); grouped limits, a read window and a write token bucket.
    sharedLimit: cells.filter((c) => c.scope === 'every-route' && c.statement === 'date').map((c) => ({ cell: key(c), meetsGoal: c.meetsGoal })),
    grouped,
    // The load on this machine while the cells ran (other processes slow each answer, and the
    // learning loses most with slow answers: see simulated).
    loadAverage: loadavg().map((x) => round(x)),
    simulated,
    cells,
  };
}

/** The same cells on a simulated clock (the reference's limiter, a fixed round trip): what the
 *  learning does whatever the machine's load, at a loopback's 4 ms and at 30 ms. */
async function benchSimulated(windows: number) {
  const figures = (r: SimCell) => ({ share429: round(r.refused / r.requests, 4), overFloor: round(r.ms / r.floorMs), learnt: r.learnt });
  const out: Record<string, unknown> = {};
  for (const latencyMs of [4, 30]) {
    const missed: Record<string, unknown> = {};
    let meeting = 0;
    // The worst cell by each goal, missed or not: how near the goals the table is.
    let worstShare429 = { cell: '', share429: -1 };
    let worstOverFloor = { cell: '', overFloor: -1 };
    for (const algorithm of ALGORITHMS)
      for (const scope of SCOPES)
        for (const statement of STATEMENTS) {
          const f = figures(await simCell(algorithm, scope, statement, { windows, latencyMs }));
          const cell = `${algorithm} ${scope} ${statement}`;
          if (f.share429 > worstShare429.share429) worstShare429 = { cell, share429: f.share429 };
          if (f.overFloor > worstOverFloor.overFloor) worstOverFloor = { cell, overFloor: f.overFloor };
          if (f.share429 <= 0.05 && f.overFloor <= 1.25) meeting++;
          else missed[cell] = f;
        }
    const grouped = figures(
      await simLimits(
        [
          { ops: ['branch-list', 'brand'], algorithm: 'fixed', statement: 'message' },
          { ops: ['department', 'category'], algorithm: 'token-bucket', statement: 'seconds' },
        ],
        { windows, latencyMs },
      ),
    );
    console.log(`simulated, ${latencyMs} ms a round trip: ${meeting} of 36 cells within both goals`);
    out[`roundTrip${latencyMs}ms`] = { cellsMeetingGoal: `${meeting} of 36`, worstShare429, worstOverFloor, missed, grouped };
  }
  return out;
}
