// What a suite worker's process says of its own fatal end, as data: Node's diagnostic report
// (--report-on-fatalerror), a JSON file the process writes before it aborts. Its header's `trigger`
// is 'OOMError' when V8 ran out of heap; its javascriptHeap says how much was used of the cap. The
// run reads those fields; it never reads the words V8 prints.
// Each worker has a folder of its own, the user's alone (0700), emptied once its report is read
// and removed when the worker is stopped. A report holds the process's environment, as
// /proc/PID/environ shows it to the same user while the process runs: it is deleted once read.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The trigger of a report V8's out-of-memory handler wrote. */
export const OUT_OF_MEMORY_TRIGGER = 'OOMError';

/** What a fatal report says, as the run uses it. */
export interface FatalReport {
  /** The report's trigger: 'OOMError' for a heap at its cap, 'FatalError' for another fatal error. */
  trigger: string;
  /** The heap in use and its cap when the process ended, in MB (absent when the report has no heap section). */
  heapUsedMb?: number;
  heapLimitMb?: number;
}

/** A new folder for one worker's fatal report, readable by the user alone. */
export function fatalReportDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'erp-worker-fatal-'));
  chmodSync(dir, 0o700);
  return dir;
}

/** The worker's Node options that write its fatal report into `dir`. */
export const fatalReportArgs = (dir: string): string[] => ['--report-on-fatalerror', '--report-compact', `--report-directory=${dir}`];

/** Node names a report report.DATE.TIME.PID.THREAD.SEQ.json: the one of process `pid`. */
const reportOf = (file: string, pid: number): boolean => file.startsWith('report.') && file.endsWith('.json') && file.split('.')[3] === String(pid);

const mb = (bytes: unknown): number | undefined => (typeof bytes === 'number' ? Math.round(bytes / 1024 / 1024) : undefined);

/** The fatal report process `pid` wrote into `dir`, read and deleted; undefined when it wrote none. */
export function takeFatalReport(dir: string, pid: number | undefined): FatalReport | undefined {
  if (pid === undefined) return undefined;
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => reportOf(f, pid));
  } catch {
    return undefined;
  }
  let found: FatalReport | undefined;
  for (const f of files) {
    const file = path.join(dir, f);
    try {
      const report = JSON.parse(readFileSync(file, 'utf8')) as {
        header?: { trigger?: unknown };
        javascriptHeap?: { usedMemory?: unknown; memoryLimit?: unknown };
      };
      const trigger = report.header?.trigger;
      if (typeof trigger === 'string')
        found = { trigger, heapUsedMb: mb(report.javascriptHeap?.usedMemory), heapLimitMb: mb(report.javascriptHeap?.memoryLimit) };
    } catch {
      // a report cut short (the process died while writing it) says nothing
    } finally {
      rmSync(file, { force: true });
    }
  }
  return found;
}

/** Removes a worker's report folder and anything left in it. */
export function removeFatalReportDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
