// Budgets: a request is not sent past the run budget (run.maxDurationSeconds), the request budget
// (run.maxRequests), a stop (an interrupt), or its own test's time limit (the job's stop signal);
// it comes back as a not-sent exchange, never thrown.
// Checked right before sending, after any wait for the pace, so a wait never overruns them.
import type { NotSentReason } from '../../core/types.ts';
import type { Job, Policy, SchedulerStats } from './policy.ts';

/** Why a job's own stop signal was aborted (its test's time limit), as a not-sent message. */
const stopMessage = (stop: AbortSignal) => (typeof stop.reason === 'string' ? stop.reason : "the test's time limit is spent");

export interface Budgets {
  policy: Policy;
  stop(reason: NotSentReason): void;
  stopped(): NotSentReason | undefined;
}

export function createBudgets(o: { deadline?: number; maxRequests?: number; now: () => number }, stats: SchedulerStats): Budgets {
  let stopped: NotSentReason | undefined;
  const refusal = (job: Job): [NotSentReason, string] | undefined => {
    if (job.stop?.aborted) return ['time-limit', stopMessage(job.stop)];
    if (stopped) return [stopped, stopped === 'interrupted' ? 'the run was interrupted' : `the run stopped (${stopped})`];
    if (o.deadline !== undefined && o.now() >= o.deadline) return ['budget', 'the run budget (run.maxDurationSeconds) is spent'];
    if (o.maxRequests !== undefined && stats.sent >= o.maxRequests) return ['max-requests', `the request budget (run.maxRequests ${o.maxRequests}) is spent`];
    return undefined;
  };
  return {
    policy: (next) => (job) => {
      const why = refusal(job);
      if (!why) return next(job);
      stats.notSent[why[0]]++;
      return Promise.resolve(job.notSent(why[0], why[1]));
    },
    stop: (reason) => {
      stopped = reason;
    },
    stopped: () => stopped,
  };
}
