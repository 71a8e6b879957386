// A worker's fatal end as data (engine/phases/fatal-report.ts): a Node process run with the
// options the suite worker gets writes its diagnostic report when its heap reaches its cap, and
// the run reads its trigger (OOMError) and heap from it, then deletes it. Another fatal end, or
// an exit with no report, is not taken for out of memory.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fatalReportArgs, fatalReportDir, OUT_OF_MEMORY_TRIGGER, removeFatalReportDir, takeFatalReport } from '../../../engine/phases/fatal-report.ts';

/** Runs `code` in a node of a 16 MB heap with the worker's report options; its pid and how it ended. */
function runNode(dir: string, code: string) {
  const r = spawnSync(process.execPath, ['--max-old-space-size=16', ...fatalReportArgs(dir), '-e', code], { stdio: 'ignore', timeout: 60_000 });
  return { pid: r.pid, status: r.status, signal: r.signal };
}

describe("a suite worker's fatal report", () => {
  it('says out of memory when the heap reached its cap, with the heap it used, and is deleted once read', () => {
    const dir = fatalReportDir();
    try {
      const end = runNode(dir, 'const a = []; for (;;) a.push({ s: String(Math.random()).repeat(20) });');
      expect(end.signal ?? end.status).not.toBe(0);
      expect(readdirSync(dir)).toHaveLength(1);
      const report = takeFatalReport(dir, end.pid);
      expect(report?.trigger).toBe(OUT_OF_MEMORY_TRIGGER);
      expect(report?.heapUsedMb).toBeGreaterThan(0);
      expect(report?.heapLimitMb).toBeGreaterThan(0);
      // Read once: the file (which holds the process's environment) is gone.
      expect(readdirSync(dir)).toEqual([]);
      expect(takeFatalReport(dir, end.pid)).toBeUndefined();
    } finally {
      removeFatalReportDir(dir);
    }
    expect(existsSync(dir)).toBe(false);
  });

  it('says nothing for a process that exits with a code, and another process its report is not taken for this one', () => {
    const dir = fatalReportDir();
    try {
      const end = runNode(dir, 'process.exit(3)');
      expect(end.status).toBe(3);
      expect(takeFatalReport(dir, end.pid)).toBeUndefined();
      const oom = runNode(dir, 'const a = []; for (;;) a.push({ s: String(Math.random()).repeat(20) });');
      expect(takeFatalReport(dir, end.pid)).toBeUndefined();
      expect(takeFatalReport(dir, oom.pid)?.trigger).toBe(OUT_OF_MEMORY_TRIGGER);
    } finally {
      removeFatalReportDir(dir);
    }
  });

  it('is in a folder only its user can read', () => {
    const dir = fatalReportDir();
    try {
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    } finally {
      removeFatalReportDir(dir);
    }
  });
});
