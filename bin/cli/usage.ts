// Command-line plumbing shared by the commands: the command shape, usage errors, flag parsing.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { didYouMean } from './suggest.ts';
import { EXIT } from '../../core/exit-codes.ts';

export interface Command {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Full usage text, printed by `<command> --help` and after a usage error. */
  usage: string;
  /** Runs the command; resolves to the process exit code. */
  run(argv: string[]): Promise<number>;
}

/** A wrong command line: reported with the usage, exit code 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: Command,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** parseArgs in strict mode; its errors become short UsageErrors naming the command, with the flag meant. */
export function parseFlags<O extends Options>(command: Command, argv: string[], options: O, allowPositionals = false) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals });
  } catch (e) {
    const code = (e as { code?: string }).code ?? '';
    if (code.startsWith('ERR_PARSE_ARGS')) throw new UsageError(flagProblem((e as Error).message, options), command);
    throw e;
  }
}

/** node's parseArgs message in one short line: the unknown flag and the one meant, a flag missing its value. */
function flagProblem(message: string, options: Options): string {
  const flags = Object.keys(options).map((k) => `--${k}`);
  const unknown = /^Unknown option '([^']+)'/.exec(message);
  if (unknown) return `unknown flag ${unknown[1]}${didYouMean(unknown[1]!.split('=')[0]!, flags)}`;
  const positional = /^Unexpected argument '([^']+)'/.exec(message);
  if (positional) return `unexpected argument ${positional[1]} (this command takes flags only)`;
  const value = /^Option '(?:-\w, )?(--[\w-]+) <value>' argument missing/.exec(message);
  if (value) return `${value[1]} needs a value`;
  return message;
}

/** Parses an integer flag within [min, max]. */
export function intFlag(command: Command, flag: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  if (!/^-?\d+$/.test(text) || Number(text) < min || Number(text) > max)
    throw new UsageError(`--${flag} must be an integer from ${min} to ${max}, received ${JSON.stringify(text)}`, command);
  return Number(text);
}

/** Left-aligned columns for listings. */
export function columns(rows: string[][], gap = '  '): string {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join(gap)).join('\n');
}

/** Prints `value` as JSON (the listings' --json); exit code ok. */
export function printJson(value: unknown): number {
  process.stdout.write(`${JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2)}\n`);
  return EXIT.ok;
}
