// The command line run in the test's own process (bin/main.ts, what the bin runs): for what is
// about the words of the command line (usage errors, help, listings, flag values), where a new
// process for each case would only repeat the start-up. What is about the process (exit codes
// as the shell sees them, signals, the environment, npx) stays with the real CLI (test/e2e/cli/spawn.ts).
import { runCli } from '../../../bin/main.ts';

export interface InProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

let queue: Promise<unknown> = Promise.resolve();

/** `erp-conformance ARGS` in this process, with `env` set for its length; one at a time (the output is captured). */
export function inProcess(args: string[], env: Record<string, string | undefined> = {}): Promise<InProcessResult> {
  const next = queue.then(() => capture(args, env));
  queue = next.catch(() => {});
  return next;
}

async function capture(args: string[], env: Record<string, string | undefined>): Promise<InProcessResult> {
  let stdout = '';
  let stderr = '';
  const write = { out: process.stdout.write, err: process.stderr.write };
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const set = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  };
  process.stdout.write = ((chunk: string | Uint8Array) => ((stdout += String(chunk)), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => ((stderr += String(chunk)), true)) as typeof process.stderr.write;
  set(env);
  try {
    return { code: await runCli(args), stdout, stderr };
  } finally {
    process.stdout.write = write.out;
    process.stderr.write = write.err;
    set(saved);
  }
}
