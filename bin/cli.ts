// erp-conformance: dispatches `<command> [flags]` to bin/commands/. Exit codes: the command's
// own (0 ok), 2 for a usage or config error, 4 for an internal error (3 is the inconclusive verdict of run).
import { readFileSync } from 'node:fs';
import { ConfigError } from '../config/load.ts';
import { commands, findCommand } from './commands/index.ts';
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
    'Run `erp-conformance <command> --help` for the flags of a command.',
    'Exit codes: 0 ok, 1 conformance failures, 2 usage, config or preflight error, 3 inconclusive, 4 internal error.',
    '',
  ].join('\n');
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

function usageError(message: string, command?: Command): number {
  process.stderr.write(`erp-conformance: ${message}\n\n${command ? command.usage : mainUsage()}\n`);
  return 2;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${mainUsage()}\n`);
    return 0;
  }
  if (name === '--version' || name === '-V') {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  const command = findCommand(name);
  if (!command) return usageError(name.startsWith('-') ? `unknown flag ${name} (flags follow the command)` : `unknown command "${name}"`);
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
