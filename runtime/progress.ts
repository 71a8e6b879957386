// The worker's side of the progress line and of the certificate's pacing: requests sent, 429s met,
// time waited and how the scheduler paced, written every second (and at the end of each test) to a
// small file the run's main process reads (the suites run in a vitest worker process).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SchedulerStats } from '../client/scheduler.ts';
import { PROGRESS_FILE, type WorkerProgress } from './protocol.ts';
import { defineRunState, type RunOf } from './run-state.ts';

/** The run's progress file and its scheduler's figures (set when its client is made), and the requests it sent outside the scheduler. */
interface Progress {
  file?: string;
  stats?: () => SchedulerStats;
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

/** Writes the run's progress now (a write that fails changes no verdict). */
export function flushProgress(of: RunOf) {
  write(progressOf(of));
}

function write({ file, stats, outside }: Progress) {
  if (!file || !stats) return;
  const s = stats();
  const p: WorkerProgress = {
    requests: s.sent + outside,
    responses429: s.responses429,
    retries429: s.retries,
    refused429: s.refused429,
    waitedMs: s.waitedMs,
    pacing: s.pacing,
    operations: s.operations,
    inFlightMs: s.inFlightMs,
    ...(s.firstSentAt !== undefined ? { firstSentAt: s.firstSentAt } : {}),
  };
  try {
    writeFileSync(file, JSON.stringify(p));
  } catch {
    // the progress line is a convenience
  }
}

/** Starts writing the run's progress file in `outDir` every second (once per run). */
export function startProgress(of: RunOf, outDir: string | undefined, stats: () => SchedulerStats) {
  const p = progressOf(of);
  if (p.timer || !outDir) return;
  p.file = path.join(outDir, PROGRESS_FILE);
  p.stats = stats;
  p.timer = setInterval(() => write(p), 1000);
  p.timer.unref();
}
