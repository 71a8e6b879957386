// `report --artillery FILE` on the command line: what goes with it, and unreadable input (exit 2,
// one line, nothing written). The read-back itself: test/load/artillery/read.test.ts and, with a
// real Artillery, test/load/artillery/round-trip.test.ts.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcess } from '../../e2e/cli/in-process.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-report-artillery-'));
const notJson = path.join(dir, 'not.json');
writeFileSync(notJson, 'Log file: result.json\n');
const notReport = path.join(dir, 'other.json');
writeFileSync(notReport, JSON.stringify({ verdict: 'certified' }));
const report = path.join(dir, 'result.json');
writeFileSync(report, JSON.stringify({ aggregate: { counters: { 'http.requests': 0 } }, intermediate: [] }));
const script = path.join(dir, 'plain.yml');
writeFileSync(script, 'config:\n  target: "http://127.0.0.1:9"\n');

describe('report --artillery', () => {
  it('refuses flags of the certificate with it, and its own flags without it', async () => {
    for (const [args, message] of [
      [['--artillery', report, '--merge', 'a', 'b'], /--merge does not go with it/],
      [['--artillery', report, '--allure'], /--allure does not go with it/],
      [['--script', script], /--script and --threshold go with --artillery/],
      [['--artillery', report, '--threshold', 'p99<'], /--threshold "p99<"/],
    ] as Array<[string[], RegExp]>) {
      const r = await inProcess(['report', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
  });

  it('exits 2 with the reason on input that is not an Artillery report or not an exported script', async () => {
    const out = path.join(dir, 'out');
    for (const [args, message] of [
      [['--artillery', path.join(dir, 'missing.json')], /cannot read the Artillery report .*missing\.json: ENOENT/],
      [['--artillery', notJson], /is not JSON/],
      [['--artillery', notReport], /not the JSON of artillery run --output: aggregate/],
      [['--artillery', report, '--script', script], /not a script written by erp-conformance load --export artillery/],
    ] as Array<[string[], RegExp]>) {
      const r = await inProcess(['report', ...args, '--out', out]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
    expect(existsSync(path.join(out, 'load.json'))).toBe(false);
  });
});
