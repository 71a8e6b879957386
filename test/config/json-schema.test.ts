import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runConfigJsonSchema, runConfigJsonSchemaText } from '../../config/json-schema.ts';

const shipped = readFileSync(new URL('../../config/run-config.schema.json', import.meta.url), 'utf8');

describe('config/run-config.schema.json', () => {
  it('equals a fresh generation from the zod schema (run `npm run schema` after changing config/schema.ts)', () => {
    expect(shipped).toBe(runConfigJsonSchemaText());
  });

  it('carries a title, a description and the key descriptions for editors', () => {
    const schema = runConfigJsonSchema() as any;
    expect(schema.title).toBe('erp-conformance run config');
    expect(schema.description).toMatch(/ERP Open Interface/);
    expect(schema.required).toEqual(['target', 'fixtures']);
    expect(schema.properties.fixtures.properties.sales.properties.lifecycle.description).toMatch(/Pending/);
    expect(schema.properties.target.properties.timeoutMs.default).toBe(10_000);
  });
});
