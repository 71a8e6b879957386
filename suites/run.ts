// Runs the conformance suites through vitest's Node API and turns what they found into the
// certificate: certification.json, certification.html, junit.xml, records.json (what a merge of
// shards needs), allure-results/ and a console summary. `shard` runs one part of the suite files
// (vitest's --shard); `erp-conformance report --merge` joins the parts.
import { randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import type { RunConfig } from '../config/schema.ts';
import { prefixOf, requirements } from '../contract/requirements.ts';
import type { Requirement } from '../contract/types.ts';
import { certify, type Certification } from '../reports/certification.ts';
import { CollectorReporter } from '../reports/collector.ts';
import { consoleSummary } from '../reports/console.ts';
import { readRateLimit } from '../reports/rate-limit.ts';
import { RECORDS_FORMAT, runFacts, type RecordedFacts, type RunRecords, type Shard } from '../reports/records.ts';
import { scrubber } from '../reports/scrub.ts';
import { writeReports } from '../reports/write.ts';
import type { SuiteContext } from './support/context.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SUITES: Requirement['suite'][] = ['envelope-auth', 'order-status', 'customer', 'report', 'rate-limit'];

export interface RunOptions {
  config: RunConfig;
  out: string;
  /** Requirement id prefixes (OS, CU ...) whose suites run; all when absent. */
  only?: string[];
  seed?: number;
  numRuns?: number;
  /** Where progress and the summary go (default: stdout). */
  log?: (line: string) => void;
  /** Suites that need --with-load (rate-limit) run only when true. */
  withLoad?: boolean;
  allure?: boolean;
  /** Called before the rate-limit pass (the embedded reference switches its limiter on here). */
  beforeRateLimitPass?: () => Promise<void> | void;
  /** Runs only this part of the suite files (vitest --shard); the certificate is then partial. */
  shard?: Shard;
}

export interface RunResult {
  certification: Certification;
  exitCode: 0 | 1;
  files: { certification: string; html: string; junit: string; records: string; allure?: string; log: string };
}

export function suiteVersion(): string {
  return (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Suites selected by `--only` prefixes (ENV, AUTH, VER, ST, OS, CU, RP, RL). */
export function selectSuites(only: string[] | undefined, withLoad: boolean): Set<Requirement['suite']> {
  const wanted = only?.map((p) => p.toUpperCase());
  const suites = new Set(requirements.filter((r) => !wanted || wanted.includes(prefixOf(r.id))).map((r) => r.suite));
  if (!withLoad) suites.delete('rate-limit');
  return suites;
}

export async function runConformance(o: RunOptions): Promise<RunResult> {
  const log = o.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const started = Date.now();
  const seed = o.seed ?? o.config.properties.seed ?? randomInt(0, 2 ** 31 - 1);
  const numRuns = o.numRuns ?? o.config.properties.numRuns;
  const suites = selectSuites(o.only, o.withLoad ?? false);
  const scrub = scrubber([o.config.target.token, o.config.target.secondToken]);
  mkdirSync(o.out, { recursive: true });
  const logFile = path.join(o.out, 'vitest.log');
  const vitestLog: string[] = [];
  const sink = new Writable({ write(chunk, _enc, done) { vitestLog.push(String(chunk)); done(); } });

  const collector = new CollectorReporter(ROOT, log);
  const allureDir = path.join(o.out, 'allure-results');
  if (o.allure !== false) rmSync(allureDir, { recursive: true, force: true });
  const provide: SuiteContext = { config: o.config, seed, numRuns, outDir: o.out };
  log(`running ${[...suites].join(', ')} against ${o.config.target.name} (${o.config.target.baseUrl}), seed ${seed}, ${numRuns} runs per property`);
  // Two passes: the functional suites, then the rate-limit suite alone, so the probe measures the
  // quota without the functional suites spending it (and they are not throttled by the probe).
  const passes = [[...suites].filter((x) => x !== 'rate-limit'), suites.has('rate-limit') ? ['rate-limit'] : []].filter((p) => p.length > 0);
  for (const pass of passes) {
    if (pass.includes('rate-limit')) await o.beforeRateLimitPass?.();
    const previousExitCode = process.exitCode;
    const vitest = await startVitest('test', [], {
      root: ROOT,
      config: false,
      include: pass.map((x) => `suites/${x}/**/*.test.ts`),
      // The lifecycle tests of order status share vouchers and live in one file: sharding by file keeps them together.
      ...(o.shard ? { shard: `${o.shard.index}/${o.shard.count}` } : {}),
      // allure-vitest's runtime, so the harness can label each test by requirement and attach its evidence.
      ...(o.allure !== false ? { setupFiles: ['allure-vitest/setup'] } : {}),
      watch: false,
      pool: 'forks',
      maxWorkers: 2,
      passWithNoTests: true,
      testTimeout: 300_000,
      hookTimeout: 30_000,
      provide: { erp: provide },
      reporters: [collector, ...(o.allure !== false ? [['allure-vitest/reporter', { resultsDir: allureDir, reportMatchers: false }] as [string, Record<string, unknown>]] : [])],
    }, {}, { stdout: sink, stderr: sink });
    await vitest.close();
    process.exitCode = previousExitCode;
  }

  const facts: RecordedFacts = {
    target: { name: o.config.target.name, baseUrl: o.config.target.baseUrl },
    suiteVersion: suiteVersion(),
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    seed,
    numRuns,
    suites: [...suites],
    selection: o.only ?? null,
    withLoad: o.withLoad ?? false,
  };
  const certification = certify(collector.collected, runFacts(facts, o.shard ?? null));
  const records: RunRecords = { format: RECORDS_FORMAT, shard: o.shard ?? null, facts, collected: collector.collected };
  // A rate-limit.json older than this run was left by an earlier one: not this run's measurement.
  const written = writeReports(o.out, certification, { scrub, records, rateLimit: readRateLimit(o.out, started) });
  const files = { ...written, records: written.records!, log: logFile, ...(o.allure !== false ? { allure: allureDir } : {}) };
  writeFileSync(logFile, scrub(vitestLog.join('')));
  log(scrub(consoleSummary(certification)));
  return { certification, exitCode: certification.verdict === 'certified' ? 0 : 1, files };
}
