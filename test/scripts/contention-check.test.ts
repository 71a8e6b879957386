// scripts/contention-check.sh: runs a command (npm test by default) beside CPU-bound processes,
// prints its time and outcome with the test summary line, exits with its code, and leaves no
// busy process behind. Here with a short command in place of npm test.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/contention-check.sh');

function check(command: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile('bash', [SCRIPT, '--', ...command], { cwd: ROOT, env: { ...process.env, HOGS: '2' }, timeout: 60_000 }, (err, stdout) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout });
    });
  });
}

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readStatus(pid));
function readStatus(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return '';
  }
}

describe('scripts/contention-check.sh', () => {
  it('runs the command beside two busy processes, prints its time, outcome and summary, and exits with its code', async () => {
    const r = await check(['node', '-e', 'console.log("5 passed, 1 failed, 0 skipped"); process.exit(1)']);
    expect(r.code).toBe(1);
    const pids = /\(pids (\d+) (\d+)\)/.exec(r.stdout)!.slice(1).map(Number);
    expect(pids).toHaveLength(2);
    expect(r.stdout).toMatch(/^contention check: FAILED \(exit 1\) in \d+ s beside 2 CPU-bound processes: 5 passed, 1 failed, 0 skipped$/m);
    // Its busy processes are gone once it has ended.
    if (process.platform === 'linux') for (const pid of pids) expect(alive(pid), `pid ${pid}`).toBe(false);
    const ok = await check(['true']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^contention check: passed in \d+ s beside 2 CPU-bound processes$/m);
  });
});
