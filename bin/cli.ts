// The CLI's process: runs the command line (bin/main.ts) and exits with its code.
import { runCli } from './main.ts';

const code = await runCli(process.argv.slice(2));
process.exitCode = code;
// A handle left open by a command must not keep the process alive once it has finished.
setTimeout(() => process.exit(code), 2000).unref();
