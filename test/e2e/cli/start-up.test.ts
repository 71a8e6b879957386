// The CLI's start-up: each start of the CLI costs only what its command uses. The real CLI loads
// the chosen command's module only, and no package the command does not use: `--help` loads none
// of zod, vitest, undici and fast-check; `schema`, `report` and `openapi` none of vitest, undici
// and fast-check. A module hook registered ahead of the bin names each package the real process
// resolves. The command registry's summaries are the commands' own.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands } from '../../../bin/commands/index.ts';
import { writeReports } from '../../../reports/write.ts';
import { cli, type CliResult } from './spawn.ts';
import { sampleCertification } from '../../reports/sample.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;
const HOOK = `export async function resolve(s, c, n) {
  const r = await n(s, c);
  const m = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(r.url);
  if (m) process.stderr.write('[package ' + m[1] + ']\\n');
  return r;
}`;
const WATCH = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOK)}`)});`;

/** Runs the real CLI with the hook; its output without the hook's lines, and the packages it loaded. */
async function cliWatched(args: string[]): Promise<CliResult & { packages: Set<string> }> {
  // A generous ceiling (it ends a hang): a CLI start measured over 20 s on a machine ten times oversubscribed.
  const r = await cli(args, {
    cwd: mkdtempSync(join(tmpdir(), 'erp-start-up-')),
    env: { HOME: tmpdir() },
    timeoutMs: 90_000,
    nodeArgs: ['--import', `data:text/javascript,${encodeURIComponent(WATCH)}`],
  });
  const packages = new Set([...r.stderr.matchAll(/^\[package (.+)\]$/gm)].map((m) => m[1]!));
  return { ...r, stderr: r.stderr.replace(/^\[package .+\]\n/gm, ''), packages };
}

const RUN_ONLY = ['vitest', 'undici', 'fast-check'];

describe('the CLI loads what its command uses', () => {
  it('--help lists every command and loads none of zod, vitest, undici and fast-check', async () => {
    const r = await cliWatched(['--help']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    for (const c of commands) expect(r.stdout).toMatch(new RegExp(`^  ${c.name} +${c.summary.slice(0, 30).replace(/[()]/g, '\\$&')}`, 'm'));
    // The hook saw the bin's own start: its cached bundle (bin/cli-bundle.js, under node_modules/.cache) or tsx.
    expect(r.packages.has('.cache') || r.packages.has('tsx')).toBe(true);
    expect([...r.packages].filter((p) => [...RUN_ONLY, 'zod'].includes(p))).toEqual([]);
  });

  it('schema prints the shipped JSON Schema of the config, without vitest, undici or fast-check', async () => {
    const r = await cliWatched(['schema']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(ROOT, 'config/run-config.schema.json'), 'utf8'));
    expect([...r.packages].filter((p) => RUN_ONLY.includes(p))).toEqual([]);
  });

  it('report --in and openapi load neither vitest nor undici nor fast-check', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'erp-start-up-report-'));
    writeReports(dir, sampleCertification());
    const [report, openapi] = await Promise.all([cliWatched(['report', '--in', dir]), cliWatched(['openapi'])]);
    expect([report.code, report.stderr]).toEqual([1, '']); // the sample is not certified
    expect([openapi.code, openapi.stderr]).toEqual([0, '']);
    expect(JSON.parse(openapi.stdout).openapi).toBe('3.1.0');
    for (const r of [report, openapi]) expect([...r.packages].filter((p) => RUN_ONLY.includes(p))).toEqual([]);
  });
});

describe('the command registry', () => {
  it("lists each command with the command's own name and summary, loaded only when chosen", async () => {
    for (const entry of commands) {
      const command = await entry.load();
      expect([command.name, command.summary]).toEqual([entry.name, entry.summary]);
    }
  });
});
