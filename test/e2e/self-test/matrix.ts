// The fault matrix: conformance runs against the reference with fault switches on, restricted to
// the suites of the requirements the faults break, two runs at a time; faults confined to the
// operations share a run, up to two per operation whose ids differ, and a fault of the token alone
// one with a report fault (groupFaults).
// Prints the table fault -> failed ids and writes it as JSON; a fault whose named ids did not all
// fail survived.
// Usage: tsx test/e2e/self-test/matrix.ts [--out FILE] [--num-runs N] [--only-faults a,b] [--concurrency N] [--seed N]
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../../config/load.ts';
import { prefixOf, requirement } from '../../../contract/requirements.ts';
import { FAULTS, failsAsNamed, mayFail, type Fault, type FaultName } from '../../../reference/faults.ts';
import { groupFaults, laneOf, suiteOf } from './matrix-groups.ts';
import type { RateLimitConfig } from '../../../reference/limiter.ts';
import { startReference } from '../../../reference/server.ts';
import { runConformance } from '../../../engine/run.ts';

/** The seed of the matrix's runs (npm test's faults-1, faults-2 and fault-matrix-rl); the seed sweep adds others. */
export const MATRIX_SEED = 1;
/** Runs per property of the matrix's runs (npm test's; the CLI below takes --num-runs). */
export const MATRIX_NUM_RUNS = 5;

export interface MatrixRow {
  fault: string;
  /** The faults of its run (itself, or the faults of other operations it shared the run with). */
  run: string[];
  seed: number;
  breaks: string[];
  /** Ids its run may fail besides, when requests of other tests overlap (Fault.mayBreak). */
  mayBreak: string[];
  failed: string[];
  verdict: string;
  caught: boolean;
  durationMs: number;
  error?: string;
}

/**
 * A fault is caught when the run failed EXACTLY the ids it names - every one it breaks (a check
 * that misses it would be a hole) and no other but those it may break when tests overlap (a check
 * that over-reports would fail correct vendors too) - and a MUST it breaks makes the run not certified.
 */
export function isCaught(f: Pick<Fault, 'breaks' | 'mayBreak'>, failed: string[], verdict: string): boolean {
  const mustBroken = f.breaks.some((id) => requirement(id).level === 'MUST');
  return failsAsNamed(f, failed) && (!mustBroken || verdict === 'not-certified');
}

/**
 * The verdict of a run of the matrix: not certified when one of its faults breaks a MUST (all of
 * which fail, isCaught), selection-passed otherwise (the run is narrowed to the suites of the ids
 * its faults break: no MUST of it fails, none is left inconclusive, and the rest did not run);
 * inconclusive when a fault leaves a MUST it cannot judge (Fault.leavesOpen).
 */
export function runVerdict(run: readonly string[]): string {
  const of = (name: string): Fault => FAULTS.find((f) => f.name === name)!;
  const breaksMust = (name: string) => of(name).breaks.some((id) => requirement(id).level === 'MUST');
  // A MUST the fault leaves unjudgeable (Fault.leavesOpen) is inconclusive: no verdict either way.
  return run.some(breaksMust) ? 'not-certified' : run.some((name) => (of(name).leavesOpen ?? []).length > 0) ? 'inconclusive' : 'selection-passed';
}

/** What the row shows: the ids missed and the ids failed that the fault does not name. */
export function difference(row: Pick<MatrixRow, 'breaks' | 'mayBreak' | 'failed'>): { missed: string[]; extra: string[] } {
  return { missed: row.breaks.filter((id) => !row.failed.includes(id)), extra: row.failed.filter((id) => !mayFail(row).includes(id)) };
}

const mayBreakOf = (f: Fault): string[] => [...(f.mayBreak ?? [])];

export { groupFaults, TOKENLESS_ONLY } from './matrix-groups.ts';

/**
 * The limit of the matrix's rate-limit pass: the reference's probe limit over a 4 s window, not 2 s.
 * Retry-After is whole seconds, at least 1, so rl-retry-after-lies (a third of the real wait) lies
 * only while the real wait is over a second; on a busy machine a burst of 20 can take a second.
 */
export function matrixRateLimit(probe: RateLimitConfig | null): RateLimitConfig | null {
  return probe && { ...probe, windowSeconds: Math.max(probe.windowSeconds, 4) };
}

async function runGroup(names: FaultName[], numRuns: number, outRoot: string, seed: number): Promise<MatrixRow[]> {
  const faults: Fault[] = names.map((n) => FAULTS.find((x) => x.name === n)!);
  const allBreaks = faults.flatMap((f) => [...f.breaks]);
  const started = Date.now();
  const withLoad = allBreaks.some((id) => prefixOf(id) === 'RL');
  // A fault made for a profile runs alone, on that profile (groupFaults).
  const server = await startReference({ port: 0, faults: names, ...(faults[0]!.profile ? { profile: faults[0]!.profile } : {}) });
  try {
    const config = loadConfig({ base: server.runConfig(), env: {} });
    // The suites of the ids it breaks, and those that send the requests reaching it (Fault.reachedBy).
    const only = [...new Set([...allBreaks.map(prefixOf), ...faults.flatMap((f: Fault) => f.reachedBy ?? [])])];
    const r = await runConformance({
      config,
      out: path.join(outRoot, `${names.join('+')}@${seed}`),
      only,
      numRuns,
      seed,
      allure: false,
      // The matrix reads the certificate's failed ids alone: no exchanges.har.
      har: false,
      // Run after run in this process: one suite worker kept for the next (engine/phases/kept-workers.ts).
      keepWorker: true,
      withLoad,
      log: () => {},
      preflight: false,
      beforeRateLimitPass: () => server.setRateLimit(matrixRateLimit(server.probeRateLimit)),
    });
    const failed = r.certification.requirements.filter((x) => x.status === 'failed').map((x) => x.id);
    const owners = (id: string) => {
      const naming = faults.filter((f) => mayFail(f).includes(id));
      if (naming.length) return naming;
      const home = faults.filter((f) => laneOf(f) === suiteOf(id));
      return home.length ? home : faults;
    };
    return faults.map((f) => {
      const mine = failed.filter((id) => owners(id).includes(f));
      return {
        fault: f.name,
        run: names,
        seed,
        breaks: [...f.breaks],
        mayBreak: mayBreakOf(f),
        failed: mine,
        verdict: r.certification.verdict,
        caught: isCaught(f, mine, r.certification.verdict),
        durationMs: Date.now() - started,
      };
    });
  } catch (e) {
    return faults.map((f) => ({
      fault: f.name,
      run: names,
      seed,
      breaks: [...f.breaks],
      mayBreak: mayBreakOf(f),
      failed: [],
      verdict: 'error',
      caught: false,
      durationMs: Date.now() - started,
      error: e instanceof Error ? e.message : String(e),
    }));
  } finally {
    await server.close();
  }
}

/** The faults of part `index` of `count` (1-based): every count-th group of runs, so the parts take about as long. */
export function faultsOfPart(names: FaultName[], index: number, count: number): FaultName[] {
  return groupFaults(names)
    .filter((_, i) => i % count === index - 1)
    .flat();
}

/** The matrix's rows of the faults given, each run once per seed (default: the matrix's seed), `concurrency` runs at a time. */
export async function faultMatrix(o: {
  numRuns: number;
  faults: FaultName[];
  concurrency: number;
  outRoot: string;
  seeds?: readonly number[];
}): Promise<MatrixRow[]> {
  const seeds = o.seeds ?? [MATRIX_SEED];
  const queue = groupFaults(o.faults).flatMap((run) => seeds.map((seed) => ({ run, seed })));
  const rows: MatrixRow[] = [];
  await Promise.all(
    Array.from({ length: o.concurrency }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) rows.push(...(await runGroup(next.run, o.numRuns, o.outRoot, next.seed)));
    }),
  );
  return rows.sort((a, b) => o.faults.indexOf(a.fault as FaultName) - o.faults.indexOf(b.fault as FaultName) || seeds.indexOf(a.seed) - seeds.indexOf(b.seed));
}

export function matrixTable(rows: MatrixRow[]): string {
  const lines = rows.map((r) => {
    const { missed, extra } = difference(r);
    const verdict = r.caught ? 'caught  ' : missed.length ? 'SURVIVED' : 'OVER    ';
    const notes = [missed.length ? `missed ${missed.join(',')}` : '', extra.length ? `also failed ${extra.join(',')}` : '', r.error ? `error: ${r.error}` : '']
      .filter(Boolean)
      .join('  ');
    return `${verdict} ${r.fault.padEnd(26)}${r.seed === MATRIX_SEED ? '' : ` seed ${r.seed}`} breaks ${r.breaks.join(',').padEnd(18)} failed ${r.failed.join(',') || '-'}${notes ? `  (${notes})` : ''}`;
  });
  const survivors = rows.filter((r) => !r.caught).length;
  const what = new Set(rows.map((r) => r.seed)).size > 1 ? 'faults (each under each seed)' : 'faults';
  return [...lines, `${rows.length - survivors} of ${rows.length} ${what} failed exactly the requirements they name; ${survivors} did not`].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      'num-runs': { type: 'string' },
      'only-faults': { type: 'string' },
      concurrency: { type: 'string' },
      seed: { type: 'string', multiple: true },
    },
  });
  const faults = (values['only-faults']?.split(',') ?? FAULTS.map((f) => f.name)) as FaultName[];
  const rows = await faultMatrix({
    numRuns: Number(values['num-runs'] ?? 10),
    faults,
    concurrency: Number(values.concurrency ?? 2),
    seeds: values.seed?.map(Number),
    outRoot: path.join(os.tmpdir(), `erp-fault-matrix-${process.pid}`),
  });
  process.stdout.write(`${matrixTable(rows)}\n`);
  if (values.out) writeFileSync(values.out, JSON.stringify(rows, null, 2));
  process.exitCode = rows.every((r) => r.caught) ? 0 : 1;
}
