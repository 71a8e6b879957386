// The CLI's cached bundle (bin/cli-bundle.js), on a small kit of its own in a temporary folder: built
// once, used while its sources are unchanged, built again after an edit; each module keeps its own
// import.meta; a lazy import stays a chunk of its own; and the sources run as they are (no bundle)
// when it is turned off, while another start builds it, or when the build fails.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleDir, cliBundle } from '../../bin/cli-bundle.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tmp = path.join(ROOT, '.vitest-tmp');
mkdirSync(tmp, { recursive: true });
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A kit: bin/cli.ts prints its lib's import.meta facts and a lazily imported value. tsx resolves from its node_modules, as in an install. */
function kit(): string {
  const dir = mkdtempSync(path.join(tmp, 'cli-bundle-'));
  made.push(dir);
  mkdirSync(path.join(dir, 'bin'));
  mkdirSync(path.join(dir, 'lib'));
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(path.join(ROOT, 'node_modules', 'tsx'), path.join(dir, 'node_modules', 'tsx'));
  writeFileSync(
    path.join(dir, 'bin', 'cli.ts'),
    "import { facts } from '../lib/a.ts';\nconst { lazy } = await import('../lib/lazy.ts');\nconsole.log(JSON.stringify({ ...facts, lazy }));\n",
  );
  writeFileSync(
    path.join(dir, 'lib', 'a.ts'),
    'export const facts = { url: import.meta.url, dirname: import.meta.dirname, filename: import.meta.filename, v: 1 };\n',
  );
  writeFileSync(path.join(dir, 'lib', 'lazy.ts'), "export const lazy: string = 'loaded';\n");
  return dir;
}

const run = (file: string) => JSON.parse(execFileSync(process.execPath, [file], { encoding: 'utf8' })) as Record<string, unknown>;
const fileOf = (b: Awaited<ReturnType<typeof cliBundle>>): string => {
  if (!b.file) throw new Error(`no bundle: ${b.off}`);
  return b.file;
};

describe('the CLI bundle', () => {
  it('is built once and used while the sources are unchanged; each module keeps its own import.meta; a lazy import is its own chunk', async () => {
    const dir = kit();
    const first = await cliBundle(dir);
    expect(first).toMatchObject({ built: true });
    expect(await cliBundle(dir)).toEqual({ file: first.file, built: false });
    const a = path.join(dir, 'lib', 'a.ts');
    expect(run(fileOf(first))).toEqual({ url: pathToFileURL(a).href, dirname: path.dirname(a), filename: a, v: 1, lazy: 'loaded' });
    expect(readFileSync(fileOf(first), 'utf8')).not.toContain("lazy = 'loaded'");
    expect(path.dirname(fileOf(first)).startsWith(bundleDir(dir))).toBe(true);
  });

  it('is built again after an edit of any module it holds, a lazily imported one too', async () => {
    const dir = kit();
    const first = fileOf(await cliBundle(dir));
    writeFileSync(path.join(dir, 'lib', 'a.ts'), readFileSync(path.join(dir, 'lib', 'a.ts'), 'utf8').replace('v: 1', 'v: 2'));
    const second = await cliBundle(dir);
    expect(second).toMatchObject({ built: true });
    expect(run(fileOf(second))).toMatchObject({ v: 2 });
    writeFileSync(path.join(dir, 'lib', 'lazy.ts'), "export const lazy: string = 'edited';\n");
    const third = await cliBundle(dir);
    expect(third).toMatchObject({ built: true });
    expect(run(fileOf(third))).toMatchObject({ v: 2, lazy: 'edited' });
    // The earlier bundle stays (a run started from it may still load its lazy chunks).
    expect(existsSync(first)).toBe(true);
  });

  it('leaves the sources to run as they are: turned off, while another start builds it, when the build fails', async () => {
    const dir = kit();
    expect(await cliBundle(dir, 'bin/cli.ts', { ERP_CONFORMANCE_CLI_BUNDLE: '0' })).toEqual({ off: 'turned off' });
    mkdirSync(bundleDir(dir), { recursive: true });
    const lock = path.join(bundleDir(dir), 'build.lock');
    writeFileSync(lock, '');
    expect(await cliBundle(dir)).toEqual({ off: 'another start is building it' });
    // A lock left by a start that died while building is taken over.
    utimesSync(lock, new Date(Date.now() - 600_000), new Date(Date.now() - 600_000));
    expect(await cliBundle(dir)).toMatchObject({ built: true });
    expect(existsSync(lock)).toBe(false);
    rmSync(path.join(dir, 'lib', 'lazy.ts'));
    expect((await cliBundle(dir)).off).toMatch(/^the build failed/);
    expect(existsSync(lock)).toBe(false);
  });
});
