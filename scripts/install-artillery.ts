// Installs the pinned Artillery (load/artillery/script.ts ARTILLERY_VERSION) for the round-trip
// test (test/load/artillery/round-trip.test.ts), into a cache folder outside the project's
// node_modules: Artillery is not a dependency of the kit. The install runs no package script.
//
//   npx tsx scripts/install-artillery.ts     prints the path of the artillery executable
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARTILLERY_VERSION } from '../load/artillery/script.ts';

/** The cache folder of this version: ~/.cache/erp-conformance-artillery/VERSION (XDG_CACHE_HOME honoured). */
export function artilleryDir(env: NodeJS.ProcessEnv = process.env): string {
  const cache = env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  return path.join(cache, 'erp-conformance-artillery', ARTILLERY_VERSION);
}

/** Artillery's executable (a node script) in the cache folder. */
export function artilleryBin(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(artilleryDir(env), 'node_modules', 'artillery', 'bin', 'run');
}

/** The environment Artillery runs in: no telemetry (nothing leaves the machine). */
export function artilleryEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ARTILLERY_DISABLE_TELEMETRY: 'true', ...extra };
}

export type Installed = { bin: string } | { reason: string };

// `.ci/run` runs this file; the test runs installArtillery() itself when the folder is missing.
// Nothing may download a binary at install. Artillery 2 depends on @playwright/browser-chromium,
// whose install script downloads Chromium, and on unix-dgram (an optional dependency of
// hot-shots) with a binding.gyp, for which npm would run node-gyp (it fetches Node's headers).
// So the install runs no package script at all (--ignore-scripts; PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD
// too, should a script run anyway): Artillery's HTTP engine needs neither.
/** Installs the pinned Artillery unless it is there; the executable, or why it could not be installed. */
export function installArtillery(timeoutMs = 540_000): Installed {
  const bin = artilleryBin();
  if (existsSync(bin)) return { bin };
  const dir = artilleryDir();
  mkdirSync(dir, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = [
    'install',
    '--prefix',
    dir,
    '--ignore-scripts',
    '--save-exact',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    `artillery@${ARTILLERY_VERSION}`,
  ];
  const r = spawnSync(npm, args, {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    encoding: 'utf8',
    timeout: timeoutMs,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (r.error) return { reason: `npm ${args.join(' ')}: ${r.error.message}` };
  if (r.status !== 0) return { reason: `npm ${args.join(' ')} exited ${r.status}: ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ')}` };
  return existsSync(bin) ? { bin } : { reason: `npm installed artillery@${ARTILLERY_VERSION} but ${bin} is not there` };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = installArtillery();
  if ('reason' in r) {
    process.stderr.write(`install-artillery: ${r.reason}\n`);
    process.exit(1);
  }
  process.stdout.write(`${r.bin}\n`);
}
