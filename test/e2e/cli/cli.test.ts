// The real CLI for what is about the process (an exit code as the shell sees it, signals, the bin
// from any folder and through npx); the words of the command line (flag values, listings, what
// check-config says of a config and its tokens) in this process (in-process.ts): a new process for
// each of them would only repeat the start-up.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/load.ts';
import { FAULTS } from '../../../reference/faults.ts';
import { inProcess } from './in-process.ts';
import { itWhole } from '../../tiers.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;
const BIN = join(ROOT, 'bin/erp-conformance.js');
const elsewhere = mkdtempSync(join(tmpdir(), 'erp-cli-'));
const TOKEN = 'cli-secret-token-0042';
/** The token variables of config/example.json, unset for a check-config in this process (the test's own environment may have them). */
const NO_TOKENS = { ERP_API_TOKEN: undefined, ERP_API_TOKEN_2: undefined };

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI from another directory (the bin must work from any cwd), with a time limit. */
function cli(
  args: string[],
  opts: { env?: Record<string, string>; cwd?: string; command?: string[]; until?: RegExp; signal?: NodeJS.Signals } = {},
): Promise<Result> {
  const [cmd, ...pre] = opts.command ?? [process.execPath, BIN];
  const env = { PATH: process.env.PATH!, HOME: process.env.HOME ?? elsewhere, ...opts.env };
  const child = spawn(cmd!, [...pre, ...args], { cwd: opts.cwd ?? elsewhere, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let signalled = false;
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    if (!signalled && opts.until?.test(stdout)) {
      signalled = true;
      child.kill(opts.signal ?? 'SIGINT');
    }
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  // A generous ceiling (it ends a hang): a CLI start measured over 20 s on a machine ten times oversubscribed.
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

function writeConfig(mutate: (c: any) => void): string {
  const c = JSON.parse(readFileSync(join(ROOT, 'config/example.json'), 'utf8'));
  delete c.$schema;
  mutate(c);
  const file = join(elsewhere, `config-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(c));
  return file;
}

describe('erp-conformance', () => {
  it('exits 2 naming the unknown flag and where the command usage is', async () => {
    const r = await inProcess(['faults', '--bogus']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--bogus/);
    expect(r.stderr).toMatch(/erp-conformance help faults/);
  });

  it('run exits 2 before sending anything when --out cannot be written, with the fix', async () => {
    writeFileSync(join(elsewhere, 'not-a-folder'), '');
    const r = await cli(['run', '--out', join(elsewhere, 'not-a-folder', 'report')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot be written \(ENOTDIR\): choose a folder this user can write .*docker run --user/);
    expect(r.stdout).not.toMatch(/^preflight|^plan:/m);
  });

  it('check-config exits 2 and names the key of a bad config, never the token', async () => {
    const file = writeConfig((c) => {
      c.target.baseUrl = 'ftp://x';
      c.target.token = `${TOKEN} with spaces`;
    });
    const r = await inProcess(['check-config', '--config', file], NO_TOKENS);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('config error: target.baseUrl: expected an http(s) URL, received "ftp://x"');
    expect(r.stderr).toMatch(/config error: target\.token: /);
    expect(r.stderr + r.stdout).not.toContain(TOKEN);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('check-config exits 2 naming a required id the catalogue does not have', async () => {
    const file = writeConfig((c) => {
      (c as { certify?: unknown }).certify = { require: ['IX-1', 'IX-99'] };
    });
    const r = await inProcess(['check-config', '--config', file], { ERP_API_TOKEN: TOKEN, ERP_API_TOKEN_2: `${TOKEN}-2` });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('config error: certify.require.1: unknown requirement id "IX-99"');
  });

  it('check-config accepts a good config with its tokens from the environment and does not print them', async () => {
    const r = await inProcess(['check-config', '--config', join(ROOT, 'config/example.json')], { ERP_API_TOKEN: TOKEN, ERP_API_TOKEN_2: `${TOKEN}-2` });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('config ok: Acme staging https://erp-staging.acme.example\n');
  });

  it('check-config names an unset env: token variable', async () => {
    const r = await inProcess(['check-config', '--config', join(ROOT, 'config/example.json')], { ...NO_TOKENS, ERP_API_TOKEN_2: TOKEN });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/target\.token: environment variable ERP_API_TOKEN is not set/);
  });

  it('serve --print-config prints a run config that loadConfig accepts', async () => {
    const r = await inProcess(['serve', '--print-config', '--port', '9123', '--seed', '7']);
    expect(r.code).toBe(0);
    const config = loadConfig({ base: JSON.parse(r.stdout), env: {} });
    expect(config.target.baseUrl).toBe('http://127.0.0.1:9123');
    expect(config.properties.seed).toBe(7);
  });

  it('serve refuses an unknown fault listing the valid ones, and bad flag values', async () => {
    const r = await inProcess(['serve', '--fault', 'no-such-fault']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown fault "no-such-fault"; valid faults:/);
    expect(r.stderr).toContain('auth-401');
    // The other flag values are words of the command line: checked in this process.
    expect((await inProcess(['serve', '--port', '70000'])).code).toBe(2);
    expect((await inProcess(['serve', '--rate-limit', 'lots'])).stderr).toMatch(/--rate-limit: /);
    expect((await inProcess(['serve', '--rate-limit', '5/1s', '--algorithm', 'leaky'])).code).toBe(2);
    const hostile = await inProcess(['serve', '--hostile', 'endless-pages']);
    expect(hostile.code).toBe(2);
    expect(hostile.stderr).toMatch(/unknown hostile mode "endless-pages"; modes: endless-report/);
  });

  it('serve runs until SIGTERM and then closes cleanly with exit 0', async () => {
    const r = await cli(['serve', '--port', '0', '--fault', 'auth-401', '--rate-limit', '60/10s'], {
      until: /listening on http:\/\/127\.0\.0\.1:\d+/,
      signal: 'SIGTERM',
    });
    expect(r.stdout).toMatch(
      /^reference ERP listening on http:\/\/127\.0\.0\.1:\d+ \(profile: default, faults: auth-401, rate limit: 60\/10s fixed per token\)/,
    );
    expect(r.stdout).toMatch(/SIGTERM: closing\n$/);
    expect(r.code).toBe(0);
  });

  itWhole(
    'serve through npx closes when npm ends without passing the signal on (kill $! after &)',
    async () => {
      const env = { PATH: process.env.PATH!, HOME: process.env.HOME ?? elsewhere };
      const child = spawn('npx', ['--no', 'erp-conformance', 'serve', '--port', '0'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      const answers = (url: string) =>
        fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
          () => true,
          () => false,
        );
      try {
        const url = await new Promise<string>((resolve, reject) => {
          let out = '';
          child.stdout.on('data', (d: Buffer) => {
            out += d.toString();
            const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
            if (m) resolve(m[1]!);
          });
          child.on('exit', () => reject(new Error(`serve ended before listening: ${out}`)));
        });
        expect(await answers(url)).toBe(true);
        process.kill(child.pid!, 'SIGTERM'); // npm alone, not its process group
        // The server notices it was left and closes (it checks twice a second): bounded, not timed.
        let open = true;
        for (let i = 0; i < 120 && open; i++) {
          await new Promise((r) => setTimeout(r, 500));
          open = await answers(url);
        }
        expect(open).toBe(false);
      } finally {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // the group has ended
        }
      }
    },
    120_000,
  );

  it('faults lists every fault with the requirement ids it breaks', async () => {
    const r = await inProcess(['faults']); // the real CLI lists them through npx below
    expect(r.code).toBe(0);
    for (const f of FAULTS) expect(r.stdout).toMatch(new RegExp(`^${f.name}\\s+${f.breaks.join(',')}\\s`, 'm'));
  });

  it('requirements lists the catalogue filtered by level, and refuses an unknown level', async () => {
    const r = await inProcess(['requirements', '--level', 'INFO']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^AUTH-4\s+INFO\s+5 rule 3\s+Observed/m);
    expect(r.stdout).not.toMatch(/\sMUST\s/);
    // OS-6 is tested now (Get Sales Data By Id around an update): no MUST carries a "not tested" reason.
    const all = (await inProcess(['requirements'])).stdout;
    expect(all).toMatch(/^OS-6\s+MUST\s/m);
    expect(all).not.toMatch(/not tested:/);
    expect((await inProcess(['requirements', '--level', 'MAY'])).code).toBe(2);
  });

  it('runs through npx from the repository root', async () => {
    const r = await cli(['faults'], { command: ['npx', '--no', 'erp-conformance'], cwd: ROOT });
    expect(r.code).toBe(0);
    for (const f of FAULTS) expect(r.stdout).toMatch(new RegExp(`^${f.name}\\s+${f.breaks.join(',')}\\s`, 'm'));
  });
});
