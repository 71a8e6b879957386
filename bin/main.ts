// erp-conformance: dispatches `<command> [flags]` to bin/commands/. Exit codes: bin/cli/exit-codes.ts
// (the one table; 2 for a usage or config error, 4 for an internal error). No arguments prints the
// help on stderr and exits 2, as a usage error (git, docker); `help [command]` prints it and exits 0.
// Only the chosen command's module is loaded (bin/commands/index.ts). bin/cli.ts runs it in the
// process; the project's tests call it in theirs too (test/e2e/cli/in-process.ts).
import { readFileSync } from 'node:fs';
import { commands, findCommand } from './commands/index.ts';
import { exitCodesText } from './cli/exit-codes.ts';
import { didYouMean } from './cli/suggest.ts';
import { columns, UsageError, type Command } from './cli/usage.ts';
import { EXIT } from '../core/exit-codes.ts';

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
  return EXIT.usage;
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
    return EXIT.usage;
  }
  if (name === '--help' || name === '-h' || (name === 'help' && rest.length === 0)) {
    process.stdout.write(`${mainUsage()}\n`);
    return EXIT.ok;
  }
  if (name === 'help') {
    const of = await findCommand(rest[0]!)?.load();
    if (!of) return unknownCommand(rest[0]!);
    process.stdout.write(`${of.usage}\n`);
    return EXIT.ok;
  }
  if (name === '--version' || name === '-V') {
    process.stdout.write(`${version()}\n`);
    return EXIT.ok;
  }
  const command = await findCommand(name)?.load();
  if (!command) return unknownCommand(name);
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${command.usage}\n`);
    return EXIT.ok;
  }
  try {
    return await command.run(rest);
  } catch (e) {
    if (e instanceof UsageError) return usageError(e.message, e.command ?? command);
    throw e;
  }
}

/** Runs the command line `argv` (without node and the bin); resolves to the process exit code. */
export async function runCli(argv: string[]): Promise<number> {
  try {
    return await main(argv);
  } catch (e) {
    // config/errors.ts loads zod: imported only when there is an error to tell apart.
    const { ConfigError } = await import('../config/errors.ts');
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      return EXIT.usage;
    }
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(`erp-conformance: internal error: ${message}\n`);
    if (process.env.ERP_CONFORMANCE_DEBUG === '1' && e instanceof Error && e.stack) process.stderr.write(`${e.stack}\n`);
    else process.stderr.write('(set ERP_CONFORMANCE_DEBUG=1 for the stack trace)\n');
    return EXIT.internal;
  }
}
