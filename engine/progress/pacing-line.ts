// The certificate's pacing line: requests in flight, the quotas stated, how the scheduler paced,
// and what the run cost per operation (requests sent, 429s met).
import { showRateLimit } from '../../client/stated-quotas.ts';
import { INDEX_QUOTA_OPERATIONS } from '../../core/quota.ts';
import type { RunConfig } from '../../config/schema.ts';
import type { WorkerProgress } from '../../runtime/protocol.ts';

type Cost = [string, { sent: number; responses429: number }];
/** The index's operations (each its own quota) summed in one entry, but those with a stated quota or a 429. */
function indexTogether(ops: Cost[], rateLimit: RunConfig['run']['rateLimit']): Cost[] {
  const stated = typeof rateLimit === 'object' ? Object.keys(rateLimit) : [];
  const own = (k: string) => (INDEX_QUOTA_OPERATIONS as readonly string[]).includes(k) && !stated.includes(k);
  const quiet = ops.filter(([k, v]) => own(k) && v.responses429 === 0);
  if (quiet.length < 2) return ops;
  const sent = quiet.reduce((n, [, v]) => n + v.sent, 0);
  return [...ops.filter((o) => !quiet.includes(o)), [`${quiet.length} index operations`, { sent, responses429: 0 }]];
}

/** "12 answers 429 (10 waited out, 2 still refused; 8.5 s waited, wall time)": the counts add up to
 *  the 429s met, and the time is wall time (requests waiting side by side count once). */
export function answers429(w: Pick<WorkerProgress, 'responses429' | 'retries429' | 'refused429' | 'waitedMs'>): string {
  const seconds = `${(w.waitedMs / 1000).toFixed(1)} s waited, wall time`;
  if (w.retries429 === undefined || w.refused429 === undefined) return `${w.responses429} answers 429 (${seconds})`;
  // 429s met outside the scheduler's retries (none today) are named rather than left to disagree.
  const other = w.responses429 - w.retries429 - w.refused429;
  return `${w.responses429} answers 429 (${w.retries429} waited out, ${w.refused429} still refused${other ? `, ${other} otherwise` : ''}; ${seconds})`;
}

export function pacingLine(run: RunConfig['run'], worker: WorkerProgress): string {
  const stated = run.rateLimit ? `, at most ${showRateLimit(run.rateLimit)}` : '';
  const waited = worker.responses429 ? `; ${answers429(worker)}` : '';
  const ops = indexTogether(
    Object.entries(worker.operations ?? {}).filter(([, v]) => v.sent > 0),
    run.rateLimit,
  );
  const cost = ops.length
    ? `; requests per operation: ${ops.map(([k, v]) => `${k} ${v.sent}${v.responses429 ? ` (${v.responses429} x 429)` : ''}`).join(', ')}`
    : '';
  return `${run.concurrency} requests in flight${stated}; ${worker.pacing ?? 'no pacing needed'}${waited}${cost}`;
}
