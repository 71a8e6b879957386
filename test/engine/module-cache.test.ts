// Where the suite worker's transformed modules are kept between runs (engine/module-cache.ts): in
// the user's cache folder, one folder per install of the kit, so that vitest, which empties a cache
// folder whose lockfile hash is not its own, never empties it under another install's run.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installKey, moduleCacheDir, moduleCacheOptions } from '../../engine/module-cache.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'erp-modcache-'));

describe("the suite worker's module cache", () => {
  it("is vitest's file-system module cache in the user's cache folder, a folder per install", () => {
    const home = tmp();
    const dir = path.join(home, 'erp-conformance', 'vitest-modules', installKey('/opt/kit'));
    expect(moduleCacheDir('/opt/kit', { XDG_CACHE_HOME: home })).toBe(dir);
    expect(moduleCacheOptions('/opt/kit', { XDG_CACHE_HOME: home })).toEqual({ experimental: { fsModuleCache: true, fsModuleCachePath: dir } });
  });

  it('gives two installs two folders, and one install the same folder every run', () => {
    const home = tmp();
    const a = moduleCacheDir('/work/repo', { XDG_CACHE_HOME: home });
    const b = moduleCacheDir('/tmp/app/node_modules/erp-conformance', { XDG_CACHE_HOME: home });
    expect(a).not.toBe(b);
    expect(moduleCacheDir('/work/repo/', { XDG_CACHE_HOME: home })).toBe(a);
  });

  it('is off when the user turns it off, or its folder cannot be made', () => {
    expect(moduleCacheOptions('/opt/kit', { XDG_CACHE_HOME: tmp(), ERP_CONFORMANCE_MODULE_CACHE: '0' })).toEqual({});
    const file = path.join(tmp(), 'a-file');
    writeFileSync(file, '');
    expect(moduleCacheDir('/opt/kit', { XDG_CACHE_HOME: file })).toBeUndefined();
  });
});
