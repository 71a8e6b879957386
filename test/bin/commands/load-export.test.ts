// `load --export artillery FILE` on the command line: it writes the script and sends nothing (the
// config's target is a closed port), and refuses what it cannot export with exit 2 and one line.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMeta } from '../../../load/artillery/meta.ts';
import { referenceRunConfig } from '../../../reference/run-config.ts';
import { inProcess } from '../../e2e/cli/in-process.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-export-'));
const TOKEN = 'export-test-token-93ab';
const config = path.join(dir, 'erp.config.json');
// Port 9 (discard) on loopback: nothing listens, and nothing is sent to it.
writeFileSync(config, JSON.stringify(referenceRunConfig('http://127.0.0.1:9', [TOKEN], 42)));
const far = path.join(dir, 'far.json');
writeFileSync(far, JSON.stringify(referenceRunConfig('https://erp.example.test', [TOKEN], 42)));

describe('load --export artillery', () => {
  it('writes the script of the scenario, without the token, and says how to run and read it', async () => {
    const file = path.join(dir, 'ramp.yml');
    const r = await inProcess([
      'load',
      '--export',
      'artillery',
      file,
      '--config',
      config,
      '--rate',
      '30',
      '--seconds',
      '12',
      '--scenario',
      'ramp',
      '--steps',
      '3',
      '--threshold',
      'p99<300ms',
      '--mix',
      'report:2,order-status:1',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('ERP_API_TOKEN=... npx artillery run --output result.json');
    expect(r.stdout).toContain(`erp-conformance report --artillery result.json --script ${file}`);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(TOKEN);
    const meta = readMeta(text);
    expect(meta.phases.map((p) => p.rate)).toEqual([10, 20, 30]);
    expect(meta.mix.map((m) => [m.name, m.weight])).toEqual([
      ['report', 2],
      ['order-status', 1],
    ]);
    expect(text).toContain('- expression: "http.response_time.p99 < 300"');
  });

  it('refuses, with exit 2 and the reason, what it cannot export; writes nothing then', async () => {
    const file = path.join(dir, 'refused.yml');
    const cases: Array<[string[], RegExp]> = [
      [['--export', 'k6', file, '--config', config, '--rate', '5', '--seconds', '2'], /--export must be one of artillery/],
      [['--export', 'artillery', '--config', config, '--rate', '5', '--seconds', '2'], /needs the file to write/],
      [['--export', 'artillery', file, '--rate', '5', '--seconds', '2'], /--export needs --config/],
      [['--export', 'artillery', file, '--config', config, '--connections', '5', '--seconds', '2'], /open model: give --rate/],
      [['--export', 'artillery', file, 'other.yml', '--config', config, '--rate', '5', '--seconds', '2'], /takes one FILE/],
      [[file, '--config', config, '--rate', '5', '--seconds', '2'], /unexpected argument/],
      [['--export', 'artillery', file, '--config', far, '--rate', '5', '--seconds', '2'], /not a loopback address/],
    ];
    for (const [args, message] of cases) {
      const r = await inProcess(['load', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      // The reason on the first line (a usage error adds where the usage is).
      expect(r.stderr.split('\n')[0], args.join(' ')).toMatch(message);
    }
    expect(existsSync(file)).toBe(false);
  });
});
