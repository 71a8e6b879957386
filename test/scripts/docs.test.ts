// The generated pages of docs/ (scripts/docs.ts) are what the code says now: generated in
// memory and compared with the files (`npm run docs` writes them), and linked from docs/README.md.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedPages, ROOT } from '../../scripts/docs.ts';
import { requirements } from '../../contract/requirements.ts';

const pages = generatedPages();

describe('the generated reference pages', () => {
  it.each(Object.keys(pages))('%s is fresh (run npm run docs when it is not)', (file) => {
    expect(readFileSync(path.join(ROOT, file), 'utf8') === pages[file], `${file} is stale: run npm run docs`).toBe(true);
  });

  it('name every requirement and every top key of the config, and are linked from docs/README.md', () => {
    for (const r of requirements) expect(pages['docs/requirements.md']).toContain(`| ${r.id} | ${r.level} |`);
    for (const key of ['target.token', 'fixtures.sales.refusals', 'operations.<name>.refusal', 'readBack.orderStatus', 'run.concurrency'])
      expect(pages['docs/config-reference.md']).toContain(`| \`${key}\` |`);
    const index = readFileSync(path.join(ROOT, 'docs/README.md'), 'utf8');
    for (const file of Object.keys(pages)) expect(index).toContain(`](${path.basename(file)})`);
  });
});
