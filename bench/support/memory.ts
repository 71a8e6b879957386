// Peak memory of a run: this process and its children (the suite worker), sampled while `fn`
// runs; or a command's whole process tree (the CLI as a user starts it), with each process's own
// peak by its role (the CLI's main process, the suite worker, any other child) and how much of it
// is file-backed (the node binary and shared libraries: code, not data). Linux /proc; elsewhere
// only this process is measured.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One field of /proc/PID/status in kB (0 when the process is gone). */
function statusKb(pid: number, field: 'VmRSS' | 'RssFile'): number {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

const rssKb = (pid: number): number => statusKb(pid, 'VmRSS');

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

/** One process of a measured tree: its role, its peak RSS (MB) and the file-backed part of it at that peak (MB). */
export interface ProcessPeak {
  role: string;
  peakMb: number;
  fileMb: number;
}

/** What a process of a run's tree is, from its command line: the suite worker (vitest's fork), the first one (`main`), or its program's name. */
export function processRole(cmdline: string, first: boolean): string {
  if (first) return 'main';
  if (/vitest[/\\]dist[/\\]workers[/\\]forks/.test(cmdline)) return 'worker';
  const program = cmdline.split('\0')[0] ?? '';
  return path.basename(program) || 'other';
}

const fileRssKb = (pid: number): number => statusKb(pid, 'RssFile');

/** The role of a live process from its command line; undefined while it has none (just forked) or is gone. */
function roleOf(pid: number, first: boolean): string | undefined {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline === '' ? undefined : processRole(cmdline, first);
  } catch {
    return undefined;
  }
}

/**
 * Runs `command` with `args`; its exit code, the peak RSS (MB) of its whole process tree, and each
 * process's own peak (processes peak at different moments: their sum is above the tree's), sampled every
 * `everyMs` (100); `sampled` is called after each sample.
 */
export async function peakOfCommand(
  command: string,
  args: string[],
  cwd: string,
  o: { everyMs?: number; sampled?: () => void } = {},
): Promise<{ exitCode: number | null; peakMb: number; byProcess: ProcessPeak[] }> {
  const child = spawn(command, args, { cwd, stdio: 'ignore' });
  let peak = 0;
  const each = new Map<number, { role: string; kb: number; fileKb: number }>();
  const sample = () => {
    let sum = 0;
    for (const pid of [child.pid!, ...descendants(child.pid!)]) {
      const kb = rssKb(pid);
      sum += kb;
      const seen = each.get(pid);
      // Read again at each sample: between fork and exec a process's command line is empty, or its
      // parent's, so a role read then would stay wrong.
      const role = roleOf(pid, pid === child.pid) ?? seen?.role;
      if (role === undefined) continue;
      if (seen && seen.kb >= kb) {
        seen.role = role;
        continue;
      }
      each.set(pid, { role, kb, fileKb: fileRssKb(pid) });
    }
    peak = Math.max(peak, sum);
    o.sampled?.();
  };
  const timer = setInterval(sample, o.everyMs ?? 100);
  const exitCode = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(timer);
  const mb = (kb: number) => Math.round(kb / 1024);
  const byProcess = [...each.values()].map((p) => ({ role: p.role, peakMb: mb(p.kb), fileMb: mb(p.fileKb) }));
  return { exitCode, peakMb: mb(peak), byProcess };
}
