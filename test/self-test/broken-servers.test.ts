// The suite proves itself, part 3: against servers that break HTTP the run ends, writes
// certification.json, exits 1 and has no unhandled rejection; and no byte of the token is
// written or printed, even by a server that echoes it back.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.ts';
import { referenceRunConfig } from '../../reference/fixtures.ts';
import { runConformance } from '../../suites/run.ts';
import { startBroken, type BrokenKind } from './broken-servers.ts';
import { runAgainstReference, tempOut } from './run-reference.ts';

const TOKENS = ['tok-SECRET-4f1c9a7e', 'tok-SECRET-second-88b2'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** Every file a run writes, so the search for the token below covers each of them. */
const WRITTEN = ['certification.json', 'certification.html', 'junit.xml', 'records.json', 'vitest.log', 'allure-results'];

function leaks(out: string, lines: string[]): string[] {
  for (const f of WRITTEN) expect(existsSync(path.join(out, f)), `${f} written`).toBe(true);
  expect(readdirSync(path.join(out, 'allure-results')).length).toBeGreaterThan(0);
  const texts = [...filesUnder(out).map((f) => [f, readFileSync(f, 'latin1')] as const), ['console', lines.join('\n')] as const];
  return texts.flatMap(([where, text]) => TOKENS.filter((t) => text.includes(t)).map((t) => `${where} holds ${t.slice(0, 9)}...`));
}

describe('a run against a broken server', () => {
  it.each<BrokenKind>(['html-502', 'truncated-json', 'never-answers', 'resets', 'huge-body', 'echoes-token'])('that %s ends with a certificate, exit 1 and no token', async (kind) => {
    const broken = await startBroken(kind);
    const out = tempOut(kind);
    const lines: string[] = [];
    try {
      const config = loadConfig({ base: { ...referenceRunConfig(broken.url, TOKENS, 1), target: { name: `broken ${kind}`, baseUrl: broken.url, token: TOKENS[0], secondToken: TOKENS[1], timeoutMs: 400, maxResponseBytes: 1024 * 1024 } }, env: {} });
      const r = await runConformance({ config, out, numRuns: 3, seed: 1, allure: true, log: (l) => lines.push(l) });
      expect(r.exitCode).toBe(1);
      expect(r.certification.verdict).toBe('not-certified');
      expect(existsSync(path.join(out, 'certification.json'))).toBe(true);
      expect(JSON.parse(readFileSync(path.join(out, 'certification.json'), 'utf8')).verdict).toBe('not-certified');
      expect(r.certification.errors.filter((e) => /unhandled/i.test(e))).toEqual([]);
      expect(r.certification.summary.MUST.failed).toBeGreaterThan(0);
      expect(leaks(out, lines)).toEqual([]);
    } finally {
      await broken.close();
    }
  }, 180_000);
});

describe('a run against the reference with secret tokens', () => {
  it('writes and prints no byte of either token', async () => {
    const r = await runAgainstReference({ reference: { tokens: TOKENS }, numRuns: 5, allure: true, faults: ['os-any-status'] });
    expect(r.certification.verdict).toBe('not-certified');
    expect(r.certification.exchanges).toBeGreaterThan(100);
    expect(leaks(r.out, r.lines)).toEqual([]);
  }, 180_000);
});
