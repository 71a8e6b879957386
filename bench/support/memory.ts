// Peak memory of a run: this process and its children (the suite worker), sampled while `fn`
// runs; or a command's whole process tree (the CLI as a user starts it). Linux /proc; elsewhere
// only this process is measured.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Direct and indirect children of `pid`. */
function descendants(pid: number): number[] {
  let pids: number[] = [];
  try {
    pids = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number);
  } catch {
    return [];
  }
  const parentOf = new Map<number, number>();
  for (const p of pids) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      parentOf.set(p, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (of: number) => {
    for (const [p, parent] of parentOf) if (parent === of) (out.push(p), walk(p));
  };
  walk(pid);
  return out;
}

/** The RSS (KB) of a process and all its descendants now. */
export function treeRssKb(pid: number): number {
  return [pid, ...descendants(pid)].reduce((n, p) => n + rssKb(p), 0);
}

/** Runs `fn`; returns its result and the peak RSS (MB) of this process plus its children at any sample. */
export async function withPeakMemory<T>(fn: () => Promise<T>, everyMs = 100): Promise<{ result: T; peakMb: number }> {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, treeRssKb(process.pid));
  };
  const timer = setInterval(sample, everyMs);
  sample();
  try {
    const result = await fn();
    sample();
    return { result, peakMb: Math.round(peak / 1024) };
  } finally {
    clearInterval(timer);
  }
}

/** Runs `command` with `args`; its exit code and the peak RSS (MB) of its whole process tree, sampled every `everyMs`. */
export async function peakOfCommand(command: string, args: string[], cwd: string, everyMs = 100): Promise<{ exitCode: number | null; peakMb: number }> {
  const child = spawn(command, args, { cwd, stdio: 'ignore' });
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, treeRssKb(child.pid!))), everyMs);
  const exitCode = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(timer);
  return { exitCode, peakMb: Math.round(peak / 1024) };
}
