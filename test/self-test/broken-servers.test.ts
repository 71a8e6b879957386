// The suite proves itself, part 3: against servers that break HTTP, or are hostile, the run ends
// within its budget, writes its certificate, exits 1 (or 2, stopped at the preflight) and has no
// unhandled rejection; memory stays bounded; nothing a server sends is followed elsewhere or acts
// on a terminal or a browser; and no form of either token is written or printed, even by a server
// that echoes tokens whose characters change under URL and JSON encoding.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.ts';
import { referenceRunConfig } from '../../reference/fixtures.ts';
import { runConformance } from '../../suites/run.ts';
import { redirectTarget, startBroken, startRedirectTarget, type BrokenKind } from './broken-servers.ts';
import { withPeakMemory } from './memory.ts';
import { runAgainstReference, tempOut } from './run-reference.ts';

/** Tokens with characters that change under URL, JSON and HTML encoding. */
const TOKENS = [`tok"SE\\CR/ET%+&<'=4f1c9a7e`, 'tok-SECRET-second-88b2'];
const BUDGET_SECONDS = 15;

/** The spellings of a token an output could hold if redaction missed it. */
const spellings = (t: string) => [t, encodeURIComponent(t), JSON.stringify(t).slice(1, -1), t.slice(0, 12), t.slice(-12)];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

function leaks(out: string, lines: string[]): string[] {
  for (const f of ['certification.json', 'certification.html', 'junit.xml', 'records.json', 'vitest.log']) expect(existsSync(path.join(out, f)), `${f} written`).toBe(true);
  const texts = [...filesUnder(out).map((f) => [f, readFileSync(f, 'latin1')] as const), ['console', lines.join('\n')] as const];
  return texts.flatMap(([where, text]) => TOKENS.flatMap(spellings).filter((t) => text.includes(t)).map((t) => `${where} holds ${t.slice(0, 6)}...`));
}

/** Raw characters that would act on a terminal (ESC, BEL, C1, bidi overrides). */
// eslint-disable-next-line no-control-regex
const ACTIVE = /[\u0007\u001b\u009b\u202e]/;

const KINDS: BrokenKind[] = ['html-502', 'truncated-json', 'never-answers', 'resets', 'huge-body', 'echoes-token', 'trickles', 'deep-json', 'redirects', 'hostile-text', 'retry-after-a-day'];

describe('a run against a broken or hostile server', () => {
  it.each(KINDS)('that %s ends within its budget with a certificate, no token and bounded memory', async (kind) => {
    const broken = await startBroken(kind);
    const other = kind === 'redirects' ? await startRedirectTarget() : undefined;
    const out = tempOut(kind);
    const lines: string[] = [];
    try {
      const base = referenceRunConfig(broken.url, TOKENS, 1);
      const config = loadConfig({
        base: { ...base, target: { name: `broken ${kind}`, baseUrl: broken.url, token: TOKENS[0], secondToken: TOKENS[1], timeoutMs: 400, maxResponseBytes: 1024 * 1024 }, run: { maxDurationSeconds: BUDGET_SECONDS } },
        env: {},
      });
      const t0 = Date.now();
      // Three stop at the preflight (exit 2); the others run without it, so that their answers reach every suite and report.
      const preflight = ['html-502', 'truncated-json', 'never-answers'].includes(kind);
      const { result: r, peakMb } = await withPeakMemory(() => runConformance({ config, out, numRuns: 3, seed: 1, allure: true, preflight, log: (l) => lines.push(l) }));
      const seconds = (Date.now() - t0) / 1000;
      process.stdout.write(`broken server ${kind}: exit ${r.exitCode}, ${r.certification.verdict}, ${seconds.toFixed(1)} s, peak ${peakMb} MB\n`);
      expect(seconds).toBeLessThan(BUDGET_SECONDS + 20);
      expect(peakMb).toBeLessThan(1500);
      // A server that answers 429 to everything, or resets every connection, leaves nothing verified:
      // inconclusive (exit 3), not failed, whichever tests sent before the breaker opened.
      const expected = kind === 'retry-after-a-day' || kind === 'resets' ? ['inconclusive'] : ['not-certified', 'preflight-failed'];
      expect(expected).toContain(r.certification.verdict);
      expect([1, 2, 3]).toContain(r.exitCode);
      expect(JSON.parse(readFileSync(path.join(out, 'certification.json'), 'utf8')).verdict).toBe(r.certification.verdict);
      expect(r.certification.errors.filter((e) => /unhandled/i.test(e))).toEqual([]);
      expect(leaks(out, lines)).toEqual([]);
      if (kind === 'redirects') expect(redirectTarget.contacted).toBe(0);
      if (kind === 'hostile-text') {
        expect(lines.join('\n')).not.toMatch(ACTIVE);
        expect(readFileSync(path.join(out, 'certification.html'), 'utf8')).not.toContain('<script>alert');
        expect(readFileSync(path.join(out, 'junit.xml'), 'utf8')).not.toMatch(ACTIVE);
      }
    } finally {
      await other?.close();
      await broken.close();
    }
  }, 120_000);
});

describe('a run against the reference with secret tokens', () => {
  it('writes and prints no form of either token', async () => {
    const r = await runAgainstReference({ reference: { tokens: TOKENS }, numRuns: 5, allure: true, faults: ['os-any-status'], only: ['OS', 'AUTH'] });
    expect(r.certification.verdict).toBe('not-certified');
    expect(r.certification.requests).toBeGreaterThan(50);
    expect(leaks(r.out, r.lines)).toEqual([]);
  }, 180_000);
});
