// Runs the erp-conformance bin in a child process, as a user would, with a time limit.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BIN = path.join(ROOT, 'bin/erp-conformance.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `nodeArgs`: node's own flags, ahead of the bin (a module hook, say). */
export function cli(args: string[], o: { cwd?: string; env?: Record<string, string>; timeoutMs?: number; nodeArgs?: string[] } = {}): Promise<CliResult> {
  const env = { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', ...o.env };
  const child = spawn(process.execPath, [...(o.nodeArgs ?? []), BIN, ...args], { cwd: o.cwd ?? ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 60_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

/** The paths listed under "written:" in a command's output. */
export function writtenPaths(stdout: string): string[] {
  const at = stdout.lastIndexOf('\nwritten:\n');
  if (at < 0) return [];
  return stdout
    .slice(at + 10)
    .split('\n')
    .map((l) => l.trim().split('  (')[0]!)
    .filter(Boolean);
}
