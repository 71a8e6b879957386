// The kit as users get it: the npm package holds what the CLI needs and nothing of the project's
// own (tests, benchmarks, CI scripts); packed and installed in a clean folder from the local npm
// cache, its `npx erp-conformance run` certifies the embedded reference. That one is slow (an npm
// install and a full run), so it is CI's whole set (tag `whole`, test/tiers.ts).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/spawn.ts';
import { itWhole } from '../../tiers.ts';

const run = promisify(execFile);
const env = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };

interface PackEntry {
  filename: string;
  files: { path: string }[];
}

describe('the npm package', () => {
  it("lists the CLI's sources, the reference, the schema, README and docs/, and no test, bench or CI file", async () => {
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, env, maxBuffer: 32 * 1024 * 1024 });
    const files = (JSON.parse(stdout.slice(stdout.indexOf('['))) as PackEntry[])[0]!.files.map((f) => f.path);
    for (const f of [
      'bin/erp-conformance.js',
      'bin/cli-bundle.js',
      'bin/cli.ts',
      'runtime/side-by-side.test.ts',
      'engine/run.ts',
      'reference/server.ts',
      'config/run-config.schema.json',
      'config/example.json',
      'README.md',
      'docs/README.md',
      'docs/running.md',
      'package.json',
      'action.yml',
      'Dockerfile',
    ])
      expect(files, f).toContain(f);
    expect(files.filter((f) => /^(test|bench|\.ci|node_modules)\//.test(f) || f === 'vitest.config.ts')).toEqual([]);
  }, 120_000);

  itWhole(
    'packs, installs in a clean folder from the npm cache, and certifies the embedded reference with npx',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-pack-'));
      const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: ROOT, env, maxBuffer: 32 * 1024 * 1024 });
      const tarball = path.join(dir, (JSON.parse(stdout.slice(stdout.indexOf('['))) as PackEntry[])[0]!.filename);
      const app = path.join(dir, 'app');
      mkdirSync(app);
      writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'erp-pack-try', version: '1.0.0', private: true }));
      await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], { cwd: app, env, timeout: 600_000 });
      const result = await run('npx', ['--no-install', 'erp-conformance', 'run', '--quiet', '--out', 'report'], {
        cwd: app,
        env,
        timeout: 600_000,
        maxBuffer: 32 * 1024 * 1024,
      }).catch((e: { code: number; stdout: string; stderr: string }) => e);
      expect('code' in result ? result.code : 0, `${result.stdout}\n${result.stderr}`).toBe(0);
      expect(result.stdout).toMatch(/verdict: CERTIFIED/);
      const cert = JSON.parse(readFileSync(path.join(app, 'report', 'certification.json'), 'utf8')) as { verdict: string };
      expect(cert.verdict).toBe('certified');
      // The installed copy holds no project file.
      expect(existsSync(path.join(app, 'node_modules', 'erp-conformance', 'test'))).toBe(false);
    },
    900_000,
  );
});
