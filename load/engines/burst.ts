// RL-6 (SHOULD, 8 rule 1: "Requests can be rejected with 429 when too many are made"): once the
// probe has measured the limit L per window W with requests one after another, a burst of N > L
// requests arriving at once, inside one window, is accepted no more than L times. A limiter that
// counts per worker process, or checks the count before it increments it, lets more through.
//   - one token: N parallel requests with the main token: accepted <= L;
//   - both tokens at once: N with each token. Per-token scope (as the probe measured it): each
//     token's accepted <= L; global scope: all accepted together <= L; unknown: each <= L.
// Tolerance, so that a correct limiter never fails: the quota is full before each burst (a quiet
// wait of W first); what a token bucket refills while the burst is in flight (L/W per second of
// its span) is allowed too; and a burst over the limit is sent again one quiet window later - a
// fixed window whose edge fell inside the first burst cannot fall inside both. Only a burst over
// the limit twice is a finding. Skipped with a reason when no limit was measured, or when
// load.maxConcurrency does not let N exceed L. Requests go on raw keep-alive connections
// (load/engines/wire.ts), all connected before the first byte of the burst is written.
import { defineCheck, describeResponse, joined, type CheckResult, type Fact } from '../../contract/checks/finding.ts';
import type { RunConfig } from '../../config/schema.ts';
import type { Exchange, Finding } from '../../core/types.ts';
import type { Caps } from '../caps.ts';
import { loadRequest, wireBytes, type LoadOperation } from '../scenarios/mix.ts';
import { Recorder } from './kept-requests.ts';
import { round, type Scope } from '../result.ts';
import { WireConnection, type InFlight } from './wire.ts';

export interface BurstOptions {
  config: RunConfig;
  /** What the probe measured: the limit per window and the window (null: no limit measured). */
  limit: number | null;
  windowSeconds: number | null;
  /** The probe's scope: how the two-token burst is judged. */
  scope?: Scope;
  /** Default report (reads only). */
  operation?: Extract<LoadOperation, 'report' | 'customer-create' | 'order-status'>;
  /** Requests per token and burst; default max(2L, L + 10), at most the concurrency cap (half of it per token with both). */
  size?: number;
  caps: Caps;
  /** Waits (injectable for tests); default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
}

export interface BurstRound {
  tokens: 'one' | 'both';
  /** Whether this was the confirmation of a burst over the limit. */
  confirmation: boolean;
  sent: number;
  /** Accepted (answered, neither 429 nor 5xx) per token. */
  accepted: { valid: number; second: number };
  refused: number;
  other: number;
  /** Milliseconds from the first write to the last answer. */
  spanMs: number;
  /** What a correct limiter accepts at most in this burst (per token, or in all for global scope). */
  allowed: number;
  /** 'token': each token's count is held to `allowed`; 'all': the sum is. */
  judged: 'token' | 'all';
  overLimit: boolean;
  /** An accepted answer past the limit (or the last accepted one), and a 429 when one came. */
  evidence: Exchange[];
}

export interface BurstResult {
  /** Why the check was not made (null: it was). */
  skipped: string | null;
  limit: number | null;
  windowSeconds: number | null;
  size: number;
  rounds: BurstRound[];
  /** Each kind of burst (one token, both tokens) over the limit in its first burst AND in its confirmation. */
  leaks: { oneToken: boolean; bothTokens: boolean | null };
  requestsSent: number;
  durationSeconds: number;
  notes: string[];
}

type Tok = 'valid' | 'second';

/** Between the last connection opened and the burst's first write. */
const SETTLE_MS = 25;

/** RL-6: a burst accepted more often than the measured limit (confirmed by a second burst). */
export const burstWithinLimit = defineCheck(
  'rate-limit.burst-within-limit',
  'RL-6',
  (_ex: Exchange, p: { first: BurstRound; again: BurstRound | null; limit: number; windowSeconds: number }): Fact[] | null => {
    const { first, again } = p;
    if (!first.overLimit || !again?.overLimit) return [];
    const count = (r: BurstRound) =>
      r.judged === 'all'
        ? `${r.accepted.valid + r.accepted.second} accepted in all`
        : `${r.accepted.valid} accepted with the main token${r.tokens === 'both' ? `, ${r.accepted.second} with the second` : ''}`;
    return [
      {
        title: `A burst of ${first.sent} parallel requests (${first.tokens === 'both' ? 'both tokens' : 'one token'}) was accepted more often than the measured limit of ${p.limit} per ${p.windowSeconds} s`,
        received: `${count(first)} within ${Math.round(first.spanMs)} ms; again one window later: ${count(again)} within ${Math.round(again.spanMs)} ms`,
        expected: `at most ${first.allowed} ${first.judged === 'all' ? 'in all (the limit is global)' : 'per token'}: the limit measured one request at a time, plus what refills during the burst (8 rule 1; a limiter that checks before it counts, or counts per worker, lets more through)`,
      },
    ];
  },
);

/** The findings of a burst check under RL-6 (none when skipped, none when every burst held). */
export function burstFindings(r: BurstResult): CheckResult {
  const out: CheckResult[] = [];
  if (r.skipped !== null || r.limit === null || r.windowSeconds === null) return joined(out);
  for (const tokens of ['one', 'both'] as const) {
    const first = r.rounds.find((x) => x.tokens === tokens && !x.confirmation);
    if (!first) continue;
    const again = r.rounds.find((x) => x.tokens === tokens && x.confirmation) ?? null;
    const ex = (again ?? first).evidence[0] ?? first.evidence[0];
    if (!ex) continue;
    out.push(burstWithinLimit(ex, { first, again, limit: r.limit, windowSeconds: r.windowSeconds }));
  }
  return joined(out);
}

/** One burst: `perToken` requests with each token of `tokens`, written at once on connections already open. */
async function burst(o: BurstOptions, tokens: Tok[], perToken: number, limit: number, windowSeconds: number, confirmation: boolean): Promise<BurstRound> {
  const target = o.config.target;
  const origin = new URL(target.baseUrl);
  const request = loadRequest(o.config, o.operation ?? 'report');
  const recorder = new Recorder([request], target, 1000);
  recorder.warm();
  const bytes: Record<Tok, Buffer> = {
    valid: wireBytes(request, origin, target.token),
    second: wireBytes(request, origin, target.secondToken ?? target.token),
  };
  const n = perToken * tokens.length;
  const answers: Array<{ token: Tok; status: number; at: number; exchange?: Exchange }> = [];
  const tokenOf = new Map<InFlight, Tok>();
  let t0 = 0;
  let conns: WireConnection[] = [];
  const done = new Promise<void>((resolve) => {
    const settle = () => answers.length >= n && resolve();
    const events = {
      keep: () => true,
      answer: (_c: WireConnection, req: InFlight, a: { status: number; headers?: Record<string, string>; body?: string }) => {
        recorder.exchange(0, a.status, a.headers ?? {}, a.body ?? '', undefined, Date.now(), performance.now() - req.sentAt);
        answers.push({ token: tokenOf.get(req)!, status: a.status, at: performance.now() - t0 });
        settle();
      },
      closed: (_c: WireConnection, lost: InFlight[]) => {
        for (const req of lost) answers.push({ token: tokenOf.get(req)!, status: 0, at: performance.now() - t0 });
        settle();
      },
    };
    conns = Array.from(
      { length: n },
      () => new WireConnection(origin.hostname.replace(/^\[|\]$/g, ''), Number(origin.port || 80), events, target.maxResponseBytes),
    );
    // Every connection open, and a moment for the server to take them all in, before the first write.
    void Promise.all(conns.map((c) => new Promise<void>((r) => (c.connected ? r() : c.socket.once('connect', () => r()).once('close', () => r())))))
      .then(() => new Promise((r) => setTimeout(r, SETTLE_MS)))
      .then(() => {
        t0 = performance.now();
        conns.forEach((c, i) => {
          const token = tokens[i % tokens.length]!;
          const req: InFlight = { op: 0, due: 0, sentAt: performance.now(), phase: 0 };
          tokenOf.set(req, token);
          if (c.open) c.send(bytes[token], req);
          else answers.push({ token, status: 0, at: 0 });
        });
        settle();
        setTimeout(() => conns.forEach((c) => c.destroy({ kind: 'timeout', message: `no answer within ${target.timeoutMs} ms` })), target.timeoutMs).unref();
      });
  });
  await done;
  for (const c of conns) c.destroy({ kind: 'connection-reset', message: 'closed after the burst' });
  const accepted = { valid: 0, second: 0 };
  for (const a of answers) if (a.status > 0 && a.status !== 429 && a.status < 500) accepted[a.token]++;
  const spanMs = Math.max(0, ...answers.map((a) => a.at));
  const global = o.scope === 'shared';
  const judged: BurstRound['judged'] = tokens.length > 1 && global ? 'all' : 'token';
  // What refills while the burst is in flight (a token bucket, a sliding window) is allowed too.
  const allowed = limit + Math.ceil((limit / windowSeconds) * (spanMs / 1000));
  const overLimit = judged === 'all' ? accepted.valid + accepted.second > allowed : accepted.valid > allowed || accepted.second > allowed;
  const ev = recorder.evidence;
  return {
    tokens: tokens.length > 1 ? 'both' : 'one',
    confirmation,
    sent: n,
    accepted,
    refused: answers.filter((a) => a.status === 429).length,
    other: answers.filter((a) => a.status === 0 || a.status >= 500).length,
    spanMs: round(spanMs, 1),
    allowed,
    judged,
    overLimit,
    evidence: [...ev.samples, ...ev.refusals.slice(0, 1), ...ev.serverErrors.slice(0, 1)],
  };
}

/**
 * The burst check of RL-6 against the limit the probe measured. Call it after the probe, with the
 * probe's `limit`, `windowSeconds` and `scope` and what is left of the load caps; it waits one
 * quiet window before each burst. Returns the result (for rate-limit.json / the certificate) and
 * the RL-6 findings.
 */
export async function burstCheck(o: BurstOptions): Promise<{ result: BurstResult } & CheckResult> {
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const started = performance.now();
  const { limit, windowSeconds } = o;
  const base = {
    limit,
    windowSeconds,
    size: 0,
    rounds: [] as BurstRound[],
    leaks: { oneToken: false, bothTokens: null as boolean | null },
    requestsSent: 0,
    durationSeconds: 0,
    notes: [] as string[],
  };
  const skip = (reason: string) => ({ result: { ...base, skipped: reason }, findings: [], evidence: [] });
  if (limit === null || windowSeconds === null || !(limit >= 1) || !(windowSeconds > 0)) return skip('no limit was measured by the probe');
  const wanted = o.size ?? Math.max(2 * limit, limit + 10);
  const one = Math.min(wanted, o.caps.maxConcurrency);
  if (one <= limit) return skip(`load.maxConcurrency ${o.caps.maxConcurrency} does not allow a burst above the limit ${limit}`);
  const quiet = windowSeconds * 1000 * 1.1 + 100;
  const bursts = 2 + 2; // at most: one and both, each with its confirmation
  if (o.caps.maxRequests < one * bursts && o.caps.maxRequests < one * 2)
    return skip(`load.maxRequests ${o.caps.maxRequests} does not allow two bursts of ${one}`);
  if (o.caps.maxSeconds * 1000 < 2 * quiet + 2 * o.config.target.timeoutMs)
    return skip(`load.maxSeconds ${o.caps.maxSeconds} does not allow a quiet window of ${windowSeconds} s before each burst`);
  const result: BurstResult = { ...base, skipped: null, size: one };
  const spentMs = () => performance.now() - started;
  const fits = (requests: number) =>
    result.requestsSent + requests <= o.caps.maxRequests && spentMs() + quiet + o.config.target.timeoutMs <= o.caps.maxSeconds * 1000;
  const run = async (tokens: Tok[], perToken: number) => {
    let first: BurstRound | null = null;
    for (const confirmation of [false, true]) {
      if (confirmation && !first?.overLimit) break;
      if (!fits(perToken * tokens.length)) {
        result.notes.push(`${tokens.length > 1 ? 'both-token' : 'one-token'} burst${confirmation ? ' confirmation' : ''} not sent: the load caps are spent`);
        break;
      }
      await sleep(quiet);
      const r = await burst(o, tokens, perToken, limit, windowSeconds, confirmation);
      result.rounds.push(r);
      result.requestsSent += r.sent;
      if (!confirmation) first = r;
    }
    return (
      result.rounds.filter((r) => r.tokens === (tokens.length > 1 ? 'both' : 'one')).every((r) => r.overLimit) &&
      first !== null &&
      result.rounds.some((r) => r.tokens === first!.tokens && r.confirmation)
    );
  };
  result.leaks.oneToken = await run(['valid'], one);
  if (o.config.target.secondToken === undefined) result.notes.push('both-token burst not sent: no target.secondToken in the config');
  else {
    const per = Math.min(wanted, Math.floor(o.caps.maxConcurrency / 2));
    if (per <= limit && o.scope !== 'shared')
      result.notes.push(`both-token burst not sent: half of load.maxConcurrency (${per}) is not above the limit ${limit}`);
    else result.leaks.bothTokens = await run(['valid', 'second'], per);
  }
  result.durationSeconds = round(spentMs() / 1000);
  return { result, ...burstFindings(result) };
}
