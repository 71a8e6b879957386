// CLI conventions: short usage errors with the name meant, `help <command>`, no arguments is a
// usage error, one table of exit codes that the help, README and docs/running.md show (and a crash gives its
// code), the listings in JSON, a quick try with --base-url/--token-env, and --max-failures. The
// real CLI where the process matters (exit codes, the environment, a run); the words of usage
// errors and listings in this process (in-process.ts).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../../bin/cli/exit-codes.ts';
import { requirements } from '../../../contract/requirements.ts';
import { FAULTS } from '../../../reference/faults.ts';
import { PROFILES } from '../../../reference/profiles/index.ts';
import { startReference } from '../../../reference/server.ts';
import type { Certification } from '../../../reports/model.ts';
import { parseExact, stringifyJson } from '../../../core/json.ts';
import { cli, ROOT } from './spawn.ts';
import { sampleCertification } from '../../reports/sample.ts';
import { inProcess } from './in-process.ts';
import { itWhole } from '../../tiers.ts';

const tmp = (p: string) => mkdtempSync(path.join(os.tmpdir(), `erp-conventions-${p}-`));

describe('usage errors and help', () => {
  it('no arguments: the help on stderr and exit 2; help and help <command>: stdout and exit 0', async () => {
    const none = await cli([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: erp-conformance <command>');
    const help = await inProcess(['help', 'run']);
    expect([help.code, help.stdout.split('\n')[0]]).toEqual([0, expect.stringMatching(/^Usage: erp-conformance run /)]);
    const unknown = await inProcess(['help', 'rnu']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('(did you mean run?)');
  });

  it('a typo gets one short line with the name meant, not the whole help', async () => {
    for (const [args, meant] of [
      [['rnu'], 'run'],
      [['requirments'], 'requirements'],
      [['run', '--confg', 'x.json'], '--config'],
      [['faults', '--jsn'], '--json'],
    ] as const) {
      const r = await inProcess([...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(`(did you mean ${meant}?)`);
      expect(r.stderr.trim().split('\n').length, r.stderr).toBeLessThanOrEqual(2);
    }
  });
});

describe('exit codes', () => {
  it("are one table: the help prints it, and README's short table and docs/running.md's whole one have the same codes", async () => {
    const help = await inProcess(['--help']);
    for (const e of EXIT_CODES)
      expect(help.stdout).toMatch(new RegExp(`^  ${e.code.replace('/', '\\/')} +${e.meaning.slice(0, 20).replace(/[()]/g, '\\$&')}`, 'm'));
    for (const page of ['README.md', 'docs/running.md']) {
      const text = readFileSync(path.join(ROOT, page), 'utf8');
      const table = [...text.matchAll(/^\| [^|]+ \| ([\d /]+) \|/gm)].map((m) => m[1]!.replace(/ /g, ''));
      expect(new Set(table), page).toEqual(new Set(EXIT_CODES.map((e) => e.code)));
    }
  });

  it('a crash of the kit exits 4 with one line and where the stack is', async () => {
    const dir = tmp('crash');
    // Passes the shape check of certification.json, then breaks the summary: an internal error.
    writeFileSync(path.join(dir, 'certification.json'), stringifyJson({ ...sampleCertification(), requirements: [null] }));
    const r = await cli(['report', '--in', dir]);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^erp-conformance: internal error: .+\n\(set ERP_CONFORMANCE_DEBUG=1 for the stack trace\)\n$/);
  });
});

describe('listings', () => {
  it('requirements, faults and profiles print JSON with --json', async () => {
    const [reqs, faults, profiles] = [
      await inProcess(['requirements', '--json']),
      await inProcess(['faults', '--json']),
      await inProcess(['profiles', '--json']),
    ];
    expect((JSON.parse(reqs.stdout) as { id: string }[]).map((r) => r.id)).toEqual(requirements.map((r) => r.id));
    expect(JSON.parse(faults.stdout)).toEqual(FAULTS.map((f) => ({ name: f.name, breaks: f.breaks, does: f.does })));
    const p = JSON.parse(profiles.stdout) as { name: string; choices: { requirement: string }[] }[];
    expect(p.map((x) => x.name)).toEqual(PROFILES.map((x) => x.name));
    expect(p.every((x) => x.choices.length > 5)).toBe(true);
  });
});

describe('a quick try (--base-url and --token-env) that stops at --max-failures', () => {
  let server: Awaited<ReturnType<typeof startReference>>;
  beforeAll(async () => {
    server = await startReference({ port: 0, faults: ['os-any-status'] });
  });
  afterAll(() => server.close());

  // One run for both (each run of the real CLI costs its start-up): the quick try against a URL,
  // and --max-failures stopping it at its first MUST failure.
  itWhole(
    'runs against a URL with the token from the named variable, no config file written, and stops after N MUST failures: the rest is not run, with the reason',
    async () => {
      const out = path.join(tmp('quick'), 'report');
      const r = await cli(
        ['run', '--base-url', server.url, '--token-env', 'MY_ERP_TOKEN', '--max-failures', '1', '--num-runs', '5', '--quiet', '--no-allure', '--out', out],
        { env: { MY_ERP_TOKEN: server.tokens[0]! }, timeoutMs: 240_000 },
      );
      expect(r.code, r.stdout + r.stderr).toBe(1);
      const cert = parseExact(readFileSync(path.join(out, 'certification.json'), 'utf8')) as Certification;
      expect(cert.target.baseUrl).toBe(server.url);
      expect(cert.invocation).toMatchObject({ baseUrl: server.url, tokenEnv: 'MY_ERP_TOKEN' });
      // Its curl lines name the variable the token came from, as pasted they send it.
      expect(r.stdout).toContain('"api-token: $MY_ERP_TOKEN"');
      expect(r.stdout).not.toContain('$ERP_API_TOKEN');
      expect(readFileSync(path.join(out, 'certification.json'), 'utf8')).not.toContain(server.tokens[0]!);
      expect(cert.stoppedBy).toBe('max-failures');
      expect(cert.requirements.filter((x) => x.status === 'failed' && x.level === 'MUST').length).toBeGreaterThanOrEqual(1);
      const notRun = cert.requirements.filter((x) => x.status === 'not-run');
      expect(notRun.length).toBeGreaterThan(0);
      expect(notRun[0]!.reason).toContain('--max-failures');
      expect(r.stdout.replace(/\s+/g, ' ')).toContain('stopped: as many MUST requirements failed as --max-failures allows'); // wrapped at 100 columns
    },
    300_000,
  );

  it('names the variable --token-env reads when it is not set', async () => {
    const r = await inProcess(['run', '--base-url', server.url, '--token-env', 'NOT_SET_HERE'], { NOT_SET_HERE: undefined });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('environment variable NOT_SET_HERE is not set');
  });
});
