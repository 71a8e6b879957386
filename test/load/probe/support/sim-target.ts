// A simulated target for the probe (load/probe/probe.ts `via`): the reference's own limiter
// (reference/limiter.ts) on a simulated clock (bench/support/sim-clock.ts), its 429s stating the
// wait as Retry-After seconds (a third of it under the lie of fault rl-retry-after-lies: always
// 1 on a 3 s window), in the message only, or not at all. Each answer takes `latencyMs(seq)`, and
// each wait of the probe oversleeps by `lateMs(seq)`: a busy machine, without racing a wall clock.
import { loadConfig } from '../../../../config/load.ts';
import type { RunConfig } from '../../../../config/schema.ts';
import type { ProbeVia } from '../../../../load/probe/moves.ts';
import type { Sender, Shot, ShotToken } from '../../../../load/sender.ts';
import { createLimiter, type Algorithm } from '../../../../reference/limiter.ts';
import { retryAfterHeaders } from '../../../../reference/rate-headers.ts';
import { referenceRunConfig } from '../../../../reference/run-config.ts';
import { clock } from '../../../../bench/support/sim-clock.ts';

export interface SimTargetOptions {
  limit: number;
  windowSeconds: number;
  algorithm: Algorithm;
  /** How a 429 states the wait (default 'seconds'). */
  statement?: 'seconds' | 'message' | 'none';
  /** Retry-After is a third of the real wait (fault rl-retry-after-lies). */
  lies?: boolean;
  /** Round trip of the answer to request `seq`, ms (default 4). */
  latencyMs?: (seq: number) => number;
  /** How late the probe's `n`th wait ends, ms (default 0). */
  lateMs?: (n: number) => number;
  /** How far into its first window the limiter is when the probe starts, ms. */
  offsetMs?: number;
}

export interface SimTarget {
  config: RunConfig;
  via: ProbeVia;
  /** Requests the limiter saw. */
  requests(): number;
}

const TOKENS = ['sim-token-1', 'sim-token-2'];

/** A deterministic jitter in [0, 1) of `n` (no Math.random: the same figures every run). */
export const jitter = (n: number) => (((Math.sin(n * 12.9898) * 43758.5453) % 1) + 1) % 1;

export function simTarget(o: SimTargetOptions): SimTarget {
  const c = clock();
  const origin = c.now();
  // A fixed window starts at the limiter's creation: the offset applies from then on.
  let offset = 0;
  const limiter = createLimiter(
    { limit: o.limit, windowSeconds: o.windowSeconds, algorithm: o.algorithm, scope: 'token', headers: false },
    () => c.now() + offset,
  );
  offset = o.offsetMs ?? 0;
  const latency = o.latencyMs ?? (() => 4);
  let seq = 0;
  let sleeps = 0;
  const sender: Sender = {
    origin: 0,
    now: () => c.now() - origin,
    async send(token: ShotToken): Promise<Shot> {
      const shot: Shot = { seq: ++seq, token, sentAt: c.now() - origin, receivedAt: 0, status: 0, headers: {}, envelope: true };
      const rtt = latency(shot.seq);
      await c.sleep(rtt / 2);
      const d = limiter.check(TOKENS[token === 'second' ? 1 : 0]!);
      const now = c.now();
      await c.sleep(rtt / 2);
      shot.receivedAt = c.now() - origin;
      shot.status = d.allowed ? 200 : 429;
      if (d.allowed) return shot;
      const statement = o.statement ?? 'seconds';
      const body =
        statement === 'message'
          ? `{"status":false,"message":"Too many request, please try after ${o.windowSeconds} seconds"}`
          : '{"status":false,"message":"Too many request"}';
      if (statement === 'seconds') Object.assign(shot.headers, retryAfterHeaders('seconds', o.lies ? d.retryAfterMs / 3 : d.retryAfterMs, now));
      shot.exchange = {
        seq: shot.seq,
        operation: 'report',
        tokenKind: token,
        request: { method: 'POST', url: 'http://sim.invalid/report', headers: { 'api-token': '***' } },
        response: { status: 429, headers: { ...shot.headers }, body },
      } as unknown as Shot['exchange'];
      return shot;
    },
    close: async () => {},
  };
  const base = referenceRunConfig('http://sim.invalid', TOKENS, 1);
  return {
    config: loadConfig({ base, env: {} }),
    via: { sender, sleep: (ms) => c.sleep(ms + (o.lateMs?.(++sleeps) ?? 0)) },
    requests: () => seq,
  };
}
