// erp-conformance: dispatches `<command> [flags]` to bin/commands/. Exit codes: bin/exit-codes.ts
// (the one table; 2 for a usage or config error, 4 for an internal error). No arguments prints the
// help on stderr and exits 2, as a usage error (git, docker); `help [command]` prints it and exits 0.
import { readFileSync } from 'node:fs';
import { ConfigError } from '../config/load.ts';
import { commands, findCommand } from './commands/index.ts';
import { exitCodesText } from './exit-codes.ts';
import { didYouMean } from './suggest.ts';
import { columns, UsageError, type Command } from './usage.ts';

const debug = process.env.ERP_CONFORMANCE_DEBUG === '1';

function mainUsage(): string {
  return [
    'Usage: erp-conformance <command> [flags]',
    '',
    'Conformance and load test kit for the ERP Open Interface.',
    '',
    'Commands:',
    columns(commands.map((c) => [`  ${c.name}`, c.summary])),
    '',
    'Run `erp-conformance help <command>` (or `<command> --help`) for the flags of a command.',
    exitCodesText(),
    '',
  ].join('\n');
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** One short line with the problem, and where the full usage is: never the whole help under it. */
function usageError(message: string, command?: Command): number {
  const help = command ? `erp-conformance help ${command.name}` : 'erp-conformance --help';
  process.stderr.write(`erp-conformance${command ? ` ${command.name}` : ''}: ${message}\nRun \`${help}\` for the usage.\n`);
  return 2;
}

function unknownCommand(name: string): number {
  if (name.startsWith('-')) return usageError(`unknown flag ${name} (flags follow the command: erp-conformance <command> ${name})`);
  return usageError(
    `unknown command "${name}"${didYouMean(
      name,
      commands.map((c) => c.name),
    )}`,
  );
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    process.stderr.write(`${mainUsage()}\n`);
    return 2;
  }
  if (name === '--help' || name === '-h' || (name === 'help' && rest.length === 0)) {
    process.stdout.write(`${mainUsage()}\n`);
    return 0;
  }
  if (name === 'help') {
    const of = findCommand(rest[0]!);
    if (!of) return unknownCommand(rest[0]!);
    process.stdout.write(`${of.usage}\n`);
    return 0;
  }
  if (name === '--version' || name === '-V') {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  const command = findCommand(name);
  if (!command) return unknownCommand(name);
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${command.usage}\n`);
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (e) {
    if (e instanceof UsageError) return usageError(e.message, e.command ?? command);
    throw e;
  }
}

let code: number;
try {
  code = await main(process.argv.slice(2));
} catch (e) {
  if (e instanceof ConfigError) {
    process.stderr.write(`${e.message}\n`);
    code = 2;
  } else {
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(`erp-conformance: internal error: ${message}\n`);
    if (debug && e instanceof Error && e.stack) process.stderr.write(`${e.stack}\n`);
    else process.stderr.write('(set ERP_CONFORMANCE_DEBUG=1 for the stack trace)\n');
    code = 4;
  }
}
process.exitCode = code;
// A handle left open by a command must not keep the process alive once it has finished.
setTimeout(() => process.exit(code), 2000).unref();
