// The last files of a run's folder: manifest.json (every other file's sha256, the kit version, the
// config's hash and the settings), then, given a signing key, attestation.dsse.json (the in-toto
// statement of the bundle, signed). Both are written after every file they cover.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { KeyObject } from 'node:crypto';
import { ATTESTATION_FILE, signStatement, statementOf } from './attestation.ts';
import { fileSha256 } from './digest.ts';
import { writeManifest, type ManifestInput } from './manifest-file.ts';

export interface BundleFiles {
  manifest: string;
  attestation?: string;
}

export function writeBundle(i: ManifestInput & { signKey?: KeyObject }): BundleFiles {
  const { manifest, file } = writeManifest(i);
  if (!i.signKey) return { manifest: file };
  const envelope = signStatement(statementOf(manifest, fileSha256(file), i.certification.verdictReason), i.signKey);
  const attestation = path.join(i.out, ATTESTATION_FILE);
  writeFileSync(attestation, `${JSON.stringify(envelope, null, 2)}\n`);
  return { manifest: file, attestation };
}
