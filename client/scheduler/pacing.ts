// Pacing per operation (spec 8 rule 1: "the thresholds and time window: not shown"). Each
// operation ("report", "customerCreate", "orderStatus", each read-back path, any other) has its
// own paces, so a slow report quota never paces the writes, and the other way round. What sets a
// pace: createPacing. Where a pace makes requests wait, a MUST's go first (must-first.ts).
import { showQuota, type Quota } from '../../core/quota.ts';
import { parseRateLimitHeaders } from '../rate-headers.ts';
import type { UnnumberedExchange } from '../transport.ts';
import { opStats, type Job, type Policy, type SchedulerStats } from './policy.ts';
import { createWaiting, type Waiting } from './waiting.ts';
import { createWaitLearner } from './learn-retry-after.ts';
import { marginMs, newPace, until, type Pace } from './pace.ts';
import { joinShared, leaveShared, statedOf, surelyMs } from './shared-limit.ts';
import { createFirst429Hold } from './first-429.ts';
import { openSlideTrial, trialAnswered, trialSent, trying } from './slide-trial.ts';
import { createMustsFirst, rankOf } from './must-first.ts';
import { createFairShare } from './fair-share.ts';
import { knownQuotas, learntQuotas, type StatedQuota } from './pacing-views.ts';

/** How long a request behind a waiting MUST's waits beyond the pace, before it looks again. */
const TURN_MS = 50;

export { marginMs } from './pace.ts';
export type { StatedQuota } from './pacing-views.ts';

export interface Pacing {
  policy: Policy;
  /** The quota each operation is known to have: stated, learnt from a 429's message, or announced. */
  known(): Record<string, Quota>;
  /** Milliseconds before the next request of `op` may go. */
  waitMs(op: string, t: number): number;
  /** What the answers taught it (not what was stated), each quota with the operations it covers
   *  (those announcing one policy share it), named by how it was learnt. */
  learnt(): StatedQuota[];
}

/**
 * What sets an operation's pace:
 *  - stated quotas (run.rateLimit, "5/1m" for the report, or for all requests): never more than Q
 *    sends per window W (a sliding log, with a small margin for the way to the target);
 *  - the quota the answers announce: RateLimit-Policy + RateLimit (IETF draft, structured fields and
 *    the older RateLimit-Limit/-Remaining/-Reset), X-RateLimit-* (Reset as seconds or a Unix
 *    time). Operations that announce the same policy share one pace (a limit on every route);
 *  - a 429's wait (Retry-After, or the message's "try after 60 seconds"): the operation pauses
 *    (a stated wait proven wrong is not trusted again: wait-trust.ts); a wait stated only in the
 *    message gives the window of a learnt quota, a Retry-After without any rate-limit header too
 *    once two waits showed it (learn-retry-after.ts); the quota is what was accepted since the
 *    window last reset, moved down and up by the answers (learn-quota.ts), always an estimate;
 *    without any hint the operation's pace halves after each 429 and recovers slowly.
 */
export function createPacing(
  o: {
    stated: readonly StatedQuota[];
    learn: boolean;
    maxWaitMs: number;
    now: () => number;
    sleep: (ms: number) => Promise<void>;
    waiting: Waiting;
    deadline?: number;
    /** The run stopped, or this job's test: a wait for the pace ends early (the budgets then refuse it). */
    stopped: (job: Job) => boolean;
  },
  stats: SchedulerStats,
): Pacing {
  const stated = o.stated.map((s) => ({ ...s, pace: newPace(s.quota) }));
  const own = new Map<string, Pace>();
  /** Paces of announced policies, by policy; the policy each operation last announced. */
  const shared = new Map<string, Pace>();
  const announcedBy = new Map<string, string>();
  /** Pairs of operations seen not to share a limit (shared-limit.ts). */
  const apart = new Set<string>();

  const musts = createMustsFirst();
  const ownOf = (op: string) => own.get(op) ?? (own.set(op, newPace(undefined, op)), own.get(op)!);
  /** The pace a header of `op` is about: its announced policy's, else its own. */
  const learntOf = (op: string) => shared.get(announcedBy.get(op) ?? '') ?? ownOf(op);
  const pacesOf = (op: string): Pace[] => {
    const list = stated.filter((s) => s.operations === null || s.operations.includes(op)).map((s) => s.pace);
    if (o.learn) list.push(ownOf(op), ...(announcedBy.has(op) ? [shared.get(announcedBy.get(op)!)!] : []));
    return list;
  };

  /** Whether nothing states or taught the limit of `op` yet, and it is not waiting one out. */
  const unknownLimit = (op: string, t: number) => {
    const p = learntOf(op);
    return !p.cap && !p.policy && !p.quota && p.pausedUntil <= t && !stated.some((s) => s.operations === null || s.operations.includes(op));
  };
  const firsts = createFirst429Hold(apart);
  const fair = createFairShare();
  const waitMs = (op: string, t: number) =>
    Math.max(0, (unknownLimit(op, t) ? firsts.until(op, t) : 0) - t, ...pacesOf(op).map((p) => Math.max(until(p, t), fair.until(p, op, t)) - t));

  function sent(paces: Pace[], t: number) {
    for (const p of paces) {
      p.lastSend = t;
      p.inFlight++;
      if (p.cap) {
        if (trying(p.slide)) trialSent(p.slide, p.cap.requests, p.log, t);
        p.log.push(t);
        if (p.log.length > p.cap.requests) p.log.shift();
      }
      if (p.quota) p.quota.remaining--;
      if (p.hold && t >= p.hold.from) p.hold.sent++;
    }
  }

  /** Learns from the answer's headers (the op's pace, or the pace of the policy it announces). */
  function learnHeaders(op: string, ex: UnnumberedExchange, t: number) {
    const h = ex.response?.headers;
    if (!h) return;
    const hints = parseRateLimitHeaders(h, t);
    const state = hints.rateLimit ?? hints.xRateLimit;
    const p = hints.rateLimitPolicy;
    const limit = p?.limit ?? state?.limit ?? null;
    if (limit) {
      const key = `${p?.name ?? ''};${limit};${p?.windowSeconds ?? ''}`;
      if (!shared.has(key)) shared.set(key, newPace());
      announcedBy.set(op, key);
    }
    const pace = learntOf(op);
    const s = opStats(stats, op);
    if (p?.limit && p.windowSeconds) {
      pace.policy = { limit: p.limit, windowMs: p.windowSeconds * 1000 };
      s.pacing = `the target's RateLimit-Policy: ${p.limit} per ${p.windowSeconds} s`;
    }
    if (state?.remaining != null && state.resetSeconds != null) {
      // Requests still in flight were counted by the target after this answer, or will be.
      pace.quota = { remaining: state.remaining - Math.max(0, pace.inFlight), resetAt: t + state.resetSeconds * 1000 };
      if (!p?.windowSeconds) s.pacing = `the target's rate-limit headers (${state.raw})`;
    }
    if (s.pacing !== 'none needed') stats.pacing = s.pacing;
  }

  /** A 429: pause for its wait (proven wrong: as measured), else until the reset, else slow down; learn a quota no header states. */
  function learn429(op: string, job: Job, t: number, sentAt: number) {
    const pace = learntOf(op);
    const s = opStats(stats, op);
    const wait = job.wait429;
    if (o.learn && unknownLimit(op, t)) firsts.on429([...pace.ops, op], t, t - sentAt);
    if (wait && wait.ms <= o.maxWaitMs) {
      const wasWrong = ownOf(op).trust.wrong();
      const ms = ownOf(op).trust.on429(t, sentAt, wait.ms);
      // The window the waits showed so far came from waits now proven wrong: shown again by those kept.
      if (!wasWrong && ownOf(op).trust.wrong()) ownOf(op).window = createWaitLearner();
      pace.pausedUntil = Math.max(pace.pausedUntil, t + ms);
      const wrong = ownOf(op).trust.wrong();
      const distrust = wrong ? `, its stated waits proven wrong: ${Math.round(ms / 100) / 10} s kept as measured` : '';
      // A quota stated for the operation (run.rateLimit, or known before sending) stands, whatever
      // the window its 429 names: the 429 came from requests this scheduler did not send. A quota
      // stated for all requests stands against a Retry-After's window (a message states its own).
      const statedHere = stated.some((q) => q.operations?.includes(op) || (q.operations === null && wait.from === 'retry-after'));
      if (!pace.policy && !pace.quota && !statedHere) {
        const mine = joinShared(own, apart, op, t, t + ms, statedOf(wait));
        // A 429 while a shorter window is tried, well before what the window held was accepted again (a token
        // bucket part refilled took the first trial): the fixed one. Near it: the quota's edge, the trial goes on.
        const slide = mine.slide;
        if (slide?.state === 'provisional' && t >= (mine.last429?.end ?? -Infinity) && mine.cap) {
          const since = mine.accepted.filter((a) => a >= slide.lastAt).length;
          if (since < 0.9 * mine.cap.requests) rewindow(mine, trialAnswered(slide, false));
        }
        if (!mine.last429 || t >= mine.last429.end)
          mine.last429 = { op, sentAt, t, end: t + ms, surelyMs: surelyMs(wait, t - sentAt, wrong), stated: statedOf(wait) };
        // The window: a message's wait states it; Retry-After waits show it once two came (seconds: and
        // where each reset can be). A date shows it on the target's clock: between the instants, each
        // answer's Date the time of its 429 (a wait up to a second longer, more or less from one to the next).
        const d = !wrong ? wait.date : undefined;
        const shown = d
          ? mine.window.on429(d.serverNow, d.retryAt - d.serverNow, [])
          : wait.from === 'message'
            ? undefined
            : mine.window.on429(t, ms, mine.accepted, wrong ? undefined : { lo: sentAt + ms - 1000, hi: t + ms, rttMs: t - sentAt });
        const windowMs = wait.from === 'message' ? Math.max(1000, ms) : mine.slide?.state === 'provisional' ? mine.slide.slidingMs : shown?.windowMs;
        const cap = mine.learner.on429(t, t + ms, windowMs, mine.accepted);
        if (cap) {
          mine.cap = cap;
          mine.log = mine.accepted.filter((a) => a > t - cap.windowMs).slice(-cap.requests);
          mine.hold = undefined;
          if (d && !mine.slide) mine.slide = openSlideTrial(cap.windowMs);
        } else if (windowMs === undefined && !mine.cap && (!mine.hold || t >= mine.hold.from))
          mine.hold = { from: t + ms, n: mine.learner.pending() ?? 1, sent: 0 };
        if (mine.cap && mine.cap === mine.learner.current()) {
          const how = wait.from === 'message' ? `429s whose message asks to wait ${Math.round(wait.ms / 1000)} s` : "429s' Retry-After (no rate-limit header)";
          const ops = mine.ops.size > 1 ? `, one limit shared by ${[...mine.ops].join(', ')}` : '';
          for (const o2 of mine.ops) opStats(stats, o2).pacing = `learnt from ${how}: ${showQuota(mine.cap)} (an estimate)${ops}${distrust}`;
        }
      }
    } else if (pace.quota && pace.quota.resetAt > t) pace.pausedUntil = Math.max(pace.pausedUntil, pace.quota.resetAt);
    else if (!wait) {
      // No usable hint: halve the pace (double the gap between sends).
      const p = ownOf(op);
      p.gapMs = Math.min(5000, Math.max(50, p.gapMs * 2));
      s.pacing = `adaptive: ${p.gapMs} ms between requests after 429s without rate-limit headers`;
    }
    stats.pacing = s.pacing;
  }

  /** The learnt quota of `p` over `windowMs` (a trial's verdict); sliding for good: its later waits keep it. */
  function rewindow(p: Pace, windowMs: number) {
    const learnt = p.cap !== undefined && p.cap === p.learner.current();
    const cap = p.learner.rewindow(windowMs);
    if (learnt && cap) p.cap = cap;
    if (p.slide?.state === 'sliding') p.window = createWaitLearner(windowMs);
  }

  /** An accepted answer: a learnt quota sent at in full for a quiet window is raised (a probe). */
  function learnAccepted(op: string, t: number, sentAt: number) {
    const p = leaveShared(own, apart, op, sentAt);
    p.accepted.push(t);
    p.lastAcceptedSentAt = Math.max(p.lastAcceptedSentAt, sentAt);
    if (p.accepted.length > 1000) p.accepted.shift();
    if (p.gapMs > 0) p.gapMs = p.gapMs * 0.9 < 50 ? 0 : p.gapMs * 0.9;
    p.trust.onAccepted(sentAt);
    const cap = p.learner.current();
    // A quota learnt from 429s, not overridden since; not raised while a trial tells its window.
    if (!cap || p.cap !== cap || trying(p.slide)) return;
    const full = p.log.length >= cap.requests && p.log[p.log.length - cap.requests]! > t - cap.windowMs - marginMs(cap);
    const raised = p.learner.onAccepted(t, full);
    if (!raised) return;
    p.cap = raised;
    for (const o2 of p.ops)
      opStats(stats, o2).pacing = opStats(stats, o2).pacing.replace(/: \d+\/\d+[smh] \(an estimate\)/, `: ${showQuota(raised)} (an estimate)`);
  }

  /** Short waits keep the slot; longer ones give it to other operations meanwhile. The run's
   *  waited time is wall time (waiting.ts: requests waiting side by side count once). */
  const opWaiting = new Map<string, Waiting>();
  const waitingOf = (op: string) => {
    if (!opWaiting.has(op)) {
      const s = opStats(stats, op);
      s.waitedMs ??= 0;
      opWaiting.set(op, createWaiting(o.now, s as { waitedMs: number }));
    }
    return opWaiting.get(op)!;
  };
  const park = (job: Job, ms: number) => o.waiting.during(() => waitingOf(job.op).during(() => (ms < 200 ? o.sleep(ms) : job.park(ms))));

  /** Waits for the operation's pace, then takes its place in the paces at once (in the same turn
   *  as the last check: requests passing the gate together cannot all see the same free window). */
  async function gate(job: Job): Promise<{ paces: Pace[]; reserved: number }> {
    // A MUST's request that waits is ahead of the others of its paces, and one that follows an
    // answer gets a quota's last place (must-first.ts); a request of a test verifying no MUST
    // behind it waits a turn more, its slot given back meanwhile. A test a MUST's test waits for
    // (raised) is ahead of the MUSTs' requests.
    const behind = () => musts.ahead(pacesOf(job.op), o.now(), job);
    const wait = () => waitMs(job.op, o.now()) + (behind() ? TURN_MS : 0);
    const leave = job.must !== undefined && wait() > 0 ? musts.enter(() => pacesOf(job.op), job) : undefined;
    const leaveFair = fair.enter(job);
    try {
      for (let w = wait(); w > 0; w = wait()) {
        if (o.deadline !== undefined && o.now() >= o.deadline) break; // the budget is spent: the budgets say so
        const ms = Math.min(w, o.deadline !== undefined ? Math.max(1, o.deadline - o.now()) : w);
        await (behind() ? o.waiting.during(() => waitingOf(job.op).during(() => job.park(ms))) : park(job, ms));
        job.waitedMs += ms;
        if (o.stopped(job)) break;
      }
    } finally {
      leave?.();
      leaveFair();
    }
    const paces = pacesOf(job.op);
    const reserved = o.now();
    sent(paces, reserved);
    fair.sent(job.op, paces, reserved);
    return { paces, reserved };
  }

  /** The place taken at `reserved` moves to the time the request is really sent. */
  function moved(paces: Pace[], reserved: number, t: number) {
    for (const p of paces) {
      p.lastSend = Math.max(p.lastSend, t);
      const i = p.cap ? p.log.lastIndexOf(reserved) : -1;
      if (i >= 0) p.log[i] = t;
    }
  }

  const policy: Policy = (next) => async (job) => {
    const { paces, reserved } = await gate(job);
    const must = (rankOf(job) ?? 0) > 0;
    if (must) musts.sent(paces);
    let sentAt = reserved;
    job.onSend.push((t) => (moved(paces, reserved, t), (sentAt = t)));
    const ex = await next(job);
    job.onSend.pop();
    const t = o.now();
    for (const p of paces) p.inFlight = Math.max(0, p.inFlight - 1);
    if (must) musts.answered(paces, t);
    // The answer to a trial of a shorter window (slide-trial.ts): the window its pace keeps; none: tried again.
    for (const p of paces)
      if (p.slide?.pending === reserved)
        ex.response && !ex.notSent && o.learn ? rewindow(p, trialAnswered(p.slide, ex.response.status !== 429)) : (p.slide.pending = undefined);
    if (ex.notSent || !o.learn) return ex;
    learnHeaders(job.op, ex, t);
    if (ex.response?.status === 429) learn429(job.op, job, t, sentAt);
    else if (ex.response) learnAccepted(job.op, t, sentAt);
    return ex;
  };
  const known = () => knownQuotas(stated, own, announcedBy, shared);
  const learnt = () => learntQuotas(stats, own, announcedBy, shared);
  return { policy, waitMs, known, learnt };
}
