// The suite worker's modules transformed once, not at every run: vitest's file-system module cache
// (experimental.fsModuleCache), kept in the user's cache folder ($XDG_CACHE_HOME or ~/.cache,
// erp-conformance/vitest-modules), each entry keyed by the module's path and content, so an edited
// or upgraded suite is transformed again.
// ERP_CONFORMANCE_MODULE_CACHE=0 turns it off; a folder that cannot be written leaves it off.
import { accessSync, constants, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function moduleCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.ERP_CONFORMANCE_MODULE_CACHE === '0') return undefined;
  const dir = path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'erp-conformance', 'vitest-modules');
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return dir;
  } catch {
    return undefined;
  }
}

/** The vitest options of the cache (none when it is off). */
export function moduleCacheOptions(env: NodeJS.ProcessEnv = process.env): { experimental?: { fsModuleCache: true; fsModuleCachePath: string } } {
  const dir = moduleCacheDir(env);
  return dir ? { experimental: { fsModuleCache: true, fsModuleCachePath: dir } } : {};
}
