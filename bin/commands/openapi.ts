// `openapi`: the OpenAPI 3.1 document of the three operations (4.1, 4.2, 4.3), generated from
// the contract's zod schemas, with the requirement ids of each operation and response.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiDocument } from '../../contract/openapi.ts';
import { parseFlags, type Command } from '../usage.ts';

export const openapiCommand: Command = {
  name: 'openapi',
  summary: 'print (or write) the OpenAPI 3.1 document of the three operations, with requirement ids',
  usage: [
    'Usage: erp-conformance openapi [--out FILE]',
    '',
    'The OpenAPI 3.1 document of update order status, contactSave and the consumption/production',
    'report, generated from the zod schemas of contract/schemas. Each operation lists the',
    'requirements that apply to it, each response the ids whose oracle it is (e.g. the 400 of',
    'update order status: OS-1b, OS-2 ...). Printed as JSON, or written to FILE.',
    '',
    '  --out FILE   write the document to FILE instead of printing it',
  ].join('\n'),
  async run(argv) {
    const { values } = parseFlags(openapiCommand, argv, { out: { type: 'string', short: 'o' } });
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    const text = `${JSON.stringify(openApiDocument(version), null, 2)}\n`;
    if (values.out === undefined) {
      process.stdout.write(text);
      return 0;
    }
    const file = path.resolve(values.out);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    process.stdout.write(`written: ${file}\n`);
    return 0;
  },
};
