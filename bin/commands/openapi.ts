// `openapi`: the OpenAPI 3.1 document of the three operations (4.1, 4.2, 4.3), generated from
// the contract's zod schemas, with the requirement ids of each operation and response; with
// --config (or --profile) also the configured operations of the index as the target declares them.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiDocument } from '../../contract/openapi.ts';
import { ConfigError, describeIssue } from '../../config/errors.ts';
import { parseJsonText } from '../../config/json-text.ts';
import { operationsSchema, type OperationConfig } from '../../config/operations.ts';
import { parseFlags, UsageError, type Command } from '../cli/usage.ts';
import { EXIT } from '../../core/exit-codes.ts';

/** The `operations` of a config file, validated (no token needed: nothing is sent). */
function operationsOf(file: string): Partial<Record<string, OperationConfig>> {
  let raw: unknown;
  try {
    raw = parseJsonText(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ConfigError([`cannot read the config: ${(e as Error).message}`], file);
  }
  const ops = operationsSchema.safeParse((raw as { operations?: unknown } | null)?.operations);
  if (!ops.success)
    throw new ConfigError(
      ops.error.issues.flatMap((i) => describeIssue({ ...i, path: ['operations', ...i.path] })),
      file,
    );
  if (!ops.data) throw new ConfigError(['operations: the config describes no operation of the index (`erp-conformance init` writes them)'], file);
  return ops.data;
}

export const openapiCommand: Command = {
  name: 'openapi',
  summary: 'print (or write) the OpenAPI 3.1 document of the three operations, with requirement ids, and the configured ones',
  usage: [
    'Usage: erp-conformance openapi [--config FILE | --profile NAME] [--out FILE]',
    '',
    'The OpenAPI 3.1 document of update order status, contactSave and the consumption/production',
    'report, generated from the zod schemas of contract/schemas. Each operation lists the',
    'requirements that apply to it, each response the ids whose oracle it is (e.g. the 400 of',
    'update order status: OS-1b, OS-2 ...). Printed as JSON, or written to FILE.',
    "With --config, also every operation of the config's `operations` as the target declares it",
    '(method, path with its placeholders, query and body templates, where its list is kept).',
    '',
    '  --config FILE   also the operations of this run config (no token needed: nothing is sent)',
    "  --profile NAME  also the operations of the reference's profile NAME (erp-conformance profiles)",
    '  --out FILE      write the document to FILE instead of printing it',
  ].join('\n'),
  async run(argv) {
    const { values } = parseFlags(openapiCommand, argv, {
      out: { type: 'string', short: 'o' },
      config: { type: 'string', short: 'c' },
      profile: { type: 'string' },
    });
    if (values.config !== undefined && values.profile !== undefined) throw new UsageError('pass --config or --profile, not both', openapiCommand);
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    let operations: Partial<Record<string, OperationConfig>> | undefined;
    if (values.config !== undefined) operations = operationsOf(values.config);
    if (values.profile !== undefined) {
      const { isProfileName, PROFILE_NAMES, profileOf } = await import('../../reference/profiles/index.ts');
      if (!isProfileName(values.profile)) throw new UsageError(`unknown profile ${values.profile} (known: ${PROFILE_NAMES.join(', ')})`, openapiCommand);
      const { referenceOperations } = await import('../../reference/index-routes.ts');
      operations = operationsSchema.parse(referenceOperations(profileOf(values.profile)));
    }
    const text = `${JSON.stringify(openApiDocument(version, operations), null, 2)}\n`;
    if (values.out === undefined) {
      process.stdout.write(text);
      return EXIT.ok;
    }
    const file = path.resolve(values.out);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    process.stdout.write(`written: ${file}\n`);
    return EXIT.ok;
  },
};
