// 429 retry (functional suites: a 429 is not a failure): the request is sent again, at most
// maxRetries times and after at most maxWaitMs of waiting in all. With pacing, the pacing policy
// (inside this one) waits out the 429 before the next try; without it, this policy sleeps the
// 429's wait (Retry-After or the message's), else 500 ms doubling. Every 429 is counted, as waited
// out (sent again) or still refused (answered to the test): the two add up to the 429s met.
import type { Policy, SchedulerStats } from './policy.ts';
import { opStats } from './policy.ts';
import type { Waiting } from './waiting.ts';

export function retryPolicy(
  o: { retry429?: { maxRetries: number; maxWaitMs: number }; paced: boolean; now: () => number; sleep: (ms: number) => Promise<void>; waiting: Waiting },
  stats: SchedulerStats,
): Policy {
  return (next) => async (job) => {
    let retries = 0;
    let waitedMs = 0;
    for (;;) {
      job.waitedMs = 0;
      const ex = await next(job);
      waitedMs += retries > 0 ? job.waitedMs : 0;
      if (ex.response?.status !== 429) return retries > 0 ? { ...ex, rateLimited: { retries, waitedMs } } : ex;
      stats.responses429++;
      opStats(stats, job.op).responses429++;
      const r = o.retry429;
      const wait = job.wait429?.ms ?? 500 * 2 ** retries;
      if (r && retries < r.maxRetries && waitedMs + wait <= r.maxWaitMs) {
        retries++;
        stats.retries++;
        if (!o.paced) {
          // The request's own wait counts whole (its retry budget); the run's, as wall time.
          await o.waiting.during(() => o.sleep(wait));
          waitedMs += wait;
        }
        continue;
      }
      stats.refused429++;
      return retries > 0 || r ? { ...ex, rateLimited: { retries, waitedMs } } : ex;
    }
  };
}
