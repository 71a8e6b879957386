// A test stops when the run does: the run budget (run.maxDurationSeconds, --max-duration) or the
// request budget (run.maxRequests) is spent, or the run was interrupted; or when its own time
// limit is reached (runtime/time-limit.ts). Its requirements are then "not run", with this reason,
// never passed or failed on what little was sent (findings already made still fail theirs).
import type { Exchange, NotSentReason } from '../core/types.ts';

export class RunStopped extends Error {
  constructor(
    readonly reason: NotSentReason,
    message: string,
  ) {
    super(message);
    this.name = 'RunStopped';
  }
}

/** Reasons that stop the test; 'breaker' does not (the target stopped answering: inconclusive). */
const STOPPING: ReadonlySet<NotSentReason> = new Set(['budget', 'max-requests', 'interrupted', 'time-limit']);

/** Throws RunStopped when the exchange was not sent because the run is stopping. */
export function stopIfNotSent(ex: Exchange): void {
  if (ex.notSent && STOPPING.has(ex.notSent.reason)) throw new RunStopped(ex.notSent.reason, ex.notSent.message);
}
