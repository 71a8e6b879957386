// `schema`: the JSON Schema of the run config (npm run schema writes config/run-config.schema.json).
import { runConfigJsonSchemaText } from '../../config/json-schema.ts';
import { parseFlags, type Command } from '../cli/usage.ts';
import { EXIT } from '../../core/exit-codes.ts';

export const schemaCommand: Command = {
  name: 'schema',
  summary: 'print the JSON Schema of the run config',
  usage: [
    'Usage: erp-conformance schema',
    '',
    'Prints the JSON Schema of the run config, generated from config/schema.ts.',
    '`npm run schema` writes it to config/run-config.schema.json (the "$schema" of config files).',
  ].join('\n'),
  async run(argv) {
    parseFlags(schemaCommand, argv, {});
    process.stdout.write(runConfigJsonSchemaText());
    return EXIT.ok;
  },
};
