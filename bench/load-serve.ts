// The `serve` process of the load bench: `node bin/erp-conformance.js serve --port 0 ...` in its
// own process (so the load generators never share its event loop), a run config for it with
// load caps large enough for wire-speed runs (loopback only), and `load` run against it as a
// child process, its load.json read back.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config/load.ts';
import type { RunConfig } from '../config/schema.ts';
import { DEFAULT_TOKENS } from '../reference/constants.ts';
import { referenceRunConfig } from '../reference/run-config.ts';

const BIN = fileURLToPath(new URL('../bin/erp-conformance.js', import.meta.url));

export interface Served {
  child: ChildProcess;
  url: string;
  config: RunConfig;
  /** A config file of the same config (for the CLI). */
  configFile: string;
  close(): Promise<void>;
}

export const BIG_CAPS = { allowNonLoopback: false, maxRequests: 10_000_000, maxSeconds: 600, maxConcurrency: 1024 };

export async function serve(args: string[] = ['--rate-limit', 'off']): Promise<Served> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`serve exited with code ${code} before listening: ${out}`)));
  });
  const raw = referenceRunConfig(url, [...DEFAULT_TOKENS], 42);
  const withCaps = { ...raw, load: BIG_CAPS };
  const dir = mkdtempSync(join(tmpdir(), 'erp-load-bench-'));
  const configFile = join(dir, 'config.json');
  writeFileSync(configFile, JSON.stringify(withCaps));
  return {
    child,
    url,
    config: loadConfig({ base: withCaps, env: {} }),
    configFile,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Runs `load` with these flags in a child process against `s`; its load.json. */
export function loadCli(s: Served, dir: string, flags: string[]): Promise<Record<string, any>> {
  const out = mkdtempSync(join(dir, 'run-'));
  const child = spawn(process.execPath, [BIN, 'load', '--config', s.configFile, '--quiet', '--out', out, ...flags], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) =>
    child.on('close', (code) => {
      if (code !== 0 && code !== 1) return reject(new Error(`load ${flags.join(' ')} exited ${code}: ${err}`));
      resolve(JSON.parse(readFileSync(join(out, 'load.json'), 'utf8')));
    }),
  );
}
