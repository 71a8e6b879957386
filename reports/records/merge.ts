// `report --merge`: the certificate of a sharded run. Each shard (`run --shard i/n`) wrote its
// records.json; the records of all shards are joined and certified as one run (over the whole
// catalogue: the merge of every shard of a full run can be certified, which no shard alone is),
// and the shards' allure-results/ (brought in line with the merged verdicts) and the probe's
// rate-limit.json are gathered into the output folder.
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { annotateAllureResults } from '../render/allure-results.ts';
import { certify } from '../certify.ts';
import type { Certification } from '../model.ts';
import { RATE_LIMIT_FILE, readRateLimit } from './rate-limit.ts';
import { mergeRecords, readRecords, RecordsError, runFacts } from './records.ts';
import { writeReports, type ReportFiles } from '../write.ts';

export interface MergeResult {
  certification: Certification;
  files: ReportFiles & { allure?: string };
}

/** Copies every file of each shard's allure-results/ (uniquely named by allure) into out/allure-results/. */
function gatherAllure(dirs: string[], out: string): string | undefined {
  const sources = dirs.map((d) => path.join(d, 'allure-results')).filter((d) => existsSync(d));
  if (sources.length === 0) return undefined;
  const target = path.join(out, 'allure-results');
  mkdirSync(target, { recursive: true });
  for (const src of sources) {
    if (path.resolve(src) === path.resolve(target)) continue;
    for (const f of readdirSync(src)) copyFileSync(path.join(src, f), path.join(target, f));
  }
  return target;
}

/** The newest rate-limit.json of the shards (the probe runs in one of them). */
function gatherRateLimit(dirs: string[], out: string): void {
  const found = dirs
    .map((d) => path.join(d, RATE_LIMIT_FILE))
    .filter((f) => existsSync(f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (found[0] && path.resolve(found[0]) !== path.resolve(out, RATE_LIMIT_FILE)) copyFileSync(found[0], path.join(out, RATE_LIMIT_FILE));
}

export function mergeRunFolders(dirs: string[], out: string, scrub?: (text: string) => string, strict = false): MergeResult {
  const unique = [...new Set(dirs.map((d) => path.resolve(d)))];
  if (unique.length !== dirs.length) throw new RecordsError('a folder is given twice');
  const records = mergeRecords(unique.map((dir) => ({ dir, records: readRecords(dir) })));
  const certification = certify(records.collected, runFacts(records.facts, null));
  mkdirSync(out, { recursive: true });
  const allure = gatherAllure(unique, out);
  if (allure) annotateAllureResults(allure, certification);
  gatherRateLimit(unique, out);
  const files = writeReports(out, certification, { scrub, records, rateLimit: readRateLimit(out), strict });
  return { certification, files: { ...files, ...(allure ? { allure } : {}) } };
}
