// The output manifest: what a command prints under "written:". A command lists only what it wrote
// in this invocation, and writes only what it lists: an entry is printed only when its file is
// there (a folder only when it holds something), so a preflight that stopped the suites never
// lists an allure-results/ that was not written.
import { existsSync, readdirSync, statSync } from 'node:fs';

export interface Written {
  path: string;
  /** Printed beside the path, e.g. how to open it. */
  note?: string;
}

function present(file: string): boolean {
  if (!existsSync(file)) return false;
  const s = statSync(file);
  return s.isDirectory() ? readdirSync(file).length > 0 : s.size > 0;
}

/** The entries that are on disk, in order, each once. */
export function writtenEntries(entries: (Written | string | undefined | false | null)[]): Written[] {
  const seen = new Set<string>();
  const out: Written[] = [];
  for (const e of entries) {
    if (!e) continue;
    const w = typeof e === 'string' ? { path: e } : e;
    if (seen.has(w.path) || !present(w.path)) continue;
    seen.add(w.path);
    out.push(w);
  }
  return out;
}

/** The "written:" block (empty when nothing was written). */
export function manifestText(entries: (Written | string | undefined | false | null)[]): string {
  const list = writtenEntries(entries);
  if (list.length === 0) return '';
  return `\nwritten:\n${list.map((w) => `  ${w.path}${w.note ? `  (${w.note})` : ''}\n`).join('')}`;
}

/** The files a run wrote (RunResult.files of engine/options.ts). */
export interface RunFiles {
  certification: string;
  html: string;
  junit: string;
  records: string;
  allure?: string;
  log?: string;
  rateLimit?: string;
  loadScript?: string;
  /** exchanges.har (reports/har/). */
  har?: string;
  /** manifest.json and attestation.dsse.json (reports/bundle/), written last. */
  manifest?: string;
  attestation?: string;
}

/** The files of a run, in the order a user reads them. */
export function runManifest(f: RunFiles, out: string): string {
  return manifestText([
    f.certification,
    f.html,
    f.junit,
    f.allure && { path: f.allure, note: `HTML: erp-conformance report --allure --in ${out}` },
    f.rateLimit,
    f.loadScript && { path: f.loadScript, note: "the rate-limit suite's load as an Artillery script" },
    f.records,
    f.log,
    f.har && { path: f.har, note: 'every exchange, HAR 1.2 (--har off: none)' },
    f.manifest && { path: f.manifest, note: `every file's sha256: erp-conformance verify ${out}` },
    f.attestation && { path: f.attestation, note: 'signed in-toto statement: verify --key PUB' },
  ]);
}
