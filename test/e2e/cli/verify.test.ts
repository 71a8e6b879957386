// `erp-conformance verify` as a user runs it: exit 0 only when every check holds, each failure on
// its own line naming the file or the setting. The gate checks a bundle written in this process
// (test/reports/bundle/sample-bundle.ts): the real CLI for the exit 0 a shell sees, the failures'
// words and codes in this process (in-process.ts); the whole set checks the bundle of a real run.
import { mkdtempSync, readFileSync, writeFileSync, cpSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './spawn.ts';
import { inProcess } from './in-process.ts';
import { keyPair, sampleBundle } from '../../reports/bundle/sample-bundle.ts';
import { itWhole } from '../../tiers.ts';
import { curlLines, har12, harSchemaErrors } from '../../reports/har/har-schema.ts';
import { rangeIndexes } from '../../../reports/har/har-links.ts';
import { DEFAULT_TOKENS } from '../../../reference/constants.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'erp-verify-'));
function files(keys = keyPair()) {
  const dir = tmp();
  const f = { key: path.join(dir, 'key.pem'), pub: path.join(dir, 'pub.pem'), other: path.join(dir, 'other.pem'), profile: path.join(dir, 'profile.json') };
  writeFileSync(f.key, keys.privatePem);
  writeFileSync(f.pub, keys.publicPem);
  writeFileSync(f.other, keyPair().publicPem);
  writeFileSync(f.profile, JSON.stringify({ numRuns: 25, scope: 'full' }));
  return f;
}
function flipByte(file: string): void {
  const data = readFileSync(file);
  data[40] = data[40] === 0x41 ? 0x42 : 0x41;
  writeFileSync(file, data);
}

describe('erp-conformance verify', () => {
  it('holds with the signing key; fails with another key, a changed byte, or fewer runs than the profile demands', async () => {
    const keys = keyPair();
    const f = files(keys);
    const dir = sampleBundle({ signKey: keys.privateKey, numRuns: 5 });
    const good = await cli(['verify', dir, '--key', f.pub]);
    expect(good.code, good.stdout + good.stderr).toBe(0);
    expect(good.stdout).toMatch(/holds \(\d+ file\(s\), settings, signature/);
    // One bundle wrong in three ways: each failure on its own line.
    const tampered = tmp();
    cpSync(dir, tampered, { recursive: true });
    flipByte(path.join(tampered, 'certification.json'));
    const bad = await inProcess(['verify', tampered, '--key', f.other, '--require', f.profile]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("FAILED file certification.json: its sha256 differs from the manifest's (changed after the run)\n");
    expect(bad.stdout).toContain('FAILED setting numRuns: the run made 5 runs per property, the profile demands at least 25\n');
    expect(bad.stdout).toMatch(/^FAILED signature: no signature is by the key given/m);
  }, 60_000);

  it('a profile with an unknown key is a usage error (2), named', async () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'p.json'), '{"numruns": 25}');
    const r = await inProcess(['verify', dir, '--require', path.join(dir, 'p.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--require .*p\.json: .*numruns/);
  }, 60_000);
});

describe('a real run verified', () => {
  itWhole(
    'a signed run of a faulted reference at 5 runs per property: its findings found again offline, its HAR is HAR 1.2; it fails another key, a 25-run profile and a changed certification.json',
    async () => {
      const f = files();
      const out = path.join(tmp(), 'report');
      // Against a faulted reference: its findings are judged again offline.
      const run = await cli(['run', '--only', 'ENV', '--fault', 'envelope-code-number', '--num-runs', '5', '--quiet', '--sign-key', f.key, '--out', out], {
        timeoutMs: 240_000,
      });
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toContain(path.join(out, 'attestation.dsse.json'));
      const good = await cli(['verify', out, '--key', f.pub]);
      expect(good.code, good.stdout).toBe(0);
      expect(good.stdout).toMatch(/^note: findings re-judged offline: [1-9]\d* found again, 0 not;/m);
      // The HAR: HAR 1.2, the preflight's and the suites' exchanges, each suite entry tagged, no token.
      const harText = readFileSync(path.join(out, 'exchanges.har'), 'utf8');
      const har = har12.parse(JSON.parse(harText));
      const entries = JSON.parse(harText).log.entries as { _erp: { source: string; ids?: string[]; checks: unknown[] } }[];
      const cert = JSON.parse(readFileSync(path.join(out, 'certification.json'), 'utf8')) as { exchanges: number; preflight: { requests: number } };
      expect(entries.filter((e) => e._erp.source === 'suites')).toHaveLength(cert.exchanges);
      expect(entries.filter((e) => e._erp.source === 'preflight').length).toBeGreaterThan(0);
      expect(entries.filter((e) => e._erp.source === 'suites').every((e) => e._erp.ids?.length)).toBe(true);
      expect(entries.some((e) => e._erp.checks.length > 0)).toBe(true);
      for (const token of DEFAULT_TOKENS) expect(harText).not.toContain(token);
      expect(har.log.entries.length).toBe(entries.length);
      // Read by npm's HAR readers: the HAR 1.2 JSON Schema, and httpsnippet's import (a curl line per entry).
      expect(harSchemaErrors(JSON.parse(harText))).toBe('');
      expect(curlLines(JSON.parse(harText))).toHaveLength(entries.length);
      // Each requirement links to its entries: a failed one's finding is on one of them.
      const failed = (
        cert as unknown as { requirements: { status: string; harEntries?: string[]; findings: { exchange?: { seq: number } }[] }[] }
      ).requirements.filter((r) => r.status === 'failed');
      expect(failed.length).toBeGreaterThan(0);
      for (const r of failed) {
        const seqs = rangeIndexes(r.harEntries ?? []).map((i) => (entries[i] as unknown as { _erp: { seq: number } })._erp.seq);
        expect(seqs).toContain(r.findings[0]!.exchange!.seq);
      }
      expect((await cli(['verify', out, '--key', f.other])).code).toBe(1);
      const weak = await cli(['verify', out, '--require', f.profile]);
      expect(weak.stdout).toContain('FAILED setting numRuns: the run made 5 runs per property, the profile demands at least 25\n');
      expect(weak.stdout).toContain('FAILED setting selection: the run selected --only ENV, the profile demands the full scope\n');
      flipByte(path.join(out, 'certification.json'));
      const bad = await cli(['verify', out, '--key', f.pub]);
      expect(bad.code).toBe(1);
      expect(bad.stdout).toMatch(/^FAILED file certification\.json: /m);
    },
    300_000,
  );
});
