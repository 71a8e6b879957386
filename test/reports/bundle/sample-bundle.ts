// A run's bundle written in a temporary folder from the sample certificate (test/reports/sample.ts),
// as the certificate phase writes it: the reports, then manifest.json and, given a key, the signed
// attestation. Ed25519 key pairs for the signature cases.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../config/load.ts';
import { referenceRunConfig } from '../../../reference/run-config.ts';
import { writeBundle } from '../../../reports/bundle/attestation.ts';
import { RECORDS_FORMAT, type RunRecords } from '../../../reports/records/records.ts';
import { writeReports } from '../../../reports/write.ts';
import { sampleCertification, sampleCollected, sampleFacts } from '../sample.ts';

export const sampleConfig = () => loadConfig({ base: referenceRunConfig('http://127.0.0.1:1', ['t1'], 42, 'default'), env: {} });

export function keyPair(): { privateKey: KeyObject; publicKey: KeyObject; publicPem: string; privatePem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey,
    publicKey,
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** Writes the sample bundle; `numRuns` and `selection` as the run had them. */
export function sampleBundle(o: { signKey?: KeyObject; numRuns?: number; selection?: string[] } = {}): string {
  const out = mkdtempSync(path.join(os.tmpdir(), 'erp-bundle-'));
  const facts = { ...sampleFacts(), numRuns: o.numRuns ?? 10, selection: o.selection ?? null };
  const records: RunRecords = { format: RECORDS_FORMAT, shard: null, facts, collected: sampleCollected() };
  const certification = { ...sampleCertification(), numRuns: facts.numRuns, selection: facts.selection };
  const files = writeReports(out, certification, { records });
  writeBundle({ out, written: Object.values(files), certification, records, config: sampleConfig(), ...(o.signKey ? { signKey: o.signKey } : {}) });
  return out;
}
