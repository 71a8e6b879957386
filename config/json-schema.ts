// The JSON Schema of the run config, for editors ("$schema": "./run-config.schema.json").
// config/run-config.schema.json is this, written by `erp-conformance schema` (npm run schema).
import { z } from 'zod';
import { runConfigSchema } from './schema.ts';

/** The JSON Schema of the config as written (input side: defaults optional). */
export function runConfigJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(runConfigSchema, { io: 'input' }) as Record<string, unknown>;
}

/** The text of config/run-config.schema.json. */
export function runConfigJsonSchemaText(): string {
  return `${JSON.stringify(runConfigJsonSchema(), null, 2)}\n`;
}
