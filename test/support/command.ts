// A CLI command run in the test's own process: its exit code (a usage error is thrown) and what it
// wrote to stdout and stderr, captured and not shown.
import { vi } from 'vitest';
import type { Command } from '../../bin/cli/usage.ts';

export interface CommandOutput {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `cmd` with `args`; stdout and stderr are captured while it runs, then given back. */
export async function commandOutput(cmd: Command, args: string[]): Promise<CommandOutput> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  try {
    return { code: await cmd.run(args), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}
