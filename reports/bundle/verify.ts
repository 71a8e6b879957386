// Checks a run's bundle offline: every file against manifest.json's sha256, the manifest against
// certification.json and records.json (kit version, verdict, settings), the demands of a
// certification profile, and, given a public key, the signed attestation (its signature, its
// subject's digests, its predicate). Each failure is one line naming the file or the setting; a
// note says what was not checked. Pure over the folder's files and the inputs given.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { KeyObject } from 'node:crypto';
import { parseExact } from '../../core/json.ts';
import type { Certification } from '../model.ts';
import type { RunRecords } from '../records/records.ts';
import { ATTESTATION_FILE, envelopeSchema, openEnvelope } from './attestation.ts';
import { canonicalJson, filesUnder, fileSha256, MANIFEST_FILE, manifestSchema, sha256, type BundleManifest } from './manifest-file.ts';
import { unmetDemands, type CertificationProfile } from './profile.ts';
import { rejudge } from './rejudge.ts';

export interface VerifyOptions {
  profile?: CertificationProfile;
  publicKey?: KeyObject;
  /** A config file the certifier holds: its bytes must hash as the run's config file did. */
  configFile?: string;
  /** This kit's version: a bundle of another version is noted. */
  kitVersion: string;
}

export interface VerifyResult {
  failures: string[];
  notes: string[];
  manifest?: BundleManifest;
}

const readJson = (file: string): unknown => parseExact(readFileSync(file, 'utf8'));

function readManifest(dir: string, failures: string[]): BundleManifest | undefined {
  const file = path.join(dir, MANIFEST_FILE);
  if (!existsSync(file)) {
    failures.push(`file ${MANIFEST_FILE}: missing (the folder was not written by \`erp-conformance run\` of a kit that writes one)`);
    return undefined;
  }
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data;
    failures.push(`file ${MANIFEST_FILE}: not a manifest of this kit (${parsed.error.issues[0]?.message ?? 'invalid'})`);
  } catch (e) {
    failures.push(`file ${MANIFEST_FILE}: ${(e as Error).message}`);
  }
  return undefined;
}

function checkFiles(dir: string, m: BundleManifest, failures: string[], notes: string[]): void {
  for (const f of m.files) {
    const file = path.join(dir, f.path);
    if (!existsSync(file)) failures.push(`file ${f.path}: missing (the manifest lists it)`);
    else if (fileSha256(file) !== f.sha256) failures.push(`file ${f.path}: its sha256 differs from the manifest's (changed after the run)`);
  }
  const listed = new Set([...m.files.map((f) => f.path), MANIFEST_FILE, ATTESTATION_FILE]);
  const extra = filesUnder(dir, '.').filter((p) => !listed.has(p));
  if (extra.length)
    notes.push(
      `not covered by the manifest (written after the run): ${extra.slice(0, 5).join(', ')}${extra.length > 5 ? ` and ${extra.length - 5} more` : ''}`,
    );
}

/** The manifest's settings as the certificate and the records state them: a difference is an edit. */
function checkAgreement(dir: string, m: BundleManifest, failures: string[]): void {
  let cert: Certification | undefined;
  let records: RunRecords | undefined;
  try {
    cert = readJson(path.join(dir, 'certification.json')) as Certification;
  } catch (e) {
    failures.push(`file certification.json: unreadable (${(e as Error).message})`);
  }
  try {
    records = readJson(path.join(dir, 'records.json')) as RunRecords;
  } catch {
    records = undefined; // a run stopped by its preflight writes none
  }
  const s = m.settings;
  const same = (name: string, inManifest: unknown, other: unknown, where: string) => {
    if (canonicalJson(inManifest) !== canonicalJson(other ?? null))
      failures.push(`setting ${name}: manifest.json says ${canonicalJson(inManifest)}, ${where} says ${canonicalJson(other ?? null)}`);
  };
  if (cert) {
    same('kitVersion', m.kitVersion, cert.suiteVersion, 'certification.json');
    same('verdict', m.verdict, cert.verdict, 'certification.json');
    same('numRuns', s.numRuns, cert.numRuns, 'certification.json');
    same('seed', s.seed, cert.seed, 'certification.json');
    same('selection', s.replay ? null : s.selection, s.replay ? null : cert.selection, 'certification.json');
    same('shard', s.shard, cert.shard, 'certification.json');
    same('stoppedBy', s.stoppedBy, cert.stoppedBy, 'certification.json');
  }
  if (records?.facts) {
    same('withLoad', s.withLoad, records.facts.withLoad, 'records.json');
    same('suites', s.suites, [...records.facts.suites].sort(), 'records.json');
    same('operations', s.operations, records.facts.scope?.operations ?? [], 'records.json');
  }
}

function checkAttestation(dir: string, m: BundleManifest, key: KeyObject, failures: string[]): void {
  const file = path.join(dir, ATTESTATION_FILE);
  if (!existsSync(file)) return void failures.push(`file ${ATTESTATION_FILE}: missing (the run was not signed: run --sign-key FILE)`);
  let envelope;
  try {
    envelope = envelopeSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (e) {
    return void failures.push(`file ${ATTESTATION_FILE}: not a DSSE envelope (${(e as Error).message.split('\n')[0]})`);
  }
  const opened = openEnvelope(envelope, key);
  if ('problem' in opened) return void failures.push(`signature: ${opened.problem}`);
  const { subject, predicate } = opened.statement;
  for (const s of subject) {
    const f = path.join(dir, s.name);
    if (!existsSync(f)) failures.push(`attestation subject ${s.name}: missing`);
    else if (fileSha256(f) !== s.digest?.sha256) failures.push(`attestation subject ${s.name}: its sha256 differs from the signed one`);
  }
  if (!subject.some((s) => s.name === MANIFEST_FILE)) failures.push(`attestation: its subject does not name ${MANIFEST_FILE}`);
  if (predicate?.verdict !== m.verdict) failures.push(`attestation predicate verdict: signed ${predicate?.verdict}, the bundle says ${m.verdict}`);
  if (canonicalJson(predicate?.settings) !== canonicalJson(m.settings)) failures.push('attestation predicate settings: differ from manifest.json');
}

/** certification.json's findings judged again with this kit's single-exchange checks (reports/bundle/rejudge.ts). */
function rejudged(dir: string, failures: string[], notes: string[]): void {
  let cert: Certification;
  try {
    cert = readJson(path.join(dir, 'certification.json')) as Certification;
  } catch {
    return; // named by checkAgreement
  }
  if (!Array.isArray(cert?.requirements)) return;
  const r = rejudge(cert);
  failures.push(...r.differences);
  notes.push(
    `findings re-judged offline: ${r.agreed} found again, ${r.differences.length} not; ${r.notRejudged} not re-judged (relations, checks with parameters, bodies cut)`,
  );
}

/** Verifies the bundle in `dir`. */
export function verifyBundle(dir: string, o: VerifyOptions): VerifyResult {
  const failures: string[] = [];
  const notes: string[] = [];
  const m = readManifest(dir, failures);
  if (!m) return { failures, notes };
  checkFiles(dir, m, failures, notes);
  checkAgreement(dir, m, failures);
  if (m.kitVersion !== o.kitVersion) notes.push(`kit version: the bundle was made by ${m.kitVersion}, this is ${o.kitVersion}`);
  if (o.configFile !== undefined) {
    const given = sha256(readFileSync(o.configFile));
    if (m.config.fileSha256 === undefined) failures.push(`config: the run was given no config file (${m.target.name}), ${o.configFile} cannot be its config`);
    else if (given !== m.config.fileSha256) failures.push(`config: ${o.configFile} hashes to ${given}, the run's config file ${m.config.fileSha256}`);
  }
  rejudged(dir, failures, notes);
  if (o.profile) failures.push(...unmetDemands(o.profile, m));
  if (o.publicKey) checkAttestation(dir, m, o.publicKey, failures);
  else if (existsSync(path.join(dir, ATTESTATION_FILE))) notes.push(`${ATTESTATION_FILE} not checked (give --key PUB)`);
  return { failures, notes, manifest: m };
}
