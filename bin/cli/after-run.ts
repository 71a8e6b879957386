// What `run` (and `report --merge`, for the certificate of a sharded run) does once the certificate
// is written: appends the run's line to the history file (`--history FILE`), and in a CI that reads
// them, writes the job summary (GITHUB_STEP_SUMMARY: Markdown, appended as GitHub asks) and prints
// the annotations (GITHUB_ACTIONS=true: one `::error` per failed MUST, one `::warning` per failed
// SHOULD). A replay is not a run of the target and a shard only part of one: neither goes into the history.
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import type { Certification } from '../../reports/model.ts';
import { appendHistory, historyLine } from '../../reports/history/history-line.ts';
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
  /** Where a file that cannot be written is said (the verdict and its exit code stand). */
  warn?: (line: string) => void;
  /** What changed since the baseline, for the summary (`run --baseline`). */
  changes?: StepSummaryOptions['changes'];
}

/** Writes with `write`; a file that cannot be written is said, never a crash after the run. */
function attempt(what: string, file: string, warn: (line: string) => void, write: () => void): boolean {
  try {
    write();
    return true;
  } catch (e) {
    warn(`erp-conformance: cannot write ${what} to ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); the verdict stands`);
    return false;
  }
}

export function afterRun(a: AfterRun): void {
  const warn = a.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (a.history) {
    if (a.cert.replay || a.cert.shard) {
      a.print(`history: ${a.history} left as it is (${a.cert.replay ? 'a replay is no run of the target' : 'a shard is part of a run'})`);
    } else {
      const rateLimit = readRateLimit(a.out, Date.parse(a.cert.startedAt));
      const line = historyLine(a.cert, { rateLimit });
      if (attempt('the history line', a.history, warn, () => appendHistory(a.history!, line, a.scrub)))
        a.print(`history: this run's line appended to ${a.history} (erp-conformance report --trend ${a.history} plots them)`);
    }
  }
  const summaryFile = a.env.GITHUB_STEP_SUMMARY;
  if (summaryFile) {
    const relative = path.relative(process.cwd(), a.out);
    const reportAt = relative === '' ? '.' : relative.startsWith('..') ? a.out : relative;
    const md = stepSummary(a.cert, { reportAt, ...(a.changes ? { changes: a.changes } : {}) }, a.scrub);
    attempt('the job summary', summaryFile, warn, () => appendFileSync(summaryFile, md));
  }
  if (a.env.GITHUB_ACTIONS === 'true') for (const line of annotations(a.cert, a.scrub)) a.print(line);
}
