// `verify`'s checks of a bundle (reports/bundle/verify.ts), on the sample bundle: an untouched one
// holds; one byte changed in a file, a file removed, a setting edited in the manifest, a profile's
// demand unmet, a signature by another key or over an edited file each fail, named.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyBundle } from '../../../reports/bundle/verify.ts';
import { profileSchema } from '../../../reports/bundle/profile.ts';
import { canonicalJson, configSha256, fileSha256 } from '../../../reports/bundle/manifest-file.ts';
import { keyPair, sampleBundle, sampleConfig } from './sample-bundle.ts';

const KIT = '0.1.0';

function flipByte(file: string, at = 40): void {
  const data = readFileSync(file);
  data[at] = data[at] === 0x41 ? 0x42 : 0x41;
  writeFileSync(file, data);
}

describe('the canonical JSON of a config', () => {
  it('sorts keys at every depth and writes an id past 2^53 as its digits (a profile with bigint ids)', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: 12345678901234567890n } })).toBe('{"a":{"c":12345678901234567890,"d":[{"y":2,"z":1}]},"b":1}');
    const withBig = { ...sampleConfig(), fixtures: { ...sampleConfig().fixtures, bigId: 2n ** 64n } } as unknown as ReturnType<typeof sampleConfig>;
    expect(configSha256(withBig)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('verify: the manifest', () => {
  it('an untouched bundle holds, and its manifest lists every file the run wrote', () => {
    const dir = sampleBundle();
    const r = verifyBundle(dir, { kitVersion: KIT });
    expect(r.failures).toEqual([]);
    expect(r.manifest!.files.map((f) => f.path)).toEqual(['certification.html', 'certification.json', 'junit.xml', 'records.json']);
    expect(r.manifest!.config.sha256).toBe(configSha256(sampleConfig()));
  });

  it('one byte changed in certification.json fails, naming the file', () => {
    const dir = sampleBundle();
    flipByte(path.join(dir, 'certification.json'));
    expect(verifyBundle(dir, { kitVersion: KIT }).failures).toEqual([
      "file certification.json: its sha256 differs from the manifest's (changed after the run)",
    ]);
  });

  it('a removed file, and a setting edited in the manifest, fail, each named', () => {
    const dir = sampleBundle();
    rmSync(path.join(dir, 'junit.xml'));
    const file = path.join(dir, 'manifest.json');
    const m = JSON.parse(readFileSync(file, 'utf8'));
    m.settings.numRuns = 100;
    writeFileSync(file, JSON.stringify(m));
    const { failures } = verifyBundle(dir, { kitVersion: KIT });
    expect(failures).toContain('file junit.xml: missing (the manifest lists it)');
    expect(failures).toContain('setting numRuns: manifest.json says 100, certification.json says 10');
  });

  it('a folder without manifest.json fails', () => {
    const dir = sampleBundle();
    rmSync(path.join(dir, 'manifest.json'));
    expect(verifyBundle(dir, { kitVersion: KIT }).failures[0]).toMatch(/^file manifest\.json: missing/);
  });

  it('a config file is checked by its bytes', () => {
    const dir = sampleBundle();
    const config = path.join(dir, 'junit.xml');
    expect(verifyBundle(dir, { kitVersion: KIT, configFile: config }).failures[0]).toMatch(/^config: the run was given no config file/);
  });
});

describe('verify --require: the settings a certifier demands', () => {
  it('a run of 5 runs per property fails a profile demanding 25; a full-scope run at 25 holds it', () => {
    const profile = profileSchema.parse({ numRuns: 25, scope: 'full' });
    expect(verifyBundle(sampleBundle({ numRuns: 5 }), { kitVersion: KIT, profile }).failures).toEqual([
      'setting numRuns: the run made 5 runs per property, the profile demands at least 25',
    ]);
    expect(verifyBundle(sampleBundle({ numRuns: 25 }), { kitVersion: KIT, profile }).failures).toEqual([]);
  });

  it('a selection fails the full scope; verdicts, load and the config hash are demands too', () => {
    const dir = sampleBundle({ numRuns: 25, selection: ['ENV'] });
    const profile = profileSchema.parse({ scope: 'full', withLoad: true, verdicts: ['certified'], configSha256: 'abc' });
    const { failures } = verifyBundle(dir, { kitVersion: KIT, profile });
    expect(failures.map((f) => f.split(':')[0])).toEqual(['setting selection', 'setting withLoad', 'setting verdict', 'setting configSha256']);
  });

  it('a profile with an unknown key is refused by its schema', () => {
    expect(profileSchema.safeParse({ numruns: 25 }).success).toBe(false);
  });
});

describe('verify --key: the signed attestation', () => {
  it('a signed bundle holds with its public key and fails with another', () => {
    const { privateKey, publicKey } = keyPair();
    const dir = sampleBundle({ signKey: privateKey });
    expect(verifyBundle(dir, { kitVersion: KIT, publicKey }).failures).toEqual([]);
    const other = keyPair().publicKey;
    expect(verifyBundle(dir, { kitVersion: KIT, publicKey: other }).failures).toEqual([expect.stringMatching(/^signature: no signature is by the key given/)]);
  });

  it('a manifest rewritten to match an edited file still fails the signature check, naming both files', () => {
    const { privateKey, publicKey } = keyPair();
    const dir = sampleBundle({ signKey: privateKey });
    flipByte(path.join(dir, 'certification.json'));
    const file = path.join(dir, 'manifest.json');
    const m = JSON.parse(readFileSync(file, 'utf8'));
    m.files.find((f: { path: string }) => f.path === 'certification.json').sha256 = fileSha256(path.join(dir, 'certification.json'));
    writeFileSync(file, JSON.stringify(m));
    const { failures } = verifyBundle(dir, { kitVersion: KIT, publicKey });
    expect(failures).toEqual([
      'attestation subject certification.json: its sha256 differs from the signed one',
      'attestation subject manifest.json: its sha256 differs from the signed one',
    ]);
  });

  it('an unsigned bundle fails --key, naming the missing attestation', () => {
    expect(verifyBundle(sampleBundle(), { kitVersion: KIT, publicKey: keyPair().publicKey }).failures).toEqual([
      'file attestation.dsse.json: missing (the run was not signed: run --sign-key FILE)',
    ]);
  });
});
