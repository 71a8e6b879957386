// manifest.json: what a run's folder holds and what the run was, so that `verify` can tell an edited
// or weakened bundle: each file's sha256, the kit version, the config's hash (tokens left out), and
// the settings that decide what the certificate covers (runs per property, selection, scope,
// budget). It is written last, after every other file of the run, and lists only what the run wrote.
import { stringifyJson } from '../../core/json.ts';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { RunConfig } from '../../config/schema.ts';
import type { RunRecords } from '../records/records.ts';
import type { Certification } from '../model.ts';

// The digests a bundle is checked by: a file's sha256, the files under an entry (a folder by each file in it), and a
// JSON value's canonical text (keys sorted), so that the same value always has the same hash.
export const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

export const fileSha256 = (file: string): string => sha256(readFileSync(file));

/** A value with every plain object's keys sorted (a bigint or an exact number is left as it is). */
function sortedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (!v || typeof v !== 'object') return v;
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return v;
  return Object.fromEntries(
    Object.entries(v as Record<string, unknown>)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, x]) => [k, sortedKeys(x)]),
  );
}

/** JSON with every object's keys sorted: one text per value; integers past 2^53 (a config's
 *  bigint ids) written as their digits (core/json.ts). */
export function canonicalJson(value: unknown): string {
  return stringifyJson(sortedKeys(value));
}

/** Every file under `entry` (itself when a file), as paths relative to `root` with forward slashes, sorted. */
export function filesUnder(root: string, entry: string): string[] {
  const full = path.resolve(root, entry);
  let s;
  try {
    s = statSync(full);
  } catch {
    return [];
  }
  if (!s.isDirectory()) return [path.relative(root, full).split(path.sep).join('/')];
  return readdirSync(full)
    .flatMap((name) => filesUnder(root, path.join(entry, name)))
    .sort();
}

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'erp-conformance-manifest/1';

const settingsSchema = z.object({
  numRuns: z.number(),
  seed: z.number(),
  selection: z.array(z.string()).nullable(),
  shard: z.string().nullable(),
  replay: z.boolean(),
  withLoad: z.boolean(),
  suites: z.array(z.string()),
  stoppedBy: z.string().nullable(),
  /** The operations the config put in scope (reports/scope.ts). */
  operations: z.array(z.string()),
  budget: z.object({ maxDurationSeconds: z.number().nullable(), maxRequests: z.number().nullable() }),
});
export type BundleSettings = z.infer<typeof settingsSchema>;

export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  kitVersion: z.string(),
  verdict: z.string(),
  target: z.object({ name: z.string(), baseUrl: z.string() }),
  /** sha256 of the config the run used (canonical JSON, tokens replaced); of its file too when one was given. */
  config: z.object({ sha256: z.string(), file: z.string().optional(), fileSha256: z.string().optional() }),
  settings: settingsSchema,
  files: z.array(z.object({ path: z.string(), sha256: z.string(), bytes: z.number() })),
});
export type BundleManifest = z.infer<typeof manifestSchema>;

/** The config's hash: canonical JSON with the tokens replaced, so the hash reveals no token and survives a rotated one. */
export function configSha256(config: RunConfig): string {
  const target = { ...config.target, token: '[redacted]', ...(config.target.secondToken ? { secondToken: '[redacted]' } : {}) };
  return sha256(canonicalJson({ ...config, target }));
}

/** The settings of a run, from its records and config. */
export function settingsOf(records: RunRecords, cert: Certification, config: RunConfig): BundleSettings {
  const f = records.facts;
  return {
    numRuns: f.numRuns,
    seed: f.seed,
    selection: f.selection,
    shard: records.shard ? `${records.shard.index}/${records.shard.count}` : null,
    replay: f.replay !== undefined,
    withLoad: f.withLoad,
    suites: [...f.suites].sort(),
    stoppedBy: cert.stoppedBy ?? null,
    operations: f.scope?.operations ?? [],
    budget: { maxDurationSeconds: config.run.maxDurationSeconds ?? null, maxRequests: config.run.maxRequests ?? null },
  };
}

export interface ManifestInput {
  out: string;
  /** The entries the run wrote (files or folders), each under `out`. */
  written: string[];
  certification: Certification;
  records: RunRecords;
  config: RunConfig;
  /** The config file as the run was given it (invocation.config), read from the working directory. */
  configFile?: string;
}

/** Builds and writes OUT/manifest.json; returns it and its path. */
export function writeManifest(i: ManifestInput): { manifest: BundleManifest; file: string } {
  const paths = [...new Set(i.written.flatMap((w) => filesUnder(i.out, path.relative(i.out, path.resolve(i.out, w)))))].sort();
  const files = paths.map((p) => {
    const data = readFileSync(path.join(i.out, p));
    return { path: p, sha256: sha256(data), bytes: data.length };
  });
  const fileHash = i.configFile && existsSync(i.configFile) ? fileSha256(i.configFile) : undefined;
  const manifest: BundleManifest = {
    format: MANIFEST_FORMAT,
    kitVersion: i.certification.suiteVersion,
    verdict: i.certification.verdict,
    target: i.certification.target,
    config: { sha256: configSha256(i.config), ...(i.configFile ? { file: i.configFile } : {}), ...(fileHash ? { fileSha256: fileHash } : {}) },
    settings: settingsOf(i.records, i.certification, i.config),
    files,
  };
  const file = path.join(i.out, MANIFEST_FILE);
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  return { manifest, file };
}
