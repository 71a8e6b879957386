// Requests in flight that adapt to the target, as Netflix's concurrency-limits (gradient) and
// Envoy's adaptive concurrency do: no run pushes a target into timeouts. The limit moves once a
// round (as many answers as the limit): it falls by the gradient tolerance x baseline / latency
// (down to half) when the round's median latency grew past the tolerance, halves when an answer
// timed out, and otherwise grows: doubling until the first fall (slow start), then one a round.
// The baseline is the fastest answer; every 16th round runs at a few requests in flight to learn it
// anew (as Envoy's minRTT window does): under load alone, no answer is fast.
// The configured concurrency is the ceiling, never a promise. A read (it changes nothing) that
// timed out is sent again once the limit has fallen, after a pause, a few times.
import type { UnnumberedExchange } from '../transport.ts';
import type { Job, Policy } from './policy.ts';
import type { Slots } from './slots.ts';

/** The slack a run's schedulers give (slackMs): on loopback the fastest answer is a millisecond,
 *  and a busy machine's scheduling alone is tens. */
export const ADAPTIVE_SLACK_MS = 100;

export interface AdaptiveOptions {
  /** The most requests in flight (run.concurrency, --concurrency). */
  ceiling: number;
  /** Where it starts (default min(ceiling, 8)). */
  initial?: number;
  /** How much slower than the baseline a round may be before the limit falls (default 2). */
  tolerance?: number;
  /** Milliseconds a round may be slower still, whatever the baseline (default 0): on loopback the
   *  fastest answer is a millisecond, and a busy machine's scheduling alone is many times that. */
  slackMs?: number;
}

export interface AdaptiveLimit {
  limit(): number;
  /** An answer came `latencyMs` after its send. */
  answered(latencyMs: number): void;
  /** A request got no answer within its time limit. */
  timedOut(): void;
}

/** Rounds after which the baseline is learnt anew (a route whose fastest answer grew is not throttled forever), and at how many in flight. */
const RELEARN_ROUNDS = 16;
const RELEARN_IN_FLIGHT = 3;

export function createAdaptiveLimit(o: AdaptiveOptions): AdaptiveLimit {
  const tolerance = o.tolerance ?? 2;
  const slackMs = o.slackMs ?? 0;
  let limit = Math.max(1, Math.min(o.ceiling, o.initial ?? 8));
  let slowStart = true;
  let baseline = Infinity;
  let rounds = 0;
  let samples: number[] = [];
  let timeouts = 0;
  /** The limit to go back to after a round that learns the baseline anew. */
  let measuring: number | null = null;

  const endRound = () => {
    const sorted = samples.sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const fastest = sorted[0] ?? Infinity;
    samples = [];
    if (measuring !== null && timeouts === 0) {
      baseline = fastest;
      limit = measuring;
      measuring = null;
      return;
    }
    measuring = null;
    baseline = Math.min(baseline, fastest);
    if (++rounds % RELEARN_ROUNDS === 0 && timeouts === 0 && limit > RELEARN_IN_FLIGHT) {
      measuring = limit;
      limit = RELEARN_IN_FLIGHT;
      return;
    }
    if (timeouts > 0) {
      limit = Math.max(1, Math.floor(limit / 2));
      slowStart = false;
    } else if (median > tolerance * baseline + slackMs) {
      limit = Math.max(1, Math.floor(limit * Math.max(0.5, (tolerance * baseline + slackMs) / median)));
      slowStart = false;
    } else limit = Math.min(o.ceiling, slowStart ? limit * 2 : limit + 1);
    timeouts = 0;
  };
  const count = () => {
    if (samples.length + timeouts >= limit) endRound();
  };
  return {
    limit: () => limit,
    answered(latencyMs) {
      samples.push(latencyMs);
      count();
    },
    timedOut() {
      timeouts++;
      // A timeout ends the round at once: the target is behind now, not at the round's end.
      endRound();
    },
  };
}

const READS = new Set(['report', 'contactRead', 'orderStatusRead']);
const isTimeout = (ex: UnnumberedExchange) => !ex.response && ex.failure?.kind === 'timeout';

/**
 * The policy that feeds the limit and sets the slots to it. A read (`reads`: quota operations whose
 * requests change nothing) that timed out goes again after `pauseMs` (doubling), at most `resends` times.
 */
export function adaptivePolicy(o: {
  slots: Slots;
  limit: AdaptiveLimit;
  now: () => number;
  reads?: ReadonlySet<string>;
  pauseMs?: number;
  resends?: number;
}): Policy {
  const reads = o.reads ?? READS;
  return (next) => async (job: Job) => {
    for (let tries = 0; ; tries++) {
      // The latency runs from the send (the last try's), not from the wait for a pace before it.
      let t = o.now();
      const onSend = (at: number) => void (t = at);
      job.onSend.push(onSend);
      const ex = await next(job).finally(() => job.onSend.splice(job.onSend.indexOf(onSend), 1));
      if (!isTimeout(ex)) {
        if (ex.response) o.limit.answered(o.now() - t);
        o.slots.setLimit(o.limit.limit());
        return ex;
      }
      o.limit.timedOut();
      o.slots.setLimit(o.limit.limit());
      if (!reads.has(job.op) || tries >= (o.resends ?? 2)) return ex;
      // The slot is given back meanwhile: the read goes again under the lowered limit.
      await job.park((o.pauseMs ?? 500) * 2 ** tries);
    }
  };
}
