// The digests a bundle is checked by: a file's sha256, the files of a run's folder (a folder such as
// allure-results/ by each file in it), and a JSON value's canonical text (keys sorted), so that the
// same value always has the same hash. Pure, apart from reading the files named.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

export const fileSha256 = (file: string): string => sha256(readFileSync(file));

/** JSON with every object's keys sorted: one text per value. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
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
