// The suite worker's modules transformed once, not at every run: vitest's file-system module cache
// (experimental.fsModuleCache), kept in the user's cache folder ($XDG_CACHE_HOME or ~/.cache,
// erp-conformance/vitest-modules/<install>), each entry keyed by the module's path and content, so
// an edited or upgraded suite is transformed again. One folder per install of the kit (its root):
// vitest empties a cache folder whose lockfile hash is not its own, so two installs sharing one
// folder would empty it under each other's runs.
// ERP_CONFORMANCE_MODULE_CACHE=0 turns it off; a folder that cannot be written leaves it off.
import { createHash } from 'node:crypto';
import { accessSync, constants, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The cache folder of the install at `kitRoot`: a short hash of its path. */
export const installKey = (kitRoot: string): string => createHash('sha256').update(path.resolve(kitRoot)).digest('hex').slice(0, 16);

export function moduleCacheDir(kitRoot: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.ERP_CONFORMANCE_MODULE_CACHE === '0') return undefined;
  const dir = path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'erp-conformance', 'vitest-modules', installKey(kitRoot));
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return dir;
  } catch {
    return undefined;
  }
}

/** The vitest options of the cache (none when it is off). */
export function moduleCacheOptions(
  kitRoot: string,
  env: NodeJS.ProcessEnv = process.env,
): { experimental?: { fsModuleCache: true; fsModuleCachePath: string } } {
  const dir = moduleCacheDir(kitRoot, env);
  return dir ? { experimental: { fsModuleCache: true, fsModuleCachePath: dir } } : {};
}
