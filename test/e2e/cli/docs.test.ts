// The README's recipes and the CI examples are followed as written: every `erp-conformance`
// command they name exists, with the flags they pass.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCommand } from '../../../bin/commands/index.ts';
import { ROOT } from './spawn.ts';

const EXAMPLES = path.join(ROOT, 'examples/ci');
const DOCS = ['README.md', ...readdirSync(EXAMPLES).map((f) => path.join('examples/ci', f))];

/** [file:line, command, flags] of each `erp-conformance <command> ...` in a text. */
function invocations(file: string): [string, string, string[]][] {
  return readFileSync(path.join(ROOT, file), 'utf8')
    .split('\n')
    .flatMap((line, i) =>
      [...line.matchAll(/erp-conformance ([a-z][a-z-]*)([^`#\n]*)/g)].map((m): [string, string, string[]] => [
        `${file}:${i + 1}`,
        m[1]!,
        [...m[2]!.matchAll(/(?<=\s)--[a-z][a-z-]*/g)].map((f) => f[0]),
      ]),
    );
}

describe('the README and examples/ci', () => {
  it('name only commands and flags the CLI has', async () => {
    const all = DOCS.flatMap(invocations);
    expect(all.length).toBeGreaterThan(20);
    for (const [where, name, flags] of all) {
      const command = await loadCommand(name);
      expect(command, `${where}: erp-conformance ${name}`).toBeDefined();
      for (const flag of flags) expect(command!.usage, `${where}: ${name} ${flag}`).toMatch(new RegExp(`${flag}\\b`));
    }
  });

  it('run every shard of a sharded CI run with one seed and merge them with report --merge', () => {
    for (const file of ['github-actions-sharded.yml', 'gitlab-ci-sharded.yml']) {
      const text = readFileSync(path.join(EXAMPLES, file), 'utf8');
      expect(text).toMatch(/erp-conformance run .*--seed "?\$[{A-Z]/);
      expect(text).toMatch(/erp-conformance run .*--shard /);
      expect(text).toMatch(/erp-conformance report --merge /);
    }
    for (const file of DOCS) expect(readFileSync(path.join(ROOT, file), 'utf8'), file).not.toMatch(/ERP_API_TOKEN: ['"]?[A-Za-z0-9]{8,}/);
  });
});
