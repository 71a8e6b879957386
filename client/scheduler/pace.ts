// One pace: what holds back the requests of an operation, or of the operations sharing one limit
// (pacing.ts keeps them): a quota's sliding log, a state header's count, a policy's spread, a
// 429's pause, a gap, a hold to one request at a time while a window is being found, a learnt
// quota's last sends fewer at a time, a trial of a window dates show; and what the answers taught of a limit no header states.
import type { Quota } from '../../core/quota.ts';
import { createWaitLearner, type WaitLearner } from './learn-retry-after.ts';
import { createQuotaLearner, type QuotaLearner } from './learn-quota.ts';
import { createWaitTrust, type WaitTrust } from './wait-trust.ts';
import { trialUntil, trying, type SlideTrial } from './slide-trial.ts';

/** How a 429 stated its wait: in its message, Retry-After seconds, or a Retry-After date. */
export type Stated = 'message' | 'seconds' | 'date';

export interface Pace {
  cap?: Quota;
  /** Send times, the last cap.requests of them. */
  log: number[];
  /** From a state header: requests left, and when the window resets. */
  quota?: { remaining: number; resetAt: number };
  /** From a policy header: spread the sends evenly. */
  policy?: { limit: number; windowMs: number };
  lastSend: number;
  gapMs: number;
  pausedUntil: number;
  inFlight: number;
  /** Times of accepted (not 429) answers, for a quota learnt from a 429's wait; when the last of them was sent. */
  accepted: number[];
  lastAcceptedSentAt: number;
  /** The window Retry-After waits show (learn-retry-after.ts), the quota learnt from 429s
   *  (learn-quota.ts), whether their stated waits hold (wait-trust.ts). */
  window: WaitLearner;
  learner: QuotaLearner;
  trust: WaitTrust;
  /** The operations under it (more than one: a limit they were seen to share, shared-limit.ts). */
  ops: Set<string>;
  /** After a 429 whose window is not known yet: from the end of its wait, `n` sends (what the
   *  window held before it) go side by side, then one at a time, so the 429 that shows the window
   *  (learn-retry-after.ts) is one, not one per request in flight. */
  hold?: { from: number; n: number; sent: number };
  /** The last 429 that paused it: its operation, when it was sent and answered, when its wait ends;
   *  `surelyMs`: how long after it was sent the limit surely had not reset yet (shared-limit.ts);
   *  `stated`: how its wait was stated (one limit states every 429's wait one way). */
  last429?: { op: string; sentAt: number; t: number; end: number; surelyMs: number; stated?: Stated };
  /** A window shown by Retry-After dates, fixed or sliding: the trial telling which (slide-trial.ts). */
  slide?: SlideTrial;
}

/** `learnt`: the share of a quota learnt for a limit `op` was shown not to share, at `t`. */
export const newPace = (cap?: Quota, op?: string, learnt?: { cap: Quota; t: number; lastWaitEnd?: number }): Pace => ({
  ...(cap ? { cap } : learnt ? { cap: learnt.cap } : {}),
  log: [],
  lastSend: 0,
  gapMs: 0,
  pausedUntil: 0,
  inFlight: 0,
  accepted: [],
  lastAcceptedSentAt: 0,
  window: createWaitLearner(learnt?.cap.windowMs),
  learner: createQuotaLearner(learnt),
  trust: createWaitTrust(),
  ops: new Set(op === undefined ? [] : [op]),
});

/** Margin added to a window: the way to the target varies, a send must not arrive inside the last window. */
export const marginMs = (q: Quota) => Math.max(50, Math.round(q.windowMs * 0.03));

const HOLD_POLL_MS = 10;

/** A learnt quota's last sends of a window go fewer at a time: at most half of what is left of it in
 *  flight. Where the estimate is above what the target holds (a token bucket refilling slower than
 *  the burst counted), the limit then meets one or two requests in flight, not all of them. */
function tapered(p: Pace, t: number): boolean {
  const cap = p.cap;
  if (!cap || p.inFlight === 0 || cap !== p.learner.current()) return false;
  const from = t - cap.windowMs - marginMs(cap);
  let used = 0;
  for (let i = p.log.length - 1; i >= 0 && p.log[i]! > from; i--) used++;
  return p.inFlight >= Math.max(1, Math.floor((cap.requests - used) / 2));
}

/** When the pace lets the next request go (epoch ms), looked at `t`. */
export function until(p: Pace, t: number): number {
  let u = p.pausedUntil;
  if (p.cap && trying(p.slide)) u = Math.max(u, trialUntil(p.slide, p.cap.requests, p.log, t));
  else if (p.cap && p.log.length >= p.cap.requests) u = Math.max(u, p.log[p.log.length - p.cap.requests]! + p.cap.windowMs + marginMs(p.cap));
  if (tapered(p, t)) u = Math.max(u, t + HOLD_POLL_MS);
  if (p.quota && p.quota.remaining <= 0) u = Math.max(u, p.quota.resetAt);
  if (p.policy && !p.quota) u = Math.max(u, p.lastSend + p.policy.windowMs / p.policy.limit);
  if (p.gapMs > 0) u = Math.max(u, p.lastSend + p.gapMs);
  // One at a time: looked at again shortly (the answer in flight frees it).
  if (p.hold && p.hold.sent >= p.hold.n && p.inFlight > 0) u = Math.max(u, p.lastSend + HOLD_POLL_MS);
  return u;
}
