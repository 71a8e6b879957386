// The README, docs/ and the CI examples are followed as written: every `erp-conformance` command
// they name exists, with the flags they pass; every relative link resolves (to a file, and to a
// heading where it names one). The README stays what a new user reads first: at most 200 lines,
// and its two commands are true on a fresh machine (the main job against the embedded reference,
// and the tests: `npm test`, the gate that .ci/run runs before CI's whole set).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCommand } from '../../../bin/commands/index.ts';
import { ROOT } from './spawn.ts';

const EXAMPLES = path.join(ROOT, 'examples/ci');
const PAGES = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join('docs', f)),
];
const DOCS = [...PAGES, ...readdirSync(EXAMPLES).map((f) => path.join('examples/ci', f))];
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** [file:line, command, flags] of each `erp-conformance <command> ...` in a text. */
function invocations(file: string): [string, string, string[]][] {
  return read(file)
    .split('\n')
    .flatMap((line, i) =>
      [...line.matchAll(/erp-conformance ([a-z][a-z-]*)([^`#\n]*)/g)].map((m): [string, string, string[]] => [
        `${file}:${i + 1}`,
        m[1]!,
        [...m[2]!.matchAll(/(?<=\s)--[a-z][a-z-]*/g)].map((f) => f[0]),
      ]),
    );
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

/** [file:line, target] of each relative markdown link `[text](target)` of a page. */
function links(file: string): [string, string][] {
  return read(file)
    .split('\n')
    .flatMap((line, i) => [...line.matchAll(/\]\(([^)\s]+)\)/g)].map((m): [string, string] => [`${file}:${i + 1}`, m[1]!]))
    .filter(([, target]) => !/^[a-z]+:/.test(target));
}

describe('the README, docs/ and examples/ci', () => {
  it('name only commands and flags the CLI has', async () => {
    const all = DOCS.flatMap(invocations);
    expect(all.length).toBeGreaterThan(20);
    for (const [where, name, flags] of all) {
      const command = await loadCommand(name);
      expect(command, `${where}: erp-conformance ${name}`).toBeDefined();
      for (const flag of flags) expect(command!.usage, `${where}: ${name} ${flag}`).toMatch(new RegExp(`${flag}\\b`));
    }
  });

  it('link only to files and headings that exist', () => {
    const all = PAGES.flatMap(links);
    expect(all.length).toBeGreaterThan(20);
    for (const [where, target] of all) {
      const [file, anchor] = target.split('#') as [string, string | undefined];
      const resolved = file === '' ? path.join(ROOT, where.split(':')[0]!) : path.resolve(path.dirname(path.join(ROOT, where.split(':')[0]!)), file);
      expect(existsSync(resolved), `${where}: ${target}`).toBe(true);
      if (anchor === undefined) continue;
      const headings = [...readFileSync(resolved, 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) => anchorOf(m[1]!));
      expect(headings, `${where}: ${target}`).toContain(anchor);
    }
  });

  it('run every shard of a sharded CI run with one seed and merge them with report --merge', () => {
    for (const file of ['github-actions-sharded.yml', 'gitlab-ci-sharded.yml']) {
      const text = readFileSync(path.join(EXAMPLES, file), 'utf8');
      expect(text).toMatch(/erp-conformance run .*--seed "?\$[{A-Z]/);
      expect(text).toMatch(/erp-conformance run .*--shard /);
      expect(text).toMatch(/erp-conformance report --merge /);
    }
    for (const file of DOCS) expect(read(file), file).not.toMatch(/ERP_API_TOKEN: ['"]?[A-Za-z0-9]{8,}/);
  });
});

describe('the README', () => {
  const readme = read('README.md');
  const pkg = JSON.parse(read('package.json')) as { bin: Record<string, string>; scripts: Record<string, string> };

  it('is at most 200 lines, with the rest in docs/ and an index of it', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(200);
    expect(readme).toContain('](docs/README.md)');
    const index = read('docs/README.md');
    for (const page of PAGES.filter((p) => p.startsWith('docs/') && p !== 'docs/README.md')) expect(index, page).toContain(`](${path.basename(page)})`);
  });

  it('holds the two commands, first, and both are true on a fresh machine', async () => {
    const block = /^## The two commands\n[^#]*?```sh\n([^`]*)```/m.exec(readme);
    expect(block, 'a "## The two commands" section with one sh block').not.toBeNull();
    expect(readme.indexOf('## The two commands')).toBeLessThan(readme.indexOf('\n## ', readme.indexOf('\n## ') + 1));
    const commands = block![1]!
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter(Boolean);
    expect(commands).toEqual(['npm ci && npx erp-conformance run', 'npm test']);
    // The main job: `npm ci` installs from the lockfile, npx finds the package's bin, and `run` with no
    // --config tests the embedded reference (that it certifies: test/e2e/packaging/package.test.ts).
    expect(existsSync(path.join(ROOT, 'package-lock.json'))).toBe(true);
    expect(existsSync(path.join(ROOT, pkg.bin['erp-conformance']!))).toBe(true);
    expect((await loadCommand('run'))!.usage).toMatch(/Without --config\s+the embedded reference server is started/);
    // The tests: `npm test` is the gate and `npm run test:whole` CI's whole set, both run by .ci/run in that order.
    expect(pkg.scripts['test']).toMatch(/^vitest run .*--tags-filter='!whole'/);
    expect(pkg.scripts['test:whole']).toMatch(/--tags-filter=whole/);
    expect(readme).toContain('`npm run test:whole` is CI');
    const ci = read('.ci/run').split('\n');
    expect(ci.indexOf('npm test')).toBeGreaterThan(-1);
    expect(ci.indexOf('npm run test:whole')).toBeGreaterThan(ci.indexOf('npm test'));
  });
});
