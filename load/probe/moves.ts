// The probe's moves, each bounded by the caps: one request, a burst until the first 429, a wait,
// the search for the moment requests are accepted again (testing Retry-After on the way), and
// the scope test with the second token.
import type { TargetConfig } from '../../config/schema.ts';
import type { Exchange } from '../../core/types.ts';
import { Budget, FiveXxWatch } from '../caps.ts';
import { nextPollGap } from './classify.ts';
import { parseRetryAfter, parseState } from '../../client/rate-headers.ts';
import { messageWait } from '../../client/scheduler/wait-of-429.ts';
import type { ProbedRequest } from './operations.ts';
import type { RetryAfterCheck, LoadStoppedBy, TimelinePoint } from '../result.ts';
import { createSender, isAccepted, isRefusal, serverTime, type Sender, type Shot, type ShotToken } from '../sender.ts';

/** The wait a 429 states in its message only (client/scheduler/wait-of-429.ts), ms; null without one. */
export function statedInMessage(refusal: Shot): number | null {
  const body = refusal.exchange?.response?.body;
  return typeof body === 'string' ? messageWait(body) : null;
}

/** Thrown by a move when a cap or the 5xx burst rule ends the probe. */
export class Stop extends Error {
  constructor(readonly by: LoadStoppedBy) {
    super(`probe stopped: ${by}`);
  }
}

export interface Burst {
  accepted: Shot[];
  /** The 429 that ended it; null when it reached `maxAccepted`. */
  refusal: Shot | null;
}

export interface Edge {
  /** The first accepted request after the refusal. */
  accepted: Shot;
  /** Best estimate (sender clock, ms) of when the quota came back. */
  at: number;
}

/** No request is sent with less time than this left before the deadline. */
const MIN_ANSWER_MS = 10;

/** A request sent this long after the promised instant tests a Retry-After. */
export const RETRY_AFTER_MARGIN_MS = 50;

/** How many times sooner than a Retry-After said a quota must come back for it to be a lie the
 *  other way: a unit error (milliseconds as seconds: 1000x), not a server rounding its wait up. */
export const OVERSTATED = 100;

/** The quota came back `elapsedMs` after a 429 whose Retry-After said `seconds`: OVERSTATED times sooner or more. */
export const overstated = (seconds: number, elapsedMs: number) => elapsedMs * OVERSTATED <= seconds * 1000;

/** The sender and the timer a probe uses: a simulated target and clock in tests (test/load/probe/support/sim-target.ts). */
export interface ProbeVia {
  sender: Sender;
  sleep(ms: number): Promise<void>;
}

export class ProbeRun {
  readonly sender: Sender;
  readonly budget: Budget;
  readonly shots: Shot[] = [];
  readonly timeline: TimelinePoint[] = [];
  readonly watch = new FiveXxWatch();
  readonly retryAfterChecks: RetryAfterCheck[] = [];
  retryAfterSeen = false;
  phase = 'exhaust';

  constructor(
    readonly target: Pick<TargetConfig, 'baseUrl' | 'token' | 'secondToken' | 'timeoutMs'>,
    readonly request: ProbedRequest,
    caps: { maxRequests: number; maxSeconds: number },
    readonly pollMs = 100,
    onExchange?: (ex: Exchange) => void,
    via?: ProbeVia,
  ) {
    this.sender = via?.sender ?? createSender({ target, request, ...(onExchange ? { onExchange } : {}) });
    this.sleep = via?.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    // The budget runs on the sender's clock (simulated in tests).
    this.budget = new Budget(caps, () => this.sender.origin + this.sender.now());
  }

  private readonly sleep: (ms: number) => Promise<void>;

  /** Sender clock (ms) of the budget's deadline. */
  private get deadline(): number {
    return this.sender.now() + this.budget.remainingMs();
  }

  async shoot(token: ShotToken = 'valid'): Promise<Shot> {
    // A request that could not get an answer before the deadline is not sent.
    if (this.budget.remainingMs() < MIN_ANSWER_MS) throw new Stop('max-seconds');
    if (!this.budget.take()) throw new Stop(this.budget.spentBy() ?? 'max-requests');
    const timeout = Math.min(this.target.timeoutMs, Math.max(1, this.budget.remainingMs()));
    const shot = await this.sender.send(token, timeout);
    this.shots.push(shot);
    this.timeline.push({ t: Math.round(shot.sentAt) / 1000, status: shot.status, phase: this.phase, ...(token === 'second' ? { token } : {}) });
    if (shot.status === 429 && shot.headers['retry-after'] !== undefined) this.retryAfterSeen = true;
    if (this.watch.record(shot.status)) throw new Stop('5xx-burst');
    return shot;
  }

  /** Waits until `at` (sender clock); the deadline ends the probe instead of being overslept. */
  async sleepUntil(at: number): Promise<void> {
    const deadline = this.deadline;
    const until = Math.min(at, deadline);
    const ms = until - this.sender.now();
    if (ms > 0) await this.sleep(ms);
    if (at > deadline) throw new Stop('max-seconds');
  }

  /** Requests one after the other until a 429 (or `maxAccepted` accepted ones). */
  async burst(maxAccepted = Number.POSITIVE_INFINITY): Promise<Burst> {
    const accepted: Shot[] = [];
    while (accepted.length < maxAccepted) {
      const shot = await this.shoot();
      if (isRefusal(shot)) return { accepted, refusal: shot };
      if (isAccepted(shot)) accepted.push(shot);
    }
    return { accepted, refusal: null };
  }

  /**
   * Polls after a 429 of the valid token until a request is accepted. With a Retry-After of R s (whole seconds, so
   * the quota returns in the last second before it), polls every `pollMs` from R − 1 s, and the
   * first poll sent at R s + margin tests it. A wait stated only in the message bounds the wait: polled
   * at 1/64 of it. Without either (or once it lied), the gaps grow with the wait, 1/64 of it
   * (classify.ts nextPollGap): near the refill a gap is at most 1/64 of the window.
   */
  async findEdge(after: Shot): Promise<Edge> {
    // A request of the valid token sent since (by the scope test) may have been accepted already;
    // otherwise the polls start from its latest refusal.
    const since = this.shots.filter((s) => s.token === 'valid' && s.seq > after.seq);
    const early = since.find(isAccepted);
    const refused = (before: number) => [after, ...since].filter((s) => s.seq < before && isRefusal(s)).at(-1) ?? after;
    if (early) return { accepted: early, at: (serverTime(refused(early.seq)) + serverTime(early)) / 2 };
    const refusal = refused(Number.POSITIVE_INFINITY);
    const stated = parseRetryAfter(refusal.headers['retry-after']);
    // A Retry-After longer than the probe may still wait (6000 for a 6 s wait: milliseconds where
    // RFC 9110 10.2.3 wants delay-seconds) guides nothing: polled as without one; a quota back
    // OVERSTATED times sooner than it said makes it a lie (overstated()).
    const unwaitable = stated !== null && stated * 1000 > this.budget.remainingMs();
    const ra = unwaitable ? null : stated;
    // Without Retry-After, the draft RateLimit header's reset (t=) guides the polls, untested.
    const hint = ra ?? parseState(refusal.headers.ratelimit)?.resetSeconds ?? null;
    // A wait stated only in the message ("please try after 10 seconds") bounds the wait: polled finely within it.
    const statedMs = ra === null ? statedInMessage(refusal) : null;
    const from = refusal.receivedAt;
    const promised = ra === null ? null : from + ra * 1000 + RETRY_AFTER_MARGIN_MS;
    // Past this instant nothing guides the polls any more: the gaps grow.
    let guidedUntil = hint === null ? from : from + hint * 1000 + 1000;
    let tested = false;
    let last = refusal;
    let next = hint === null ? from + this.pollMs : Math.max(from + (hint - 1) * 1000, from);
    for (;;) {
      if (promised !== null && !tested && next > promised) next = promised;
      await this.sleepUntil(next);
      const shot = await this.shoot();
      const testsPromise = promised !== null && !tested && shot.sentAt >= promised;
      if (testsPromise) tested = true;
      if (isAccepted(shot)) {
        if (unwaitable && overstated(stated!, shot.receivedAt - from)) this.recordCheck(refusal, stated!, shot, false, true);
        // Accepted at or before the promised instant: the Retry-After held.
        if (promised !== null && (testsPromise || !tested)) this.recordCheck(refusal, ra!, shot, true);
        // The quota came back between the last refused poll and this one: the middle of that gap.
        const polled = last !== refusal;
        return { accepted: shot, at: polled ? (serverTime(last) + serverTime(shot)) / 2 : serverTime(shot) };
      }
      if (testsPromise) {
        this.recordCheck(refusal, ra!, shot, false);
        guidedUntil = from; // it lied: do not trust it for the rest of the wait
      }
      if (isRefusal(shot)) last = shot;
      next = shot.receivedAt + nextPollGap(this.pollMs, shot.receivedAt - from, shot.sentAt < guidedUntil, statedMs);
    }
  }

  private recordCheck(refusal: Shot, retryAfterSeconds: number, test: Shot, held: boolean, early = false) {
    this.retryAfterChecks.push({
      retryAfterSeconds,
      testedAfterSeconds: Math.round(test.sentAt - refusal.receivedAt) / 1000,
      held,
      refusal: refusal.exchange!,
      ...(early ? { acceptedTest: test.exchange, overstated: true } : held ? {} : { refusedTest: test.exchange }),
    });
  }

  /**
   * Right after a 429 of the valid token: up to `k` requests with the second token in a row. A
   * shared quota that the valid token just emptied cannot pass k in a row (it refills slower than
   * requests are sent, or the burst before would not have emptied it): a refusal means 'shared'.
   * k accepted: 'token', once the valid token is refused again (one of two tries; two accepted
   * means its quota came back meanwhile, e.g. a new window: inconclusive, null).
   */
  async scopeTest(k: number): Promise<'token' | 'shared' | null> {
    const previous = this.phase;
    this.phase = 'scope';
    try {
      for (let i = 0; i < k; i++) {
        const shot = await this.shoot('second');
        if (isRefusal(shot)) return 'shared';
        if (!isAccepted(shot)) return null;
      }
      for (let i = 0; i < 2; i++) if (isRefusal(await this.shoot('valid'))) return 'token';
      return null;
    } finally {
      this.phase = previous;
    }
  }
}
