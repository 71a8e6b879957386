// What `run` (and `report --merge`, for the certificate of a sharded run) does once the certificate
// is written: appends the run's line to the history file (`--history FILE`), and in a CI that reads
// them, writes the job summary (GITHUB_STEP_SUMMARY: Markdown, appended as GitHub asks) and prints
// the annotations (GITHUB_ACTIONS=true: one `::error` per failed MUST, one `::warning` per failed
// SHOULD). A replay is not a run of the target and a shard only part of one: neither goes into the history.
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import type { Certification } from '../../reports/model.ts';
import { appendHistory, historyLine } from '../../reports/history/history-line.ts';
import { folderOperationFigures } from '../../reports/history/operations.ts';
import { readRateLimit } from '../../reports/records/rate-limit.ts';
import { annotations, stepSummary, type StepSummaryOptions } from '../../reports/render/ci/github.ts';
import type { Scrub } from '../../reports/scrub.ts';

export interface AfterRun {
  cert: Certification;
  out: string;
  /** --history FILE, resolved. */
  history?: string;
  env: NodeJS.ProcessEnv;
  scrub: Scrub;
  print: (line: string) => void;
  /** What changed since the baseline, for the summary (`run --baseline`). */
  changes?: StepSummaryOptions['changes'];
}

export function afterRun(a: AfterRun): void {
  if (a.history) {
    if (a.cert.replay || a.cert.shard) {
      a.print(`history: ${a.history} left as it is (${a.cert.replay ? 'a replay is no run of the target' : 'a shard is part of a run'})`);
    } else {
      const ops = folderOperationFigures(a.out);
      const rateLimit = readRateLimit(a.out, Date.parse(a.cert.startedAt));
      appendHistory(a.history, historyLine(a.cert, { ...(ops ? { operations: ops } : {}), rateLimit }), a.scrub);
      a.print(`history: this run's line appended to ${a.history} (erp-conformance report --trend ${a.history} plots them)`);
    }
  }
  const summaryFile = a.env.GITHUB_STEP_SUMMARY;
  if (summaryFile) {
    const relative = path.relative(process.cwd(), a.out);
    const reportAt = relative === '' ? '.' : relative.startsWith('..') ? a.out : relative;
    appendFileSync(summaryFile, stepSummary(a.cert, { reportAt, ...(a.changes ? { changes: a.changes } : {}) }, a.scrub));
  }
  if (a.env.GITHUB_ACTIONS === 'true') for (const line of annotations(a.cert, a.scrub)) a.print(line);
}
