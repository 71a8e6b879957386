// The signed attestation of a run's bundle: an in-toto Statement v1 whose subject is the bundle's
// files (each with its sha256, manifest.json included) and whose predicate is the verdict, scope,
// settings and kit version, in a DSSE envelope signed with Ed25519 (node:crypto). Signing and
// checking are pure functions of their inputs; the key is read by the caller. writeBundle writes the
// run's last files: manifest.json, then, given a key, attestation.dsse.json.
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileSha256, sha256, writeManifest, type BundleManifest, type ManifestInput } from './manifest-file.ts';

export const ATTESTATION_FILE = 'attestation.dsse.json';
export const STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
export const PREDICATE_TYPE = 'https://github.com/erp-conformance/erp-conformance/attestation/certification/v1';
export const PAYLOAD_TYPE = 'application/vnd.in-toto+json';

export interface Subject {
  name: string;
  digest: { sha256: string };
}

export interface Statement {
  _type: typeof STATEMENT_TYPE;
  subject: Subject[];
  predicateType: typeof PREDICATE_TYPE;
  predicate: {
    verdict: string;
    verdictReason: string;
    kitVersion: string;
    target: BundleManifest['target'];
    config: BundleManifest['config'];
    settings: BundleManifest['settings'];
    scope: { operations: string[]; selection: string[] | null; withLoad: boolean; shard: string | null };
  };
}

export const envelopeSchema = z.object({
  payloadType: z.string(),
  payload: z.string(),
  signatures: z.array(z.object({ keyid: z.string().optional(), sig: z.string() })).min(1),
});
export type Envelope = z.infer<typeof envelopeSchema>;

/** DSSE's pre-authentication encoding: what is signed. */
export function pae(payloadType: string, payload: Buffer): Buffer {
  const type = Buffer.from(payloadType, 'utf8');
  return Buffer.concat([Buffer.from(`DSSEv1 ${type.length} `), type, Buffer.from(` ${payload.length} `), payload]);
}

/** The statement of a bundle: its files (manifest.json's own hash among them) and what the run was. */
export function statementOf(manifest: BundleManifest, manifestSha256: string, verdictReason: string): Statement {
  const s = manifest.settings;
  return {
    _type: STATEMENT_TYPE,
    subject: [...manifest.files.map((f) => ({ name: f.path, digest: { sha256: f.sha256 } })), { name: 'manifest.json', digest: { sha256: manifestSha256 } }],
    predicateType: PREDICATE_TYPE,
    predicate: {
      verdict: manifest.verdict,
      verdictReason,
      kitVersion: manifest.kitVersion,
      target: manifest.target,
      config: manifest.config,
      settings: s,
      scope: { operations: s.operations, selection: s.selection, withLoad: s.withLoad, shard: s.shard },
    },
  };
}

/** A key's id: the sha256 of its public key (SPKI, DER). */
export function keyIdOf(key: KeyObject): string {
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  return sha256(pub.export({ type: 'spki', format: 'der' }));
}

/** Reads an Ed25519 key (PEM text); throws a plain Error naming what is wrong. */
export function ed25519Key(pem: string, kind: 'private' | 'public'): KeyObject {
  const key = kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`an Ed25519 key is needed, this one is ${key.asymmetricKeyType}`);
  return key;
}

export function signStatement(statement: Statement, privateKey: KeyObject): Envelope {
  const payload = Buffer.from(JSON.stringify(statement), 'utf8');
  const sig = sign(null, pae(PAYLOAD_TYPE, payload), privateKey);
  return { payloadType: PAYLOAD_TYPE, payload: payload.toString('base64'), signatures: [{ keyid: keyIdOf(privateKey), sig: sig.toString('base64') }] };
}

/** The statement an envelope carries when one of its signatures is the key's; else why not. */
export function openEnvelope(envelope: Envelope, publicKey: KeyObject): { statement: Statement } | { problem: string } {
  if (envelope.payloadType !== PAYLOAD_TYPE) return { problem: `payloadType is ${envelope.payloadType}, expected ${PAYLOAD_TYPE}` };
  const payload = Buffer.from(envelope.payload, 'base64');
  const signed = pae(envelope.payloadType, payload);
  const good = envelope.signatures.some((s) => verify(null, signed, publicKey, Buffer.from(s.sig, 'base64')));
  if (!good) return { problem: `no signature is by the key given (key id ${keyIdOf(publicKey).slice(0, 16)}...)` };
  let statement: Statement;
  try {
    statement = JSON.parse(payload.toString('utf8')) as Statement;
  } catch {
    return { problem: 'the signed payload is not JSON' };
  }
  if (statement._type !== STATEMENT_TYPE || !Array.isArray(statement.subject)) return { problem: `the payload is not an in-toto Statement v1` };
  return { statement };
}

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
