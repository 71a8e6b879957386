// The suites' modules as vitest transformed them (TypeScript to JavaScript, by vite), kept on disk
// between runs: a run's worker then reads them instead of transforming every module of the suites,
// the client and the checks again (vitest's experimental fsModuleCache; an entry is keyed by the
// file's content, vitest's version and the transform config, so a changed file is transformed
// anew). In the temporary folder, as tsx keeps its own: the package's folder may be read-only.
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/** ERP_CONFORMANCE_MODULE_CACHE=0 turns the cache off. */
export function moduleCache(env: NodeJS.ProcessEnv = process.env): { fsModuleCache: boolean; fsModuleCachePath?: string } {
  if (env.ERP_CONFORMANCE_MODULE_CACHE === '0') return { fsModuleCache: false };
  return { fsModuleCache: true, fsModuleCachePath: path.join(tmpdir(), `erp-conformance-vitest-${userInfo().uid}`) };
}
