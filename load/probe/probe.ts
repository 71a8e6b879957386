// The rate-limit probe (spec 7: "429 | Too Many Request", 8 rule 1: "the thresholds and time
// window: not shown"). It measures what the spec leaves open - limit, window, refill, scope - with
// sequential requests, one connection each, every step bounded by the caps (steps: `measure`), and
// tests what it implies: a 429 (not a 5xx), with the envelope, and a Retry-After that does not lie.
import type { RunConfig } from '../../config/schema.ts';
import type { Exchange } from '../../core/types.ts';
import { bucketCapacity, isTokenBucketLike, refillRate, windowKind } from './classify.ts';
import { announced, parseRateLimitHeaders, parseRetryAfter } from '../../client/rate-headers.ts';
import { ProbeRun, statedInMessage, Stop, type Edge, type ProbeVia } from './moves.ts';
import { probedRequest } from './operations.ts';
import type { Measured, RateLimitResult, Scope } from '../result.ts';
import { buildResult } from './build.ts';
import { isAccepted, serverTime, type Shot } from '../sender.ts';

export interface ProbeOptions {
  config: RunConfig;
  /** A section 4 operation, a read path or an index operation of the config (load/probe/operations.ts). */
  operation: string;
  maxRequests: number;
  maxSeconds: number;
  /** Progress lines (one per step). */
  log?: (line: string) => void;
  /** Poll spacing while waiting for a refill, ms (default 100). */
  pollMs?: number;
  /** Every exchange the probe sends, as it is answered (the HAR, reports/har/). */
  onExchange?: (ex: Exchange) => void;
  /** A simulated target and clock (tests); default: the kit's transport to config.target, and setTimeout. */
  via?: ProbeVia;
}

export async function probeRateLimit(opts: ProbeOptions): Promise<RateLimitResult> {
  const request = probedRequest(opts.config, opts.operation);
  if ('problem' in request) throw new Error(request.problem);
  const run = new ProbeRun(
    opts.config.target,
    request,
    { maxRequests: opts.maxRequests, maxSeconds: opts.maxSeconds },
    opts.pollMs ?? 100,
    opts.onExchange,
    opts.via,
  );
  const m: Measured = {
    notes: [],
    stoppedBy: null,
    limit: null,
    windowSeconds: null,
    refillPerSecond: null,
    refill: 'unknown',
    algorithm: 'unknown',
    scope: 'unknown',
  };
  if (request.acceptedAs === 'validation-error') m.notes.push(`probed with ${request.description}`);
  try {
    await measure(run, opts, m);
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    m.stoppedBy = e.by;
    m.notes.push(stopNote(e.by));
  } finally {
    await run.sender.close();
  }
  return buildResult(run, request, m, { maxRequests: opts.maxRequests, maxSeconds: opts.maxSeconds });
}

function stopNote(by: Stop['by']): string {
  if (by === '5xx-burst') return 'stopped at a burst of 5xx answers (safety rule): the figures are incomplete';
  return `stopped by the ${by} cap before the measurement finished: the figures found so far are reported`;
}

/**
 * The steps:
 *  1. exhaust: requests until the first 429 count the quota (the headers give hypotheses);
 *     then the second token, if any, is tried while the first is refused (per token or shared);
 *  2. recover: poll for the first accepted request (Retry-After guided, and tested on the way);
 *  3. refill: one accepted request at that instant, then - once a sliding window has let all
 *     of the first burst go - a burst until the next 429. Less than half the quota means
 *     requests come back gradually and fast: a token bucket, whose rate a timed wait then
 *     measures. Otherwise this burst counted the quota, and
 *  4. next refill: half the quota + 1. A fixed window gives it all back (bulk); a sliding window
 *     only the single request sent at the previous refill. The window is the time between the
 *     two refills.
 */
async function measure(run: ProbeRun, opts: ProbeOptions, m: Measured): Promise<void> {
  const log = opts.log ?? (() => {});
  const secondToken = opts.config.target.secondToken !== undefined;

  // 0. settle: a quota partly spent before the probe (the preflight, other clients) would be
  // measured short. When the target says so in its headers, wait for its reset first.
  run.phase = 'settle';
  const first = await run.shoot();
  const said = parseRateLimitHeaders(first.headers);
  const state = said.rateLimit ?? said.xRateLimit;
  const quota = announced(said).limit;
  const settled = state?.remaining != null && state.resetSeconds != null && quota != null && state.remaining + 1 < quota;
  if (settled) {
    log(`settle: ${state?.remaining} of ${quota} left, waiting ${state?.resetSeconds} s for the reset`);
    await run.sleepUntil(first.receivedAt + (state?.resetSeconds ?? 0) * 1000 + 50);
  }

  // 1. exhaust (the settle request counts in it when the quota was whole)
  run.phase = 'exhaust';
  const a = await run.burst();
  if (!settled && isAccepted(first)) a.accepted.unshift(first);
  if (!a.refusal) return; // unreachable: burst() ends at a 429 or a Stop
  const hints = announced(parseRateLimitHeaders(a.accepted[0]?.headers ?? a.refusal.headers));
  const nA = a.accepted.length;
  m.limit = nA;
  log(`exhaust: ${nA} accepted before the first 429`);
  const stated = parseRetryAfter(a.refusal.headers['retry-after']) === null ? statedInMessage(a.refusal) : null;
  if (stated !== null) {
    log(`429 message: states a wait of ${stated / 1000} s (no Retry-After)`);
    m.notes.push(`the 429's message states a wait of ${stated / 1000} s, with no Retry-After: the probe polls within it`);
  }
  const k = Math.min(5, Math.max(1, Math.floor(nA / 2)));
  let scope: Scope | null = secondToken ? await run.scopeTest(k) : null;

  // 2. recover
  run.phase = 'recover';
  const edge1 = await run.findEdge(a.refusal);
  log(`recover: accepted again ${((edge1.accepted.receivedAt - a.refusal.receivedAt) / 1000).toFixed(2)} s after the 429`);

  // 3. refill: wait as long as the first burst took (a sliding window lets it all go) - and a
  // fifth of the shortest possible window, so the request at the refill stands apart - then burst.
  run.phase = 'refill';
  const aSpan = nA > 0 ? serverTime(a.accepted[nA - 1]!) - serverTime(a.accepted[0]!) : 0;
  const windowAtLeast = nA > 0 ? edge1.at - serverTime(a.accepted[0]!) : 0;
  await run.sleepUntil(edge1.accepted.receivedAt + Math.max(20, aSpan * 1.1, windowAtLeast * 0.2));
  const c = await run.burst();
  const cAccepted = acceptedBetween(run, edge1.accepted, c.refusal!);
  if (secondToken && scope === null) scope = await run.scopeTest(k);
  if (isTokenBucketLike(cAccepted.length, nA)) {
    await tokenBucket(run, m, {
      a: { accepted: a.accepted, refusal: a.refusal },
      cRefusal: c.refusal!,
      cAccepted: cAccepted.length,
      scope,
      announcedLimit: hints.limit,
      log,
    });
  } else {
    await windows(run, m, { nA, aRefusal: a.refusal, edge1, cAccepted, cRefusal: c.refusal!, log });
  }
  m.scope = scope ?? 'unknown';
  if (!secondToken) m.notes.push('scope not measured: target.secondToken is not configured');
  else if (scope === null) m.notes.push('scope unknown: the quota came back during both scope tests');
  if (hints.limit !== null && hints.limit !== m.limit) m.notes.push(`the headers announce a limit of ${hints.limit}; ${m.limit} were measured`);
  paceNote(m, a.accepted);
}

interface WindowInput {
  nA: number;
  aRefusal: Shot;
  edge1: Edge;
  cAccepted: Shot[];
  cRefusal: Shot;
  log: (line: string) => void;
}

/**
 * 4. Fixed or sliding window: the next refill tells which, and the time between refills the window.
 * Every burst that ends at a 429 accepted at least the quota since the last refill; one slower than
 * the window (requests of 80 ms against 20 per 3 s) crosses a boundary, accepts more, and its two
 * refills are two windows apart. When the burst after the first refill may have crossed one (it
 * counted more than the first burst, or no wait for a refill was longer than half the time between
 * the two refills), the burst sent at the next refill, without waiting, counts again and times the
 * window to the refill after it: the burst that counted fewer gives the limit and the window.
 */
async function windows(run: ProbeRun, m: Measured, o: WindowInput): Promise<void> {
  const edge2 = await run.findEdge(o.cRefusal);
  let windowMs = edge2.at - o.edge1.at;
  const cCount = o.cAccepted.length;
  // Refused requests from a 429 to the refill after it fall in one window: it is longer than the
  // time between them. Longer than half the time between the two refills: they are one window apart.
  const windowAtLeast = Math.max(o.edge1.at - serverTime(o.aRefusal), edge2.at - serverTime(o.cRefusal));
  const mayCross = cCount > o.nA || windowAtLeast <= windowMs / 2;
  const counted = mayCross ? Math.min(o.nA, cCount) : cCount;
  const h = Math.max(1, Math.floor(counted / 2));
  const d = await run.burst(h);
  const atRefill = acceptedBetween(run, edge2.accepted, d.refusal).length;
  const kind = windowKind(atRefill, h);
  m.refill = kind.refill;
  m.algorithm = kind.algorithm;
  m.limit = counted;
  // A sliding window restarts from the request accepted at the refill (a fixed one from its boundary).
  if (kind.algorithm === 'sliding-window') m.windowSeconds = (edge2.at - serverTime(o.edge1.accepted)) / 1000;
  if (mayCross && kind.algorithm === 'fixed-window') {
    // Count the quota again, from this refill on, and time it to the next refill.
    const rest = d.refusal ? { accepted: [], refusal: d.refusal } : await run.burst();
    const dCount = atRefill + rest.accepted.length;
    const edge3 = rest.refusal ? await run.findEdge(rest.refusal) : null;
    const bursts = [{ count: cCount, ms: windowMs }, ...(edge3 ? [{ count: dCount, ms: edge3.at - edge2.at }] : [])];
    const best = bursts.sort((x, y) => x.count - y.count || x.ms - y.ms)[0]!;
    windowMs = best.ms;
    m.limit = best.count;
    if (best.count > o.nA) m.notes.push('the limit is uncertain: the bursts were too slow to fit in one window');
  } else if (mayCross && kind.algorithm === 'sliding-window' && cCount > o.nA) {
    // A sliding window took back nothing before one window had passed since the refill.
    m.limit = o.cAccepted.filter((s) => serverTime(s) < serverTime(o.edge1.accepted) + m.windowSeconds! * 1000).length;
    m.notes.push('the burst after the refill was slower than the window: the limit counts its requests within one window');
  }
  if (kind.algorithm !== 'sliding-window') m.windowSeconds = windowMs / 1000;
  m.refillPerSecond = m.limit / m.windowSeconds!;
  // One fact a line: what the refill showed, then the figures it gives.
  o.log(`algorithm: ${kind.algorithm} (${atRefill} of ${h + 1} requests sent at the next refill accepted)`);
  o.log(`limit: ${m.limit} requests`);
  o.log(`window: ${m.windowSeconds!.toFixed(2)} s`);
}

/** Requests of the valid token accepted from `first` on, before `end` (a 429; null: up to now). */
function acceptedBetween(run: ProbeRun, first: Shot, end: Shot | null): Shot[] {
  return run.shots.filter((s) => s.token === 'valid' && isAccepted(s) && s.seq >= first.seq && (end === null || s.seq < end.seq));
}

/** The probe counts requests sent one after the other: they must be quick next to the refill. */
function paceNote(m: Measured, burst: Shot[]): void {
  if (m.limit === null || m.windowSeconds === null || burst.length === 0) return;
  const times = burst.map((s) => s.receivedAt - s.sentAt).sort((x, y) => x - y);
  const median = times[Math.floor(times.length / 2)]!;
  const refillMs = (m.windowSeconds * 1000) / m.limit;
  if (median * 4 > refillMs)
    m.notes.push(
      `requests took ${median.toFixed(0)} ms each (median), close to the ${refillMs.toFixed(0)} ms in which one request comes back: the figures may be off`,
    );
}

interface BucketInput {
  a: { accepted: Shot[]; refusal: Shot };
  /** The 429 that ended the burst after the first refill, and how many that burst accepted. */
  cRefusal: Shot;
  cAccepted: number;
  scope: Scope | null;
  announcedLimit: number | null;
  log: (line: string) => void;
}

/** Token bucket: wait for about half the bucket, count what passes, and derive rate, capacity, window. */
async function tokenBucket(run: ProbeRun, m: Measured, o: BucketInput): Promise<void> {
  m.refill = 'gradual';
  m.algorithm = 'token-bucket';
  run.phase = 'refill-rate';
  const first429 = o.a.refusal;
  const roughRate = refillRate(o.cAccepted, (serverTime(o.cRefusal) - serverTime(first429)) / 1000) ?? 1;
  let target = Math.max(3, Math.floor(o.a.accepted.length / 2));
  let from = o.cRefusal;
  for (let attempt = 0; attempt < 2; attempt++) {
    const wait = Math.min(60_000, Math.max(200, (target / Math.max(roughRate, 0.01)) * 1000));
    await run.sleepUntil(from.receivedAt + wait);
    const d = await run.burst();
    from = d.refusal!;
    // A full bucket hides the rate (it only shows the capacity): try again with a shorter wait.
    if (d.accepted.length < 0.9 * o.a.accepted.length) break;
    target = Math.max(2, Math.floor(target / 3));
  }
  // Between two refusals the bucket held less than one token both times: what was accepted in
  // between is what refilled, ± 1. Requests of the second token drew from it too when shared.
  const between = run.shots.filter((s) => s.seq > first429.seq && s.seq < from.seq && isAccepted(s) && (s.token === 'valid' || o.scope === 'shared'));
  const rate = refillRate(between.length, (serverTime(from) - serverTime(first429)) / 1000);
  if (rate === null || rate <= 0) return;
  const accepted = o.a.accepted;
  const t0 = serverTime(accepted[0]!);
  m.limit = bucketCapacity(
    accepted.length,
    rate,
    (serverTime(accepted[accepted.length - 1]!) - t0) / 1000,
    (serverTime(first429) - t0) / 1000,
    o.announcedLimit,
  );
  m.refillPerSecond = rate;
  m.windowSeconds = m.limit / rate;
  o.log('algorithm: token-bucket');
  o.log(`refill: ${rate.toFixed(2)} per second`);
  o.log(`limit: ${m.limit} (the bucket's capacity)`);
  o.log(`window: ${m.windowSeconds.toFixed(2)} s (capacity / refill)`);
  // One more Retry-After test, on the next token.
  run.phase = 'recover';
  await run.findEdge(from);
}
