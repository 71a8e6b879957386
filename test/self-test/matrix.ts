// The fault matrix: one conformance run against the reference per fault switch, restricted to
// the suites of the requirements the fault breaks, two runs at a time. Prints the table
// fault -> failed ids and writes it as JSON; a fault whose named ids did not all fail survived.
// Usage: tsx test/self-test/matrix.ts [--out FILE] [--num-runs N] [--only-faults a,b] [--concurrency N]
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config/load.ts';
import { prefixOf, requirement } from '../../contract/requirements.ts';
import { FAULTS, type FaultName } from '../../reference/faults.ts';
import { startReference } from '../../reference/server.ts';
import { runConformance } from '../../suites/run.ts';

export interface MatrixRow {
  fault: string;
  breaks: string[];
  failed: string[];
  verdict: string;
  caught: boolean;
  durationMs: number;
  error?: string;
}

/**
 * A fault is caught when the run failed EXACTLY the ids it names - every one of them (a check
 * that misses it would be a hole) and no other (a check that over-reports would fail correct
 * vendors too) - and a MUST it breaks makes the run not certified.
 */
export function isCaught(breaks: string[], failed: string[], verdict: string): boolean {
  const mustBroken = breaks.some((id) => requirement(id).level === 'MUST');
  const same = breaks.length === failed.length && breaks.every((id) => failed.includes(id));
  return same && (!mustBroken || verdict === 'not-certified');
}

/** What the row shows: the ids missed and the ids failed that the fault does not name. */
export function difference(row: Pick<MatrixRow, 'breaks' | 'failed'>): { missed: string[]; extra: string[] } {
  return { missed: row.breaks.filter((id) => !row.failed.includes(id)), extra: row.failed.filter((id) => !row.breaks.includes(id)) };
}

async function runFault(name: FaultName, numRuns: number, outRoot: string): Promise<MatrixRow> {
  const f = FAULTS.find((x) => x.name === name)!;
  const breaks = [...f.breaks];
  const started = Date.now();
  const withLoad = breaks.some((id) => prefixOf(id) === 'RL');
  const server = await startReference({ port: 0, faults: [name] });
  try {
    const config = loadConfig({ base: server.runConfig(), env: {} });
    const only = [...new Set(breaks.map(prefixOf))];
    const r = await runConformance({
      config, out: path.join(outRoot, name), only, numRuns, seed: 1, allure: false, withLoad, log: () => {}, preflight: false,
      beforeRateLimitPass: () => server.setRateLimit(server.probeRateLimit),
    });
    const failed = r.certification.requirements.filter((x) => x.status === 'failed').map((x) => x.id);
    return { fault: name, breaks, failed, verdict: r.certification.verdict, caught: isCaught(breaks, failed, r.certification.verdict), durationMs: Date.now() - started };
  } catch (e) {
    return { fault: name, breaks, failed: [], verdict: 'error', caught: false, durationMs: Date.now() - started, error: e instanceof Error ? e.message : String(e) };
  } finally {
    await server.close();
  }
}

export async function faultMatrix(o: { numRuns: number; faults: FaultName[]; concurrency: number; outRoot: string }): Promise<MatrixRow[]> {
  const queue = [...o.faults];
  const rows: MatrixRow[] = [];
  await Promise.all(Array.from({ length: o.concurrency }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) rows.push(await runFault(next, o.numRuns, o.outRoot));
  }));
  return rows.sort((a, b) => o.faults.indexOf(a.fault as FaultName) - o.faults.indexOf(b.fault as FaultName));
}

export function matrixTable(rows: MatrixRow[]): string {
  const lines = rows.map((r) => {
    const { missed, extra } = difference(r);
    const verdict = r.caught ? 'caught  ' : missed.length ? 'SURVIVED' : 'OVER    ';
    const notes = [missed.length ? `missed ${missed.join(',')}` : '', extra.length ? `also failed ${extra.join(',')}` : '', r.error ? `error: ${r.error}` : ''].filter(Boolean).join('  ');
    return `${verdict} ${r.fault.padEnd(26)} breaks ${r.breaks.join(',').padEnd(18)} failed ${r.failed.join(',') || '-'}${notes ? `  (${notes})` : ''}`;
  });
  const survivors = rows.filter((r) => !r.caught).length;
  return [...lines, `${rows.length - survivors} of ${rows.length} faults failed exactly the requirements they name; ${survivors} did not`].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, 'num-runs': { type: 'string' }, 'only-faults': { type: 'string' }, concurrency: { type: 'string' } } });
  const faults = (values['only-faults']?.split(',') ?? FAULTS.map((f) => f.name)) as FaultName[];
  const rows = await faultMatrix({ numRuns: Number(values['num-runs'] ?? 10), faults, concurrency: Number(values.concurrency ?? 2), outRoot: path.join(os.tmpdir(), `erp-fault-matrix-${process.pid}`) });
  process.stdout.write(`${matrixTable(rows)}\n`);
  if (values.out) writeFileSync(values.out, JSON.stringify(rows, null, 2));
  process.exitCode = rows.every((r) => r.caught) ? 0 : 1;
}
