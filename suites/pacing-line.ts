// The certificate's pacing line: requests in flight, the quotas stated, how the scheduler paced,
// and what the run cost per operation (requests sent, 429s met).
import { showRateLimit } from '../client/stated-quotas.ts';
import type { RunConfig } from '../config/schema.ts';
import type { WorkerProgress } from './support/progress.ts';

export function pacingLine(run: RunConfig['run'], worker: WorkerProgress): string {
  const stated = run.rateLimit ? `, at most ${showRateLimit(run.rateLimit)}` : '';
  const waited = worker.responses429 ? `; ${worker.responses429} answers 429 (${(worker.waitedMs / 1000).toFixed(1)} s waited)` : '';
  const ops = Object.entries(worker.operations ?? {}).filter(([, v]) => v.sent > 0);
  const cost = ops.length
    ? `; requests per operation: ${ops.map(([k, v]) => `${k} ${v.sent}${v.responses429 ? ` (${v.responses429} x 429)` : ''}`).join(', ')}`
    : '';
  return `${run.concurrency} requests in flight${stated}; ${worker.pacing ?? 'no pacing needed'}${waited}${cost}`;
}
