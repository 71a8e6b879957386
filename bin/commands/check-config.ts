// `check-config`: loads and validates a run config without contacting the target.
import { ConfigError, loadConfig } from '../../config/load.ts';
import { unknownRequired } from '../../contract/requirements.ts';
import { readBackEntriesNote } from '../../config/operations.ts';
import { parseFlags, UsageError, type Command } from '../cli/usage.ts';
import { EXIT } from '../../core/exit-codes.ts';

export const checkConfigCommand: Command = {
  name: 'check-config',
  summary: 'validate a run config file (and its env: tokens) without contacting the target',
  usage: [
    'Usage: erp-conformance check-config --config FILE',
    '',
    'Loads FILE with the environment overrides ERP_BASE_URL, ERP_API_TOKEN and ERP_API_TOKEN_2',
    'and resolves "env:NAME" tokens. Prints "config ok: <name> <baseUrl>" (exit 0) or every',
    'problem found, one per line with its key (exit 2). Token values are never printed. A key kept',
    'for older configs that has a new place is named on a "note:" line.',
    '',
    '  --config FILE   the run config (JSON; see config/example.json)',
  ].join('\n'),
  async run(argv) {
    const { values } = parseFlags(checkConfigCommand, argv, { config: { type: 'string', short: 'c' } });
    if (values.config === undefined) throw new UsageError('--config FILE is required', checkConfigCommand);
    const config = loadConfig({ file: values.config, env: process.env });
    const unknown = unknownRequired(config.certify);
    if (unknown.length > 0) throw new ConfigError(unknown, values.config);
    process.stdout.write(`config ok: ${config.target.name} ${config.target.baseUrl}\n`);
    // An older config naming a read-back under operations too still loads: one line says where it belongs.
    const note = readBackEntriesNote(config);
    if (note) process.stdout.write(`note: ${note}\n`);
    return EXIT.ok;
  },
};
