// The CLI's process: runs the command line (bin/main.ts) and exits with its code.
import { runCli } from './main.ts';
import { outliveReader } from './cli/output-gone.ts';

// The output's reader may go first (a `| tee` ended by the same Ctrl-C): the command goes on.
outliveReader();
const code = await runCli(process.argv.slice(2));
process.exitCode = code;
// The exit code is the command's, whatever a library sets once the command has returned: vitest
// sets process.exitCode when a run ends, and an early suite worker the run dropped (a preflight
// problem) may end after the command restored it on a busy machine.
process.on('exit', () => (process.exitCode = code));
// A handle left open by a command must not keep the process alive once it has finished.
setTimeout(() => process.exit(code), 2000).unref();
