// The fault matrix: conformance runs against the reference with fault switches on, restricted to
// the suites of the requirements the faults break, two runs at a time; faults confined to different
// operations share a run, and a fault of the token alone one with a report fault (groupFaults).
// Prints the table fault -> failed ids and writes it as JSON; a fault whose named ids did not all
// fail survived.
// Usage: tsx test/e2e/self-test/matrix.ts [--out FILE] [--num-runs N] [--only-faults a,b] [--concurrency N] [--seed N]
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../../config/load.ts';
import { prefixOf, requirement, requirements } from '../../../contract/requirements.ts';
import { FAULTS, failsAsNamed, mayFail, type Fault, type FaultName } from '../../../reference/faults.ts';
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

/** The suite folder a requirement is verified in. */
const suiteOf = (id: string) => requirement(id).suite;
/** Faults confined to one operation's suite: ENV-6 (a 5xx) is found by the harness on any exchange. */
const LANES = new Set(['order-status', 'customer', 'report']);

/** The suite folder of a requirement prefix (Fault.reachedBy). */
const suiteOfPrefix = (prefix: string) => requirements.find((r) => prefixOf(r.id) === prefix)!.suite;

/** The one operation suite a fault is confined to, or null when it reaches further (run it alone):
 *  the suites of the ids it breaks (but ENV-6) and of the suites that reach it (Fault.reachedBy). */
function laneOf(f: Pick<Fault, 'breaks' | 'reachedBy'>): string | null {
  const suites = new Set([...f.breaks.filter((id) => id !== 'ENV-6').map(suiteOf), ...(f.reachedBy ?? []).map(suiteOfPrefix)]);
  const [only] = [...suites];
  return suites.size === 1 && LANES.has(only!) ? only! : null;
}

/**
 * Faults whose defect shows only on requests that do not carry the valid token in the api-token
 * header (how a server treats a token missing, wrong, or sent elsewhere). Every request of the
 * report suite carries the valid token, so none of them reaches it; and the report faults they are
 * paired with (groupFaults) change what a report answered 200 holds, never the status of a plain
 * report request, the one thing the token tests judge of theirs. Left out: auth-rejects-valid (it
 * refuses the valid token) and the writes-then-403 faults (their refused writes change state).
 */
export const TOKENLESS_ONLY: readonly FaultName[] = [
  'auth-missing-accepted',
  'auth-any-token',
  'auth-401',
  'auth-skip-order-status',
  'auth-prefix-compare',
  'auth-case-insensitive',
  'auth-empty-accepted',
  'auth-duplicate-unchecked',
  'auth-query-token',
  'auth-bearer-accepted',
  'auth-readback-open',
  'auth-body-token',
];

/**
 * Faults confined to different operations (order status, customer, report) share one run: each
 * suite calls its own operation only, so one fault cannot reach another's requirements. Then a
 * fault of TOKENLESS_ONLY left alone shares a run with a report fault left alone, in list order.
 * A failed id belongs to the fault that names it, else to the fault of its suite; an id no fault
 * owns counts against every fault of the run. Faults that reach further run alone. The runs are
 * those of the whole list of faults, each kept to the faults given: a part of the matrix, or one of
 * its runs, is run as the whole matrix runs it.
 */
export function groupFaults(names: FaultName[]): FaultName[][] {
  return groupsOf(FAULTS.map((f) => f.name))
    .map((run) => run.filter((name) => names.includes(name)))
    .filter((run) => run.length > 0);
}

/** The runs of `names`, grouped afresh (groupFaults). */
function groupsOf(names: FaultName[]): FaultName[][] {
  const groups: FaultName[][] = [];
  for (const name of names) {
    const f: Fault = FAULTS.find((x) => x.name === name)!;
    const lane = laneOf(f);
    const fits = (g: FaultName[]) =>
      g.every((other) => {
        const o: Fault = FAULTS.find((x) => x.name === other)!;
        const otherLane = laneOf(o);
        return !o.profile && lane !== null && otherLane !== null && otherLane !== lane && !o.breaks.some((id) => (f.breaks as readonly string[]).includes(id));
      });
    const into = lane === null || f.profile ? undefined : groups.find((g) => g.length < LANES.size && fits(g));
    if (into) into.push(name);
    else groups.push([name]);
  }
  return pairTokenless(groups);
}

/** The runs of one token fault alone, each joined by the next report fault alone (TOKENLESS_ONLY). */
function pairTokenless(groups: FaultName[][]): FaultName[][] {
  const alone = (test: (f: Fault) => boolean) => groups.filter((g) => g.length === 1 && test(FAULTS.find((x) => x.name === g[0])!));
  const reports = alone((f) => !f.profile && laneOf(f) === 'report');
  const partner = new Map(
    alone((f) => (TOKENLESS_ONLY as readonly string[]).includes(f.name)).flatMap((g, i) => (reports[i] ? [[g, reports[i]] as const] : [])),
  );
  const taken = new Set(partner.values());
  return groups.filter((g) => !taken.has(g)).map((g) => [...g, ...(partner.get(g) ?? [])]);
}

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
