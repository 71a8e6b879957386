// The breaker: after `threshold` requests in a row without a (complete) answer the target is taken
// as down, and requests are not sent, except one every BREAKER_PROBE_MS to see whether it is back.
// Also after 3 x threshold 429s in a row asking for a wait longer than the run would ever wait
// (Retry-After: 86400): the requirements they hide are inconclusive, not waited for.
import type { Policy, SchedulerStats } from './policy.ts';

/** After the breaker opened, one request is let through this often to see whether the target is back. */
export const BREAKER_PROBE_MS = 5000;

export function breakerPolicy(o: { threshold?: number; maxWaitMs: number; now: () => number }, stats: SchedulerStats): Policy {
  let failures = 0;
  let lastFailure = '';
  let openedAt = 0;
  let hopeless = 0;
  let hopelessMessage = '';
  const threshold = o.threshold;
  return (next) => async (job) => {
    if (threshold && failures >= threshold && o.now() - openedAt < BREAKER_PROBE_MS) {
      stats.notSent.breaker++;
      return job.notSent('breaker', `the previous ${failures} requests got no answer (${lastFailure})`);
    }
    if (threshold && hopeless >= threshold * 3) {
      stats.notSent.breaker++;
      return job.notSent('breaker', `the previous ${hopeless} answers were 429: ${hopelessMessage}`);
    }
    const ex = await next(job);
    // No (complete) answer: nothing came, or the answer stopped or never finished (a body that trickles).
    if (ex.failure && (!ex.response || ex.failure.kind === 'timeout' || ex.failure.kind === 'connection-reset')) {
      failures++;
      lastFailure = `${ex.failure.kind}: ${ex.failure.message}`;
      if (threshold && failures >= threshold) openedAt = o.now();
    } else failures = 0;
    if (ex.response && ex.response.status !== 429) hopeless = 0;
    if (ex.response?.status === 429 && job.wait429 && job.wait429.ms > o.maxWaitMs) {
      hopeless++;
      hopelessMessage = `the target asks to wait ${Math.round(job.wait429.ms / 1000)} s (${job.wait429.from === 'message' ? 'in its message' : 'Retry-After'}), longer than the run waits (${Math.round(o.maxWaitMs / 1000)} s)`;
    }
    return ex;
  };
}
