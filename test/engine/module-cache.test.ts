// Where the suite worker's transformed modules are kept between runs (engine/module-cache.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleCacheDir, moduleCacheOptions } from '../../engine/module-cache.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'erp-modcache-'));

describe("the suite worker's module cache", () => {
  it("is vitest's file-system module cache in the user's cache folder", () => {
    const home = tmp();
    const dir = path.join(home, 'erp-conformance', 'vitest-modules');
    expect(moduleCacheDir({ XDG_CACHE_HOME: home })).toBe(dir);
    expect(moduleCacheOptions({ XDG_CACHE_HOME: home })).toEqual({ experimental: { fsModuleCache: true, fsModuleCachePath: dir } });
  });

  it('is off when the user turns it off, or its folder cannot be made', () => {
    expect(moduleCacheOptions({ XDG_CACHE_HOME: tmp(), ERP_CONFORMANCE_MODULE_CACHE: '0' })).toEqual({});
    const file = path.join(tmp(), 'a-file');
    writeFileSync(file, '');
    expect(moduleCacheDir({ XDG_CACHE_HOME: file })).toBeUndefined();
  });
});
