// Budgets: a request is not sent past the run budget (run.maxDurationSeconds), the request budget
// (run.maxRequests), or a stop (an interrupt); it comes back as a not-sent exchange, never thrown.
// Checked right before sending, after any wait for the pace, so a wait never overruns them.
import type { NotSentReason } from '../../core/types.ts';
import type { Policy, SchedulerStats } from './policy.ts';

export interface Budgets {
  policy: Policy;
  stop(reason: NotSentReason): void;
  stopped(): NotSentReason | undefined;
}

export function createBudgets(o: { deadline?: number; maxRequests?: number; now: () => number }, stats: SchedulerStats): Budgets {
  let stopped: NotSentReason | undefined;
  const refusal = (): [NotSentReason, string] | undefined => {
    if (stopped) return [stopped, stopped === 'interrupted' ? 'the run was interrupted' : `the run stopped (${stopped})`];
    if (o.deadline !== undefined && o.now() >= o.deadline) return ['budget', 'the run budget (run.maxDurationSeconds) is spent'];
    if (o.maxRequests !== undefined && stats.sent >= o.maxRequests) return ['max-requests', `the request budget (run.maxRequests ${o.maxRequests}) is spent`];
    return undefined;
  };
  return {
    policy: (next) => (job) => {
      const why = refusal();
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
