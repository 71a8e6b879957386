// The certificate's pacing line: requests in flight, the quotas stated, how the scheduler paced,
// and what the run cost per operation (requests sent, 429s met). The run's figures (requests, 429s,
// time waited) are not said here but once, in reports/render/figures.ts.
import { showRateLimit } from '../../client/stated-quotas.ts';
import { INDEX_QUOTA_OPERATIONS } from '../../core/quota.ts';
import type { RunConfig } from '../../config/schema.ts';
import type { WorkerProgress } from '../../runtime/protocol.ts';
import { workerFigures } from '../../reports/figures.ts';
import { pacingSaid } from '../../reports/render/figures.ts';

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

export function pacingLine(run: RunConfig['run'], worker: WorkerProgress): string {
  const stated = run.rateLimit ? `, at most ${showRateLimit(run.rateLimit)}` : '';
  const ops = indexTogether(
    Object.entries(worker.operations ?? {}).filter(([, v]) => v.sent > 0),
    run.rateLimit,
  );
  const cost = ops.length
    ? `; requests per operation: ${ops.map(([k, v]) => `${k} ${v.sent}${v.responses429 ? ` (${v.responses429} x 429)` : ''}`).join(', ')}`
    : '';
  return `${run.concurrency} requests in flight${stated}; ${pacingSaid(worker.pacing ?? 'none needed', workerFigures(worker))}${cost}`;
}
