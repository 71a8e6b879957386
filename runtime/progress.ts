// The worker's side of the progress line and of the certificate's pacing: requests sent, 429s met,
// time waited and how the scheduler paced, told to the run's main process every second and at the
// end of each test, over the channel (runtime/channel.ts; the suites run in a vitest worker process).
import type { SchedulerStats, StatedQuota } from '../client/scheduler.ts';
import { hostEnd } from './channel.ts';
import type { ChannelEnd, HostMessage, WorkerMessage, WorkerProgress } from './protocol.ts';
import { defineRunState, type RunOf } from './run-state.ts';

/** Where the run's progress goes and its scheduler's figures (set when its client is made), and the requests it sent outside the scheduler. */
interface Progress {
  to?: ChannelEnd<WorkerMessage, HostMessage>;
  stats?: () => SchedulerStats;
  /** The quotas the scheduler learnt so far. */
  learnt?: () => StatedQuota[];
  timer?: NodeJS.Timeout;
  /** Requests sent outside the scheduler (the rate-limit probe, bursts and load have their own senders). */
  outside: number;
}

const progressOf = defineRunState('progress', (): Progress => ({ outside: 0 }));

/** Counts requests a test sent on its own sender, so the progress line and the pacing include them. */
export function countOutside(of: RunOf, n: number) {
  progressOf(of).outside += n;
  flushProgress(of);
}

/** Tells the run's progress now (a message that is lost changes no verdict). */
export function flushProgress(of: RunOf) {
  tell(progressOf(of));
}

/** The progress told: the scheduler's figures, what it learnt, and the requests sent outside it. */
export function progressFrom(s: SchedulerStats, outside: number, learnt: readonly StatedQuota[] = []): WorkerProgress {
  return {
    requests: s.sent + outside,
    responses429: s.responses429,
    retries429: s.retries,
    refused429: s.refused429,
    waitedMs: s.waitedMs,
    pacing: s.pacing,
    operations: s.operations,
    inFlightMs: s.inFlightMs,
    ...(s.firstSentAt !== undefined ? { firstSentAt: s.firstSentAt } : {}),
    ...(learnt.length
      ? {
          learnt: learnt.map((l) => ({
            name: l.name,
            requests: l.quota.requests,
            windowMs: l.quota.windowMs,
            operations: l.operations,
            ...(l.estimate ? { estimate: true } : {}),
          })),
        }
      : {}),
  };
}

function tell({ to, stats, outside, learnt }: Progress) {
  if (!to || !stats) return;
  to.send({ erp: 'progress', progress: progressFrom(stats(), outside, learnt?.()) });
}

/** Starts telling the run's progress every second (once per run; a run of `erp-conformance run`: it has an output folder). */
export function startProgress(of: RunOf, outDir: string | undefined, stats: () => SchedulerStats, to = hostEnd(), learnt?: () => StatedQuota[]) {
  const p = progressOf(of);
  if (p.timer || !outDir) return;
  p.to = to;
  p.stats = stats;
  if (learnt) p.learnt = learnt;
  p.timer = setInterval(() => tell(p), 1000);
  p.timer.unref();
}

/** Stops telling the progress of every run this worker served: a kept worker's run is over, and the next run's host hears only its own. */
export function stopProgress(): void {
  for (const p of progressOf.made()) clearInterval(p.timer);
}
