// The round trip through a real Artillery (the pinned release, installed outside node_modules by
// scripts/install-artillery.ts): `load --export artillery`, then `artillery run` against the
// reference with a known limit (10 per 1 s fixed window, per token) at 20 requests/s for 6 s on
// loopback, then `report --artillery`. The read-back must show the limit and the 429 share, within
// the same tolerance as the kit's own engine on the same scenario against the same limit.
// Skipped, with the reason, only when Artillery cannot be installed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runLoad } from '../../../load/load.ts';
import { exportedLoad, plannedWindow, writeLoadArtillery } from '../../../load/artillery/export-file.ts';
import { probeRateLimit } from '../../../load/probe/probe.ts';
import type { LoadResult } from '../../../load/result.ts';
import { artilleryEnv, installArtillery } from '../../../scripts/install-artillery.ts';
import { holdsToken, limitedReference, TOKENS, type Limited } from '../../support/reference.ts';
import { WHOLE_FILE } from '../../tiers.ts';

const BIN = new URL('../../../bin/erp-conformance.js', import.meta.url).pathname;
const LIMIT = { limit: 10, windowSeconds: 1, algorithm: 'fixed', scope: 'token' } as const;
const RATE = 20;
const SECONDS = 6;
/** The share of 429s either engine may be off from the limit's own (one window's quota of 120 requests is 0.083). */
const TOLERANCE = 0.12;

const dir = mkdtempSync(join(tmpdir(), 'erp-artillery-'));
const started: Limited[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((t) => t.server.close()));
});

function run(argv: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, argv, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  // A ceiling that ends a hang, not a measure.
  const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
  return new Promise((resolve) => child.on('close', (code) => (clearTimeout(timer), resolve({ code, stdout, stderr }))));
}

const cli = (args: string[]) => run([BIN, ...args], { PATH: process.env.PATH!, HOME: dir });

/** What the limit allows in `seconds` (fixed windows: the run touches at most one more than it spans). */
function limitShare(r: Pick<LoadResult, 'requestsSent' | 'durationSeconds'>): number {
  return 1 - Math.min(1, (LIMIT.limit * r.durationSeconds) / LIMIT.windowSeconds / r.requestsSent);
}

/** The limit and the 429 share as a load result shows them. */
function expectTheLimit(r: LoadResult): void {
  const accepted = r.statusCounts['200'] ?? 0;
  expect(accepted + r.refusals.count).toBe(r.requestsSent);
  const windows = r.durationSeconds / LIMIT.windowSeconds;
  expect(accepted).toBeGreaterThanOrEqual(LIMIT.limit * Math.floor(windows));
  expect(accepted).toBeLessThanOrEqual(LIMIT.limit * (Math.ceil(windows) + 1));
  expect(Math.abs(r.refusals.count / r.requestsSent - limitShare(r))).toBeLessThanOrEqual(TOLERANCE);
}

describe('the round trip through Artillery', WHOLE_FILE, () => {
  it('export, artillery run, report --artillery: the limit and the 429 share as the kit engine sees them, the thresholds with the same exit codes', async (ctx) => {
    const installed = installArtillery(240_000);
    if ('reason' in installed) return ctx.skip(`Artillery cannot be installed here: ${installed.reason}`);

    const viaArtillery = await limitedReference(LIMIT);
    started.push(viaArtillery);
    writeFileSync(join(dir, 'ref.json'), JSON.stringify(viaArtillery.server.runConfig()));
    const exported = await cli([
      'load',
      '--export',
      'artillery',
      'scenario.yml',
      '--config',
      'ref.json',
      '--rate',
      String(RATE),
      '--seconds',
      String(SECONDS),
      '--threshold',
      'p99<5s',
      '--threshold',
      '429<10%',
    ]);
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    const script = readFileSync(join(dir, 'scenario.yml'), 'utf8');
    expect(holdsToken(script)).toBe(false);
    expect(script).toContain('"{{ $env.ERP_API_TOKEN }}"');
    expect(script).toContain('arrivalRate: 20');

    // 429<10% is crossed (the limit refuses about half): Artillery's ensure fails its run.
    const art = await run([installed.bin, 'run', '--output', 'result.json', 'scenario.yml'], artilleryEnv({ ERP_API_TOKEN: TOKENS[0]! }));
    expect(art.stdout).toMatch(/fail: \(\(http\.codes\.429/);
    expect(art.stdout).toMatch(/ok: http\.response_time\.p99 < 5000/);
    expect(art.code).not.toBe(0);

    const back = await cli(['report', '--artillery', 'result.json', '--script', 'scenario.yml', '--out', 'back']);
    expect(back.stderr).toBe('');
    expect(back.stdout).toContain('thresholds crossed: 429<10%');
    expect(back.code).toBe(1);
    const viaArt = JSON.parse(readFileSync(join(dir, 'back', 'load.json'), 'utf8')) as LoadResult;
    expect(viaArt.source).toEqual({ engine: 'artillery', file: 'result.json' });
    expect(viaArt.requestsSent).toBe(RATE * SECONDS);
    expect(viaArt.fiveXx).toBe(0);
    expectTheLimit(viaArt);
    expect(viaArt.thresholds.map((t) => [t.threshold, t.passed])).toEqual([
      ['p99<5s', true],
      ['429<10%', false],
    ]);
    expect(viaArt.phases.reduce((s, p) => s + p.sent, 0)).toBe(viaArt.requestsSent);
    const html = readFileSync(join(dir, 'back', 'load.html'), 'utf8');
    expect(html).toContain('Offered and achieved');
    expect(holdsToken(html)).toBe(false);

    // The same result held to thresholds it meets: exit 0.
    const held = await cli(['report', '--artillery', 'result.json', '--script', 'scenario.yml', '--out', 'held', '--threshold', '429<90%']);
    expect(held.code).toBe(0);

    // The kit's own engine, the same scenario against the same limit (a server of its own: the quota is per token).
    const viaKit = await limitedReference(LIMIT);
    started.push(viaKit);
    const kit = await runLoad({
      config: viaKit.config,
      operation: 'report',
      rate: RATE,
      seconds: SECONDS,
      caps: { maxRequests: 2000, maxSeconds: 30, maxConcurrency: 64 },
    });
    expectTheLimit(kit);
    expect(Math.abs(viaArt.refusals.count / viaArt.requestsSent - kit.refusals.count / kit.requestsSent)).toBeLessThanOrEqual(TOLERANCE);
    const figures = (r: LoadResult) =>
      `${r.statusCounts['200'] ?? 0} accepted, ${r.refusals.count} 429 of ${r.requestsSent} in ${r.durationSeconds} s (share ${(r.refusals.count / r.requestsSent).toFixed(3)}, the limit's ${limitShare(r).toFixed(3)})`;
    await ctx.annotate(`artillery: ${figures(viaArt)}; kit: ${figures(kit)}`);
  }, 300_000);

  it('the script run --with-load writes reaches the limit the probe measured: Artillery meets 429s, and report --artillery reads them back', async (ctx) => {
    const installed = installArtillery(240_000);
    if ('reason' in installed) return ctx.skip(`Artillery cannot be installed here: ${installed.reason}`);
    const target = await limitedReference({ limit: 10, windowSeconds: 2, algorithm: 'fixed', scope: 'token' });
    started.push(target);
    const probed = await probeRateLimit({ config: target.config, operation: 'report', maxRequests: 500, maxSeconds: 30 });
    expect(probed).toMatchObject({ limited: true, limit: 10 });
    // A quota of its own for the load: the second token's, untouched by the probe.
    const config = { ...target.config, target: { ...target.config.target, token: TOKENS[1]! } };
    const sent = { rate: 8, seconds: 3 };
    writeLoadArtillery(dir, { config, operation: 'report', measured: probed, sent });
    // What the export sends for the window the probe measured (10 per 2 s, within 2 %): 1.5x the rate for two windows at least.
    const want = exportedLoad({ measured: probed, sent });
    const art = await run([installed.bin, 'run', '--output', 'export.json', 'load.artillery.yml'], artilleryEnv({ ERP_API_TOKEN: TOKENS[1]! }));
    expect(art.code).toBe(0);
    const back = await cli(['report', '--artillery', 'export.json', '--script', 'load.artillery.yml', '--out', 'export-back']);
    expect(back.stderr).toBe('');
    const r = JSON.parse(readFileSync(join(dir, 'export-back', 'load.json'), 'utf8')) as LoadResult;
    // 1.5 x 10 per 2 s: 8/s for two windows, 4 s (a window measured within 2 % of 2 s is 2 s); a window in it sends 16 against its 10.
    expect(want.rate).toBe(8);
    expect(want.seconds).toBeGreaterThanOrEqual(2 * plannedWindow(probed.windowSeconds!));
    expect(r.rate).toBe(want.rate);
    expect(r.requestsSent).toBe(want.rate * want.seconds);
    expect(r.refusals.count).toBeGreaterThanOrEqual(6);
    expect(back.stdout).toMatch(/429/);
    await ctx.annotate(`the export sent ${r.requestsSent} at ${r.rate}/s: ${r.refusals.count} answered 429`);
  }, 120_000);
});
