// The worker's side of the progress line and of the certificate's pacing: requests sent, 429s met,
// time waited and how the scheduler paced, written every second (and at the end of each test) to a
// small file the run's main process reads (the suites run in a vitest worker process).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SchedulerStats } from '../client/scheduler.ts';
import { PROGRESS_FILE, type WorkerProgress } from './protocol.ts';

let timer: NodeJS.Timeout | undefined;
/** Requests sent outside the scheduler (the rate-limit probe, bursts and load have their own senders). */
let outside = 0;

/** Counts requests a test sent on its own sender, so the progress line and the pacing include them. */
export function countOutside(n: number) {
  outside += n;
  flushProgress();
}
let file: string | undefined;
let stats: (() => SchedulerStats) | undefined;

/** Writes the progress now (a write that fails changes no verdict). */
export function flushProgress() {
  if (!file || !stats) return;
  const s = stats();
  const p: WorkerProgress = {
    requests: s.sent + outside,
    responses429: s.responses429,
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

/** Starts writing the progress file of `outDir` every second (once per worker). */
export function startProgress(outDir: string | undefined, of: () => SchedulerStats) {
  if (timer || !outDir) return;
  file = path.join(outDir, PROGRESS_FILE);
  stats = of;
  timer = setInterval(flushProgress, 1000);
  timer.unref();
}
