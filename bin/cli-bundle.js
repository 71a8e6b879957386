// The CLI as one cached bundle: bin/cli.ts and the project modules it imports (statically or
// lazily) built by esbuild (tsx's own) into plain ES modules, kept on disk and used while every
// source file it was built from has the same content. A start that uses it loads no TypeScript
// hook. The packages stay outside the bundle (imported by name, resolved as from bin/), so the
// process loads the same package files as without it; each module's import.meta.url / dirname /
// filename is its source file's, so paths found from a module are the same too.
// Where: <kit>/node_modules/.cache/erp-conformance-cli/<install>/ (one folder per install of the kit;
// from there the packages resolve as from the kit's own folders). Returns nothing (the caller runs
// the sources through tsx, as without a bundle) when ERP_CONFORMANCE_CLI_BUNDLE=0, when the folder
// cannot be written, when another start is building it, or when the build fails.
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The bundle format: a change of how it is built makes every kept bundle stale. */
const FORMAT = 1;
/** A build lock older than this is a start that died while building: taken over. */
const STALE_LOCK_MS = 120_000;
/** Bundles no longer current are removed once this old (a long run may still load its lazy chunks). */
const KEEP_OLD_MS = 24 * 3600_000;
const IMPORT_META = /\bimport\.meta\.(url|dirname|filename)\b/g;

/** The folder of the bundles of the install at `kitRoot`. */
export function bundleDir(kitRoot) {
  const install = createHash('sha256').update(path.resolve(kitRoot)).digest('hex').slice(0, 16);
  return path.join(kitRoot, 'node_modules', '.cache', 'erp-conformance-cli', install);
}

/** The hash of the inputs' contents (undefined when one is gone), with the esbuild version and the format. */
function inputsHash(kitRoot, inputs, esbuildVersion) {
  const h = createHash('sha256').update(`${FORMAT}\0${esbuildVersion}\0`);
  try {
    for (const f of inputs)
      h.update(`${f}\0`)
        .update(readFileSync(path.join(kitRoot, f)))
        .update('\0');
  } catch {
    return undefined;
  }
  return h.digest('hex').slice(0, 24);
}

/** The current bundle's entry, if its inputs are unchanged. */
function current(kitRoot, dir) {
  try {
    const m = JSON.parse(readFileSync(path.join(dir, 'current.json'), 'utf8'));
    if (m.format !== FORMAT || inputsHash(kitRoot, m.inputs, m.esbuild) !== m.hash) return undefined;
    return path.join(dir, m.hash, m.entry);
  } catch {
    return undefined;
  }
}

/** esbuild plugin: each module's import.meta.url, dirname and filename as its source file's. */
const sourceMeta = (readFile, seen) => ({
  name: 'source-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
      const src = await readFile(args.path, 'utf8');
      seen.set(args.path, src);
      const value = { url: pathToFileURL(args.path).href, dirname: path.dirname(args.path), filename: args.path };
      return { contents: src.replace(IMPORT_META, (_, k) => JSON.stringify(value[k])), loader: 'ts' };
    });
  },
});

async function build(kitRoot, dir, entry) {
  const esbuildPath = createRequire(createRequire(path.join(kitRoot, 'bin', 'x.js')).resolve('tsx/package.json')).resolve('esbuild');
  const esbuild = (await import(pathToFileURL(esbuildPath).href)).default;
  const { readFile } = await import('node:fs/promises');
  const tmp = path.join(dir, `build-${process.pid}-${Date.now()}`);
  /** Each source as esbuild bundled it: the bundle's hash is of these contents, not of a later edit. */
  const seen = new Map();
  const result = await esbuild
    .build({
      entryPoints: [path.join(kitRoot, entry)],
      absWorkingDir: kitRoot,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      outdir: tmp,
      metafile: true,
      sourcemap: 'linked',
      logLevel: 'silent',
      plugins: [sourceMeta(readFile, seen)],
    })
    .catch((e) => {
      rmSync(tmp, { recursive: true, force: true });
      throw e;
    })
    // Its service process ends here, not with the CLI's.
    .finally(() => esbuild.stop());
  const inputs = Object.keys(result.metafile.inputs).sort();
  const hash = inputsHash(kitRoot, inputs, esbuild.version, (f) => seen.get(path.join(kitRoot, f)) ?? readFileSync(path.join(kitRoot, f)));
  if (!hash) throw new Error('an input is gone');
  const final = path.join(dir, hash);
  // The same sources built before (an edit undone): that bundle is kept, a run may be loading it.
  if (statSync(final, { throwIfNoEntry: false })) rmSync(tmp, { recursive: true, force: true });
  else renameSync(tmp, final);
  const manifest = { format: FORMAT, esbuild: esbuild.version, hash, entry: path.basename(entry).replace(/\.[cm]?ts$/, '.js'), inputs };
  writeFileSync(path.join(dir, `current-${process.pid}.json`), JSON.stringify(manifest));
  renameSync(path.join(dir, `current-${process.pid}.json`), path.join(dir, 'current.json'));
  for (const d of readdirSync(dir)) {
    const p = path.join(dir, d);
    if (d !== hash && d !== 'current.json' && d !== 'build.lock' && Date.now() - statSync(p).mtimeMs > KEEP_OLD_MS) rmSync(p, { recursive: true, force: true });
  }
  return path.join(final, manifest.entry);
}

/** Takes the build lock (false: another start holds it). */
function lock(file) {
  try {
    closeSync(openSync(file, 'wx'));
    return true;
  } catch {
    try {
      if (Date.now() - statSync(file).mtimeMs < STALE_LOCK_MS) return false;
      rmSync(file, { force: true });
      closeSync(openSync(file, 'wx'));
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * The bundle of `entry` (a path under `kitRoot`) for this start: `{ file, built }`, or `{ off }`
 * saying why the sources run as they are.
 */
export async function cliBundle(kitRoot, entry = 'bin/cli.ts', env = process.env) {
  if (env.ERP_CONFORMANCE_CLI_BUNDLE === '0') return { off: 'turned off' };
  const dir = bundleDir(kitRoot);
  const kept = current(kitRoot, dir);
  if (kept) return { file: kept, built: false };
  try {
    mkdirSync(dir, { recursive: true });
  } catch {
    return { off: 'its folder cannot be written' };
  }
  const lockFile = path.join(dir, 'build.lock');
  if (!lock(lockFile)) return { off: 'another start is building it' };
  try {
    return { file: await build(kitRoot, dir, entry), built: true };
  } catch (e) {
    return { off: `the build failed: ${e instanceof Error ? e.message : String(e)}` };
  } finally {
    rmSync(lockFile, { force: true });
  }
}
