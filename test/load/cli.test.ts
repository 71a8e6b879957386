// `probe`, `load` and `run --with-load` on the command line: the safety refusals (exit 2, before
// any request), the output files, and exit 1 when a rate-limit requirement fails. The commands
// run in this process (output captured) except one end-to-end run of the real binary (the probe of
// the embedded reference, exit 0 as a shell sees it). Last,
// the rate-limit suite of `run --with-load` against the clean reference with a limiter.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCommand } from '../../bin/commands/load.ts';
import { probeCommand } from '../../bin/commands/probe.ts';
import { runCommand } from '../../bin/commands/run.ts';
import { plannedWindow } from '../../load/artillery/export-file.ts';
import type { Command } from '../../bin/cli/usage.ts';
import { rateLimitFile } from '../../reports/records/rate-limit.ts';
import { runConformance } from '../../engine/run.ts';
import { commandOutput, configFile as configFileIn, holdsToken, limitedReference } from '../support/reference.ts';
import { WHOLE_FILE } from '../tiers.ts';
import { harSchemaErrors } from '../reports/har/har-schema.ts';

type HarOf = { log: { comment?: string; entries: { _erp: { source: string; ids?: string[]; checks: { requirementId: string; outcome: string }[] } }[] } };
/** OUT/FILE as a HAR, after the HAR 1.2 JSON Schema passed it. */
function harIn(out: string, file: string): HarOf {
  const har = JSON.parse(readFileSync(join(out, file), 'utf8')) as HarOf;
  expect(harSchemaErrors(har)).toBe('');
  return har;
}

const BIN = new URL('../../bin/erp-conformance.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'erp-load-cli-'));

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, env: { PATH: process.env.PATH!, HOME: dir }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  // A generous ceiling (it ends a hang): a CLI start measured over 20 s on a machine ten times oversubscribed,
  // the probe killed at 90 s on one twenty times.
  const timer = setTimeout(() => child.kill('SIGKILL'), 200_000);
  return new Promise((resolve) => child.on('close', (code) => (clearTimeout(timer), resolve({ code, stdout, stderr }))));
}

/** Runs a command in this process: its exit code (a usage error is thrown) and what it printed. */
const command = commandOutput;
/** A config file for `baseUrl`, with the tokens written in it (so the output can be searched for them). */
const configFile = (baseUrl: string, load: Record<string, unknown> = {}) => configFileIn(dir, baseUrl, load);

const REMOTE = 'https://erp-staging.acme.example';
const stops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

describe('erp-conformance probe and load', () => {
  it('refuses a non-loopback target while load.allowNonLoopback is false, with exit code 2', async () => {
    const cases: Array<[Command, string[]]> = [
      [probeCommand, []],
      [loadCommand, ['--rate', '1', '--seconds', '1']],
      [runCommand, ['--with-load', '--only', 'RL']],
    ];
    for (const [cmd, args] of cases) {
      const r = await command(cmd, [...args, '--config', configFile(REMOTE), '--yes']);
      expect(r.code, cmd.name).toBe(2);
      expect(r.stderr).toMatch(/not a loopback address and the config's load.allowNonLoopback is false/);
    }
  });

  it('refuses a non-loopback target without --yes even when the config allows it', async () => {
    const r = await command(probeCommand, ['--config', configFile(REMOTE, { allowNonLoopback: true })]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/without --yes/);
  });

  it('refuses flags above the caps and a load larger than the caps, with exit code 2', async () => {
    const above = await command(probeCommand, ['--max-requests', '5000']);
    expect(above.code).toBe(2);
    expect(above.stderr).toMatch(/--max-requests 5000 is above the cap 2000/);
    const big = await command(loadCommand, ['--rate', '100', '--seconds', '60']);
    expect(big.code).toBe(2);
    expect(big.stderr).toMatch(/6000 requests is above the cap of 2000/);
  });

  it('rejects an unknown operation and a load without rate or seconds as usage errors', async () => {
    await expect(command(probeCommand, ['--operation', 'delete-everything'])).rejects.toThrow(/--operation must be one of/);
    await expect(command(loadCommand, ['--rate', '5'])).rejects.toThrow(/--rate R and --seconds S are required/);
    await expect(command(probeCommand, ['--config', configFile(REMOTE), '--algorithm', 'sliding'])).rejects.toThrow(/embedded reference only/);
  });

  it("probes the embedded reference with no config, prints the summary and writes rate-limit.json in the certificate's format", async () => {
    const out = join(dir, 'probe-out');
    const r = await cli(['probe', '--algorithm', 'token-bucket', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    // The flag reached the embedded reference, and the summary and the file say what was measured.
    // How exact the measurement is, is test/load/probe/probe.accuracy.test.ts's (alone on a quiet machine):
    // on one ten times oversubscribed this probe measured 14 to 18 of 20, or another algorithm.
    expect(r.stdout).toMatch(/^probing erp-conformance reference at \S+ \(rate limit 20\/2s token-bucket per token\)/);
    const file = JSON.parse(readFileSync(join(out, 'rate-limit.json'), 'utf8'));
    expect(rateLimitFile.safeParse(file).success).toBe(true);
    expect(file).toMatchObject({ limited: true, scope: 'token' });
    expect(r.stdout).toMatch(new RegExp(`^  limit +${file.limit} per `, 'm'));
    expect(r.stdout).toMatch(new RegExp(`^  algorithm +${file.algorithm} `, 'm'));
    // probe.har: every exchange the probe sent.
    expect(r.stdout).toContain(join(out, 'probe.har'));
    expect(harIn(out, 'probe.har').log.entries.filter((e) => e._erp.source === 'probe')).toHaveLength(file.requestsSent);
  }, 240_000);

  it('runs a paced load on the embedded reference and writes load.json', async () => {
    const out = join(dir, 'load-out');
    const r = await command(loadCommand, ['--rate', '20', '--seconds', '1', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/latency \(ms\)\s+p50/);
    expect(JSON.parse(readFileSync(join(out, 'load.json'), 'utf8'))).toMatchObject({ requestsSent: 20, fiveXx: 0 });
    // load.har: the exchanges the load kept (here the first answer of each status), and says so.
    const har = harIn(out, 'load.har');
    expect(har.log.entries.length).toBeGreaterThan(0);
    expect(har.log.entries.every((e) => e._erp.source === 'load')).toBe(true);
    expect(har.log.comment).toContain('the load kept only the exchanges that can be evidence');
  });

  it('exits 1 when the target answers 503 over the limit, and never prints or writes a token', async () => {
    const target = await limitedReference({}, ['rl-503']);
    stops.push(() => target.server.close());
    const out = join(dir, 'probe-503');
    const r = await command(probeCommand, ['--config', configFile(target.server.url), '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAILED RL-1/);
    expect(r.stdout).toMatch(/FAILED RL-5/);
    expect(existsSync(join(out, 'rate-limit.json'))).toBe(true);
    expect(holdsToken(r.stdout + r.stderr + readFileSync(join(out, 'rate-limit.json'), 'utf8') + readFileSync(join(out, 'probe.har'), 'utf8'))).toBe(false);
    // The 503 that failed RL-1 is in probe.har, with its failure.
    const failed = harIn(out, 'probe.har').log.entries.flatMap((e) => e._erp.checks.filter((c) => c.outcome === 'failed').map((c) => c.requirementId));
    expect(failed).toContain('RL-1');
  });
});

describe('the rate-limit suite of run --with-load', WHOLE_FILE, () => {
  it('passes every RL requirement against the clean reference and writes rate-limit.json next to the certificate', async () => {
    const target = await limitedReference({ limit: 20, windowSeconds: 2, algorithm: 'fixed', scope: 'token' });
    stops.push(() => target.server.close());
    const out = join(dir, 'run-with-load');
    const r = await runConformance({ config: target.config, out, only: ['RL'], withLoad: true, allure: false, seed: 1, numRuns: 1, log: () => {} });
    const rl = r.certification.requirements.filter((x) => x.id.startsWith('RL-'));
    expect(rl.map((x) => `${x.id} ${x.status}`)).toEqual(['RL-1 passed', 'RL-2 passed', 'RL-3 passed', 'RL-4 observed', 'RL-5 passed', 'RL-6 passed']);
    expect(r.certification.observations.rateLimit).toMatchObject({ limited: true, limit: 20, algorithm: 'fixed-window', scope: 'token' });
    expect(r.certification.observations.load).toMatchObject({ fiveXx: 0 });
    const probed = JSON.parse(readFileSync(join(out, 'rate-limit.json'), 'utf8')) as { limit: number; windowSeconds: number };
    expect(probed).toMatchObject({ limit: 20, retryAfter: { truthful: true } });
    // A steady load on the report that reaches the measured limit (1.5 x its rate, rounded up, for two windows,
    // the window measured within 2 % of a whole second taken as that second), as an Artillery script.
    const script = readFileSync(join(out, 'load.artillery.yml'), 'utf8');
    const window = plannedWindow(probed.windowSeconds);
    expect(script).toContain(`arrivalRate: ${Math.ceil((1.5 * probed.limit) / window)}\n`);
    expect(script).toMatch(new RegExp(`duration: ${Math.max(3, Math.ceil(2 * window))}\\b`));
    expect(script).toContain('{{ $env.ERP_API_TOKEN }}');
    expect(script).toContain(new URL(target.config.target.baseUrl).origin);
    expect(holdsToken(script)).toBe(false);
    // exchanges.har: every exchange of the probe, those the bursts and the load kept, each linked from its requirements.
    const har = harIn(out, 'exchanges.har');
    const bySource = (s: string) => har.log.entries.filter((e) => e._erp.source === s);
    expect(bySource('probe')).toHaveLength((probed as unknown as { requestsSent: number }).requestsSent);
    expect(bySource('burst').length).toBeGreaterThan(0);
    expect(bySource('load').length).toBeGreaterThan(0);
    const probeAt = har.log.entries.findIndex((e) => e._erp.source === 'probe');
    expect(rl.find((x) => x.id === 'RL-1')!.harEntries![0]).toMatch(new RegExp(`^${probeAt}(-|$)`));
    expect(rl.every((x) => x.harEntries?.length)).toBe(true);
    expect(r.certification.har).toEqual({ file: 'exchanges.har', entries: har.log.entries.length, omitted: 0 });
    expect(holdsToken(readFileSync(join(out, 'exchanges.har'), 'utf8'))).toBe(false);
  }, 120_000);
});
