// `serve --profile/--latency/--jitter/--print-config` and `profiles`, run in this process: the
// command objects are called with their argv and what they write is captured.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profilesCommand } from '../../bin/commands/profiles.ts';
import { serveCommand } from '../../bin/commands/serve.ts';
import { UsageError } from '../../bin/cli/usage.ts';
import { loadConfig } from '../../config/load.ts';
import { PROFILES } from '../../reference/profiles/index.ts';
import { postReport } from './helpers.ts';

afterEach(() => vi.restoreAllMocks());

/** Runs a command, returning its exit code and what it wrote to stdout. */
async function run(command: typeof serveCommand, argv: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  const code = await command.run(argv);
  vi.restoreAllMocks();
  return { code, out };
}

describe('serve --print-config --profile NAME', () => {
  for (const p of PROFILES) {
    it(`prints the run config of ${p.name}, which loads`, async () => {
      const { code, out } = await run(serveCommand, ['--profile', p.name, '--port', '8123', '--print-config']);
      expect(code).toBe(0);
      const config = loadConfig({ base: JSON.parse(out), env: {} });
      expect(config.target.baseUrl).toBe('http://127.0.0.1:8123');
      expect(config.readBack?.getContactById).toBe(p.readBack.contact);
      expect(config.fixtures.customer.dateFormat).toBe(p.customer.dateFormat);
    });
  }

  it('refuses an unknown profile, naming the known ones', async () => {
    await expect(run(serveCommand, ['--profile', 'acme', '--port', '8123', '--print-config'])).rejects.toThrow(UsageError);
    await expect(run(serveCommand, ['--profile', 'acme', '--port', '8123', '--print-config'])).rejects.toThrow(/default, ledger, forward-only/);
  });

  it('refuses a negative or non-integer latency', async () => {
    await expect(run(serveCommand, ['--latency', '-5', '--print-config'])).rejects.toThrow(/--latency/);
    await expect(run(serveCommand, ['--jitter', 'x', '--print-config'])).rejects.toThrow(/--jitter/);
  });
});

describe('serve --profile NAME --latency MS', () => {
  it('serves the profile, says so in its banner, delays answers, and stops on SIGINT', async () => {
    let out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      out += String(chunk);
      return true;
    });
    const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
    const stopped = serveCommand.run(['--profile', 'strict', '--port', '0', '--latency', '100']);
    await vi.waitFor(() => expect(out).toMatch(/listening on (http:\S+)/), { timeout: 60_000 }); // ends a hang, never a slow machine
    const url = /listening on (http:\S+)/.exec(out)![1]!;
    expect(out).toContain('profile: strict');
    expect(out).toContain('latency 100+-0 ms');
    const t = performance.now();
    const a = await postReport(url, { limit: 501 });
    expect(performance.now() - t).toBeGreaterThanOrEqual(98);
    expect(a.json).toEqual({ error: { code: 'VALIDATION', message: 'limit must be at most 500' } });
    process.emit('SIGINT', 'SIGINT');
    expect(await stopped).toBe(0);
    // The command's signal handlers belong to a CLI process: take them off this test worker.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) for (const l of process.listeners(signal)) if (!before[signal].includes(l)) process.off(signal, l);
  });
});

describe('profiles', () => {
  it('lists every profile with its summary, and every choice with --verbose', async () => {
    const short = await run(profilesCommand, []);
    for (const p of PROFILES) expect(short.out).toContain(p.name);
    const long = await run(profilesCommand, ['--verbose']);
    expect(long.code).toBe(0);
    for (const id of ['ENV-8', 'RL-4', 'RP-13', 'RP-14', 'RP-15', 'ST-2', 'CU-11', 'CU-12']) expect(long.out).toContain(id);
    expect(long.out).toContain('/api/v1/contacts/{contactId}?branchId={branchId}');
  });
});
