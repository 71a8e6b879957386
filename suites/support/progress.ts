// The worker's side of the progress line: requests sent and 429s met, written every second to
// a small file the run's main process reads (the suites run in a vitest worker process).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Exchange } from '../../contract/types.ts';

export const PROGRESS_FILE = '.progress.json';

export interface WorkerProgress {
  requests: number;
  responses429: number;
  waitedMs: number;
}

const counts: WorkerProgress = { requests: 0, responses429: 0, waitedMs: 0 };
let timer: NodeJS.Timeout | undefined;
let file: string | undefined;

function flush() {
  if (!file) return;
  try {
    writeFileSync(file, JSON.stringify(counts));
  } catch {
    // the progress line is a convenience: a write that fails changes no verdict
  }
}

/** Starts writing the progress file of `outDir` every second (once per worker). */
export function startProgress(outDir: string | undefined) {
  if (timer || !outDir) return;
  file = path.join(outDir, PROGRESS_FILE);
  timer = setInterval(flush, 1000);
  timer.unref();
}

export function countRequest(sent: number, ex: Exchange) {
  counts.requests += sent;
  counts.responses429 += ex.rateLimited?.retries ?? 0;
  if (ex.response?.status === 429) counts.responses429++;
  counts.waitedMs += ex.rateLimited?.waitedMs ?? 0;
}
