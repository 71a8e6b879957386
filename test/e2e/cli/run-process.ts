// The real CLI in a process group of its own (`detached`), as a terminal or a CI runner starts it:
// a signal goes to the whole group (`process.kill(-pid)`), the suite worker included, as Ctrl-C
// does. Waits are on markers in the output, never on fixed sleeps (the machine may be loaded).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('../../..', import.meta.url).pathname;
export const BIN = join(ROOT, 'bin/erp-conformance.js');

export interface RunProcess {
  child: ChildProcess;
  /** stdout and stderr as they came. */
  output(): string;
  /** Resolves once the output matches `marker` (rejects after `ms`). */
  waitFor(marker: RegExp, ms?: number): Promise<void>;
  /** Sends `signal` to the process group; returns when it was sent. */
  signal(signal: NodeJS.Signals): number;
  /** The exit code (null: ended by a signal) and the signal, once the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

/**
 * A module loaded ahead of the bin (`--import`) that prints BIN_STARTED once the bin's first
 * statements have run (they take SIGINT / SIGTERM over): the first moment the run owns a signal.
 */
export const BIN_STARTED_IMPORT = `data:text/javascript,${encodeURIComponent(
  "const t = setInterval(() => { if (process[Symbol.for('erp-conformance.early-signal')]) { clearInterval(t); process.stderr.write('[bin started]\\n'); } }, 5); t.unref();",
)}`;
export const BIN_STARTED = /\[bin started\]/;

/**
 * Starts `erp-conformance ARGS` detached (its own process group); killed at `ceilingMs` whatever
 * happens. `npx`: through `npx --no erp-conformance` in the repository, as a user runs it (npm ->
 * `sh -c erp-conformance` -> node); `nodeArgs` then go to every node of the group (NODE_OPTIONS).
 */
export function startCli(
  args: string[],
  o: { ceilingMs?: number; nodeArgs?: string[]; npx?: boolean; env?: NodeJS.ProcessEnv; launcher?: string[] } = {},
): RunProcess {
  const ceilingMs = o.ceilingMs ?? 240_000;
  const env = { ...process.env, ERP_CONFORMANCE_DEBUG: '1', ...o.env };
  // `launcher`: the command line that starts the bin (the bin's path included), ARGS after it.
  const child = o.launcher
    ? spawn(o.launcher[0]!, [...o.launcher.slice(1), ...args], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env })
    : o.npx
      ? spawn('npx', ['--no', 'erp-conformance', ...args], {
          cwd: ROOT,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...env, NODE_OPTIONS: [process.env.NODE_OPTIONS ?? '', ...(o.nodeArgs ?? [])].join(' ').trim() },
        })
      : spawn(process.execPath, [...(o.nodeArgs ?? []), BIN, ...args], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  let out = '';
  const waiters: { marker: RegExp; resolve: () => void }[] = [];
  const seen = (d: Buffer) => {
    out += d.toString();
    for (const w of [...waiters]) if (w.marker.test(out)) (waiters.splice(waiters.indexOf(w), 1), w.resolve());
  };
  child.stdout!.on('data', seen);
  child.stderr!.on('data', seen);
  const killer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, ceilingMs);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      for (const w of waiters.splice(0)) w.resolve();
      resolve({ code, signal, at: Date.now() });
    }),
  );
  return {
    child,
    output: () => out,
    waitFor: (marker, ms = ceilingMs) =>
      new Promise<void>((resolve, reject) => {
        if (marker.test(out)) return resolve();
        const timer = setTimeout(() => reject(new Error(`no ${marker} in the output within ${ms} ms:\n${out}`)), ms);
        waiters.push({ marker, resolve: () => (clearTimeout(timer), resolve()) });
      }),
    signal: (signal) => {
      process.kill(-child.pid!, signal);
      return Date.now();
    },
    exited,
  };
}

/** Process `pid` from /proc/PID/stat (Linux), undefined when there is none; a zombie ("Z") has ended. */
function procStat(pid: number): { ppid: number; pgrp: number; state: string; cpuTicks: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's name (in parentheses): state, ppid, pgrp, ..., utime (12th), stime (13th).
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: f[0]!, ppid: Number(f[1]), pgrp: Number(f[2]), cpuTicks: Number(f[11]) + Number(f[12]) };
  } catch {
    return undefined;
  }
}

/** The live child processes of `pid` whose command line matches `command` (Linux /proc). */
export function childrenOf(pid: number, command: RegExp): number[] {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map(Number)
    .filter((p) => {
      const s = procStat(p);
      if (s?.ppid !== pid || s.state === 'Z') return false;
      try {
        return command.test(readFileSync(`/proc/${p}/cmdline`, 'utf8'));
      } catch {
        return false;
      }
    });
}

/** Resolves once `pid` has been idle (under 5 clock ticks of CPU, 50 ms) for a whole second: it waits for something. */
export async function idle(pid: number, ms: number): Promise<boolean> {
  const ticks = () => procStat(pid)?.cpuTicks ?? 0;
  const seen = [ticks()];
  // Polled every 100 ms: the ticks of the last ten polls.
  return pollUntil(() => seen.push(ticks()) > 10 && seen.at(-1)! - seen.at(-11)! < 5, ms);
}

/** Whether a process of group `pgid` still runs (zombies aside): a launcher may end before the CLI it started. */
export function groupRunning(pgid: number): boolean {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .some((p) => {
      const s = procStat(Number(p));
      return s?.pgrp === pgid && s.state !== 'Z';
    });
}

/** Whether `pid` still runs (a zombie does not). */
export const running = (pid: number) => ['R', 'S', 'D', 'T', 't'].includes(procStat(pid)?.state ?? 'gone');

/** Polls `test` every 100 ms until it is true or `ms` passed; its last value. */
export async function pollUntil(test: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) if (test()) return true;
  return test();
}
