// `run --plan` as a user runs it: the preflight only, then the plan (requests per operation, the
// time the quotas need, runs per property sized to the budget, what will not fit); a per-operation
// --rate-limit; serve --quota refusing a malformed value.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcess } from './in-process.ts';

const BIN = join(new URL('../..', import.meta.url).pathname, 'bin/erp-conformance.js');

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const cwd = mkdtempSync(join(tmpdir(), 'erp-plan-'));
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { PATH: process.env.PATH!, HOME: cwd }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return new Promise((resolve) => child.on('close', (code) => (clearTimeout(timer), resolve({ code, stdout, stderr }))));
}

describe('run --plan', () => {
  it('sends only the preflight and prints the plan under the stated quotas and the budget', async () => {
    const r = await cli([
      'run',
      '--plan',
      '--rate-limit',
      'report=50/6s,readBack=40/6s',
      '--max-duration',
      '20',
      '--out',
      mkdtempSync(join(tmpdir(), 'erp-plan-out-')),
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^preflight: \d+ requests sent$/m);
    expect(r.stdout).toMatch(/^plan: \d+ requests \(report \d+ at 50\/6s \(\d+ s\), orderStatus \d+, /m);
    expect(r.stdout).toMatch(/^plan: scarce: report: .*MUSTs first; report 5 runs per property$/m);
    expect(r.stdout).toMatch(/^plan: will not fit: report: \d+ requests for its MUSTs need \d+ s at 50\/6s; a run budget of \d+ s/m);
    // Nothing but the preflight: no suite ran.
    expect(r.stdout).not.toMatch(/suites\/|written:/);
  }, 120_000);

  it('refuses a malformed per-operation quota', async () => {
    // Words of the command line: in this process (in-process.ts); the real CLI planned above.
    const run = await inProcess(['run', '--plan', '--rate-limit', 'reports=5/6s']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--rate-limit must be .* per operation like report=5\/1m,readBack=4\/1m/);
    const serve = await inProcess(['serve', '--quota', 'report=5 per minute']);
    expect(serve.code).toBe(2);
    expect(serve.stderr).toMatch(/--quota must be OP=Q\/W/);
  }, 60_000);
});
